import { describe, expect, it } from 'vitest';
import { parseCsv } from '../engine/import/csv';
import type { LabResult } from '../engine/lab/types';
import { buildCsv, buildJson, CSV_COLUMNS, chartCaption, csvField, fileStem } from './exportData';
import { RESULT } from './fixtures';

describe('CSV export', () => {
  it('has the header comments, the columns and one row per algorithm at full precision', () => {
    const csv = buildCsv(RESULT, { link: 'http://127.0.0.1:4173/#world=sudoku&algos=promptwise,oracle' });
    const lines = csv.split('\r\n');
    // Comment lines are `# …`, unquoted (pandas' comment='#' and R skip them); every text cell is quoted.
    expect(lines[0]).toMatch(/^# PromptWise Lab results/);
    expect(lines[1]).toBe('# world=sudoku; T=1000; trials=20; seed=0; lambda=0.01; tauMax=5; tauExp=1; alpha=auto (3.4628); traceAlgo=promptwise');
    expect(lines[2]).toMatch(/^# cost unit: \$\/Mtok per prompt\. \$\/Mtok: the set prices/);
    expect(lines[3]).toBe('# link=http://127.0.0.1:4173/#world=sudoku&algos=promptwise,oracle');
    expect(lines[4]).toBe(CSV_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(lines[5]).toBe('"promptwise",0.9156123456789,0.0231,2.3112,0.4,0.9712,0.01,33.5,4.25');
    expect(lines[6]).toBe('"highest-cost",0.0828,0.0123,90,0,0.9828,0.004,560.7,12');
    expect(lines[7]).toBe('"oracle",0.9484,0.0032,1.9,0.1,0.97,0.005,-0.25,3.1');
    // Then each model asked alone (the stakeholder line's references), with no regret of its own.
    const alone = lines.slice(8, -1);
    expect(alone).toHaveLength(RESULT.singleModels.length);
    RESULT.singleModels.forEach((m, i) => {
      expect(alone[i]).toBe(
        [`"alone:${m.model}"`, m.utility.mean, m.utility.std, m.cost.mean, m.cost.std, m.success.mean, m.success.std, '', ''].map(String).join(','),
      );
    });
    expect(lines.at(-1)).toBe('');
  });

  it('parses back to the summary', () => {
    // The importer's parser (papaparse); the comment lines come back apart.
    const { header, rows, comments } = parseCsv(buildCsv(RESULT), 'export.csv', { leadingComments: true });
    expect(comments).toHaveLength(3);
    expect(comments?.[1]).toMatch(/^world=sudoku; T=1000;/);
    expect(header).toEqual([...CSV_COLUMNS]);
    const algos = rows.filter((r) => !r.cells[0].startsWith('alone:'));
    expect(algos.map((r) => r.cells[0])).toEqual(Object.keys(RESULT.summary.results));
    expect(rows.length - algos.length).toBe(RESULT.singleModels.length);
    for (const { cells: row } of algos) {
      const s = RESULT.summary.results[row[0]];
      expect(row.slice(1).map(Number)).toEqual([
        s.utility.mean,
        s.utility.std,
        s.cost.mean,
        s.cost.std,
        s.success.mean,
        s.success.std,
        s.regret.mean,
        s.regret.std,
      ]);
    }
  });

  it('writes a user-set α as given', () => {
    const r: LabResult = { ...RESULT, config: { ...RESULT.config, params: { ...RESULT.config.params, alpha: 1.5 } } };
    expect(buildCsv(r).split('\r\n')[1]).toContain('; alpha=1.5;');
  });

  it('cannot carry a formula: a name the user typed in a comment line never starts a spreadsheet cell with = + - @', () => {
    const evil = 'evil,=HYPERLINK("http://evil.example/"),';
    const r: LabResult = { ...RESULT, config: { ...RESULT.config, world: evil }, summary: { ...RESULT.summary, world: evil } };
    const csv = buildCsv(r);
    const line = csv.split('\r\n')[1];
    expect(line).toBe(`# world=evil,'=HYPERLINK("http://evil.example/"),; ${line.slice(line.indexOf('T='))}`);
    // Read as a spreadsheet splits it, at its commas: no cell starts a formula.
    for (const cell of line.split(',')) expect(cell).not.toMatch(/^\s*[=+\-@]/);
    // The lab's parser reads it back as the comment it is.
    expect(parseCsv(csv, 'x.csv', { leadingComments: true }).comments?.[1]).toMatch(/^world=evil,'=HYPERLINK\("http:\/\/evil.example\/"\),; T=/);
  });

  it('quotes every text cell and neutralises a leading = + - @', () => {
    expect(csvField('=1+1')).toBe(`"'=1+1"`);
    expect(csvField('+x')).toBe(`"'+x"`);
    expect(csvField('-x')).toBe(`"'-x"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField(-0.25)).toBe('-0.25'); // a number is a number
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('#x')).toBe('"#x"');
    expect(csvField(NaN)).toBe('NaN');
    expect(csvField(-Infinity)).toBe('-Infinity');
    expect(parseCsv('a,b\r\n"x,1","y ""z"""\r\n', 'q.csv').rows.map((r) => r.cells)).toEqual([['x,1', 'y "z"']]);
  });
});

describe('JSON export', () => {
  it('holds the config, the world and the engine summary', () => {
    const doc = JSON.parse(buildJson(RESULT, { link: 'L', exportedAt: '2026-01-01T00:00:00.000Z' }));
    expect(doc.link).toBe('L');
    expect(doc.exportedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(doc.config).toEqual(RESULT.config);
    expect(doc.world).toEqual(RESULT.world);
    expect(doc.summary).toEqual(RESULT.summary);
    expect(doc.curves).toBeUndefined();
  });

  it('names files after the run', () => {
    expect(fileStem(RESULT)).toBe('promptwise-lab_sudoku_lambda0.01_tau5_T1000_seed0');
  });
});

describe('chart captions', () => {
  it('name the scenario, λ, τ_max, trials × T and the seed, then the link', () => {
    expect(chartCaption(RESULT, 'http://localhost/#world=sudoku')).toEqual([
      'sudoku · λ = 0.01 · τ_max = 5 · 20 trials × 1,000 prompts · seed 0',
      'http://localhost/#world=sudoku',
    ]);
  });
});
