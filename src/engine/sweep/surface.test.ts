import { describe, expect, it } from 'vitest';
import type { Stat } from '../metrics';
import { type CellOutcome, fileText, sweepFile } from './merge';
import { cellAt, cellCount, parseSweep } from './spec';
import { BEATS_SE, readSweepFile, sliceAxes, sweepSurface } from './surface';

const spec = parseSweep(
  JSON.stringify({
    worlds: ['t2i', 'sudoku'],
    axes: { lambda: [0.01, 0.1], tauMax: [1, 3, 5], seeds: [0, 1] },
    fixed: { trials: 10, algos: ['promptwise', 'greedy', 'oracle'] },
  }),
);
const stat = (mean: number, std = 0.01): Stat => ({ mean, std });
/** PromptWise 0.5 everywhere; Greedy 0.6 at λ = 0.1 with τ_max = 5 (beyond 2 SE), 0.505 elsewhere (within); the oracle 0.9. */
function outcome(index: number): CellOutcome {
  const cell = cellAt(spec, index);
  const greedy = cell.settings.lambda === 0.1 && cell.settings.tauMax === 5 ? 0.6 : 0.505;
  const r = (u: number) => ({ utility: stat(u), cost: stat(u * 10), success: stat(u), regret: stat(0), regretUnlimited: stat(0) });
  return { ...cell, results: { promptwise: r(0.5), greedy: r(greedy), oracle: r(0.9) } };
}
const file = sweepFile(
  spec,
  Array.from({ length: cellCount(spec) }, (_, i) => outcome(i)),
);

describe('the sweep surface', () => {
  it('reads a merged file, and refuses a shard, another file or a sweep without λ and τ_max axes, saying why', () => {
    expect(readSweepFile(fileText(file)).cells).toHaveLength(24);
    expect(() => readSweepFile('{"type": "promptwise-sweep-shard"}')).toThrow(/^a single shard: merge the shards first/);
    expect(() => readSweepFile('nope')).toThrow(/^not JSON/);
    // A file of the engine whose draws depended on τ_max: its cells' links would not give its numbers.
    expect(() => readSweepFile(fileText(file).replace('"version": 2', '"version": 1'))).toThrow(
      /^written by an earlier engine, whose draws at τ_max ≠ 5 differ from this one’s \(docs\/ENGINE\.md, reading 6\): run its sweep again, and merge its shards$/,
    );
    const flat = sweepFile(parseSweep('{"worlds": ["t2i"], "axes": {"lambda": [0.1]}}'), []);
    expect(() => readSweepFile(fileText(flat))).toThrow("the surface needs a lambda axis and a tauMax axis (this sweep's axes: lambda)");
  });

  it('draws each algorithm’s λ × τ_max grid at a slice, one scale, and outlines where PromptWise is beaten beyond 2 SE', () => {
    expect(BEATS_SE).toBe(2); // the card's words and docs/SWEEPS.md say 2 standard errors
    expect(sliceAxes(file)).toEqual([
      { key: 'world', values: ['t2i', 'sudoku'] },
      { key: 'seeds', values: [0, 1] },
    ]);
    const s = sweepSurface(file, 'cost', { world: 'sudoku', seeds: 1 });
    expect(s.lambdas).toEqual([0.01, 0.1]);
    expect(s.taus).toEqual([1, 3, 5]);
    expect(s.grids.map((g) => g.algo)).toEqual(['promptwise', 'greedy', 'oracle']);
    const greedy = s.grids[1].grid;
    expect(greedy[2][1]?.stat.mean).toBeCloseTo(6, 12);
    expect(greedy[2][1]?.cell).toMatchObject({ world: 'sudoku', settings: { lambda: 0.1, tauMax: 5, seed: 1 } });
    // Greedy beats PromptWise only at λ = 0.1, τ_max = 5 (0.1 above, 2 SE ≈ 0.0094); the 0.005 elsewhere is within 2 SE.
    const beaten = (g: number) => s.grids[g].grid.flatMap((row, ti) => row.flatMap((c, li) => (c?.beatsPromptWise ? [[ti, li]] : [])));
    expect(beaten(1)).toEqual([[2, 1]]);
    expect(beaten(0)).toEqual([[2, 1]]);
    // The oracle knows q: it never counts as beating the learner.
    expect(beaten(2)).toEqual([]);
    expect([s.min, s.max]).toEqual([5, 9]);
  });
});
