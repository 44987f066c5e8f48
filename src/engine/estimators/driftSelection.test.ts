import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { DriftSelection } from './driftSelection';
import { WasmArena } from './wasm/arena';
import { filledVectors } from './wasm/filledVectors';
import { driftSelectJs } from './wasm/reference/logisticBookkeepingJs';

/** w, ŵ and lev as arena vectors of `arena` (where LogisticArm keeps them): their byte offsets. */
function inArena(arena: WasmArena, m: number, { w, wHat, lev }: { w: Float64Array; wHat: Float64Array; lev: Float64Array }): [number, number, number] {
  const vec = filledVectors(
    arena,
    3,
    m,
    [w, wHat, lev].map((x) => x.subarray(0, m)),
  );
  return [vec.offset(0), vec.offset(1), vec.offset(2)];
}

/** Weights, frozen weights and leverages where some drifts tie, some are zero, one is NaN. */
function drifts(m: number, seed: number) {
  const rng = createRng(seed);
  const w = Float64Array.from({ length: m }, () => rng.uniform() * 0.25);
  const wHat = Float64Array.from(w, (v, j) => (j % 7 === 0 ? v : v * (0.5 + rng.uniform())));
  const lev = Float64Array.from({ length: m }, (_, j) => (j % 5 === 0 ? 0.5 : rng.uniform()));
  // Ties: the same drift and leverage at several contexts.
  for (let j = 3; j < m; j += 11) {
    w[j] = 0.2;
    wHat[j] = 0.1;
    lev[j] = 0.5;
  }
  if (m > 9) lev[9] = Number.NaN;
  return { w, wHat, lev };
}

describe('DriftSelection (the weight corrections worth making, in WebAssembly)', () => {
  for (const [m, budget, minScore] of [
    [1, 1, 0.01],
    [40, 1, 0.01],
    [40, 6, 0.01],
    [300, 32, 0.001],
    [300, 5, 0.05],
    [50, 3, 10], // nothing scores above the floor
  ] as const) {
    it(`m = ${m}, budget ${budget}, floor ${minScore}: the same picks in the same order as the JS loop`, () => {
      const { w, wHat, lev } = drifts(m, m + budget);
      const top = new Int32Array(32);
      const topScore = new Float64Array(32);
      const expected = driftSelectJs(m, w, wHat, lev, minScore, budget, top, topScore);
      const arena = new WasmArena();
      const pick = new DriftSelection(arena, 32);
      const count = pick.select(m, ...inArena(arena, m, { w, wHat, lev }), minScore, budget);
      expect(count).toBe(expected);
      expect(Array.from({ length: count }, (_, k) => pick.picked(k))).toEqual(Array.from(top.subarray(0, expected)));
      // One context, whose weight has not drifted (j = 0), or a floor above every score: nothing to pick.
      if (minScore === 10 || m === 1) expect(count).toBe(0);
      else expect(count).toBe(budget);
    });
  }

  it('ties keep the lower index first, and a NaN score is never picked', () => {
    const m = 4;
    const w = Float64Array.from([0.2, 0.2, 0.3, 0.2]);
    const wHat = Float64Array.from([0.1, 0.1, 0.1, 0.1]);
    const lev = Float64Array.from([1, 1, Number.NaN, 1]);
    const arena = new WasmArena();
    const pick = new DriftSelection(arena, 4);
    const inputs = inArena(arena, m, { w, wHat, lev });
    expect(pick.select(m, ...inputs, 0.01, 4)).toBe(3);
    expect([0, 1, 2].map((k) => pick.picked(k))).toEqual([0, 1, 3]);
    expect(pick.select(m, ...inputs, 0.01, 2)).toBe(2);
    expect([0, 1].map((k) => pick.picked(k))).toEqual([0, 1]);
  });

  it('picks are read out after the arena grew, and a budget past its room is refused', () => {
    const arena = new WasmArena();
    const pick = new DriftSelection(arena, 8);
    const small = inArena(arena, 10, drifts(10, 1));
    pick.select(10, ...small, 0.01, 8);
    arena.alloc(1 << 20); // the memory grows: every view on it is detached and must be made again
    const big = drifts(500, 2);
    const top = new Int32Array(8);
    const topScore = new Float64Array(8);
    const expected = driftSelectJs(500, big.w, big.wHat, big.lev, 0.01, 8, top, topScore);
    expect(pick.select(500, ...inArena(arena, 500, big), 0.01, 8)).toBe(expected);
    expect(Array.from({ length: expected }, (_, k) => pick.picked(k))).toEqual(Array.from(top.subarray(0, expected)));
    expect(() => pick.select(10, ...small, 0.01, 9)).toThrow(RangeError);
  });
});
