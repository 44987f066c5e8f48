import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildWorld } from './build';
import { builtinWorldSpec } from './builtins';
import { parseWorldJson } from './json';

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
