import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('returns leading # lines apart when asked, and counts them in the line numbers of its errors', () => {
    const text = '# made by the lab\r\n# world=t2i\r\na,b\r\n1,2\r\n3\r\n';
    expect(() => parseCsv(text, 'x.csv', { leadingComments: true })).toThrow(/line 5/);
    const ok = parseCsv('# one\n#two\na,b\n1,2\n', 'x.csv', { leadingComments: true });
    expect(ok.comments).toEqual(['one', 'two']);
    expect(ok.rows).toEqual([{ line: 4, cells: ['1', '2'] }]);
    // Without the option a # line is data: here, the header.
    expect(parseCsv('#id,b\n1,2\n', 'x.csv').header).toEqual(['#id', 'b']);
  });
});
