import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '../import/errors';
import { fmtCount } from '../lab/format';
import { MAX_IMPORT_PRICE, NUMBER_PARAMS } from '../params';
import { buildWorld } from './build';
import { builtinWorldSpec } from './builtins';
import { parseWorldJson } from './json';
import { MAX_ARMS, MAX_CATEGORIES, MAX_CSV_COLUMNS, MAX_JSON_DEPTH } from './limits';

/** docs/WORLD-FORMAT.md's example worlds must stay valid: each ```json block is parsed and built. */
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const doc = readFileSync(`${repo}docs/WORLD-FORMAT.md`, 'utf8');
const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
const io = { readText: (p: string) => readFileSync(p, 'utf8'), resolve: (base: string, rel: string) => resolve(dirname(base), rel) };

describe('docs/WORLD-FORMAT.md', () => {
  it('has example worlds', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
  });

  // As if saved at the repository root, where ../shared sits beside the clone.
  it.each(examples)('example %#: parses and builds', (text) => {
    const spec = parseWorldJson(text, 'WORLD-FORMAT.md');
    const world = buildWorld(spec, io, { worldPath: `${repo}example.json` });
    expect(world.name).toBe(spec.name);
  });

  it('lists every bound with the number the code holds (issue 42)', () => {
    const table = doc.slice(doc.indexOf('## Bounds'), doc.indexOf('## Common fields'));
    const bound = (constant: string) => {
      const row = table.split('\n').find((line) => line.includes(`| \`${constant}\` |`));
      if (!row) throw new Error(`no row for ${constant}`);
      return row.split('|')[2].trim();
    };
    expect(bound('MAX_ARMS')).toBe(fmtCount(MAX_ARMS));
    expect(bound('MAX_CATEGORIES')).toBe(fmtCount(MAX_CATEGORIES));
    expect(bound('NUMBER_PARAMS.dim.max')).toBe(fmtCount(NUMBER_PARAMS.dim.max));
    expect(bound('MAX_CSV_COLUMNS')).toBe(fmtCount(MAX_CSV_COLUMNS));
    expect(bound('MAX_JSON_DEPTH')).toBe(String(MAX_JSON_DEPTH));
    expect(bound('MAX_IMPORT_BYTES')).toBe(`${MAX_IMPORT_BYTES / 2 ** 20} MiB`);
    expect(Number(bound('MAX_IMPORT_PRICE'))).toBe(MAX_IMPORT_PRICE);
  });

  it("prints the built-in sudoku's models, prices and success table as builtins.ts has them", () => {
    const spec = builtinWorldSpec('sudoku');
    if (spec.type !== 'categorical') throw new Error('sudoku is categorical');
    const lines = doc.slice(doc.indexOf('| blanks |')).split('\n');
    const cells = (line: string) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
    expect(cells(lines[0]).slice(1)).toEqual(spec.arms);
    const rows = lines.slice(2, 2 + spec.q.length).map((l) => cells(l).slice(1).map(Number));
    expect(rows).toEqual(spec.q);
    spec.arms!.forEach((arm, a) => {
      expect(doc).toContain(`${arm} ${spec.costs[a]}`);
    });
  });
});
