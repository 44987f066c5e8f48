import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { LogisticLine } from './logisticLine';
import { WasmArena } from './wasm/arena';
import { filledVectors } from './wasm/filledVectors';
import { commitJs } from './wasm/reference/logisticBookkeepingJs';
import { logisticLineJs } from './wasm/reference/logisticLineJs';

function points(m: number, seed: number) {
  const rng = createRng(seed);
  const z = Float64Array.from({ length: m }, () => (rng.uniform() - 0.5) * 80);
  const u = Float64Array.from({ length: m }, () => rng.uniform() * 2 - 1);
  const c = Float64Array.from({ length: m }, () => 1 + Math.floor(rng.uniform() * 5));
  const s = Float64Array.from(c, (cj) => Math.floor(rng.uniform() * (cj + 1)));
  return { z, u, c, s };
}

/**
 * The kernel's exp is fdlibm's reduction and a degree-13 polynomial, each operation rounded once: a handful of
 * ulps from Math.exp, and σ, σ' inherit that relative error through one division. Allow 16 ulps.
 */
const REL = 16 * Number.EPSILON;

/** The layout LogisticArm gives its line (any would do), with two more vectors for a commit's residuals and weights. */
const LAYOUT = { z: 0, u: 1, c: 2, s: 3, sig: 4, slope: 5, out: 6 };
const [RES, W] = [7, 8];

/** A line over m points in a fresh set of arena vectors of `arena`, with room for the pad past m (left zero). */
function lineOn(arena: WasmArena, { z, u, c, s }: ReturnType<typeof points>, m: number) {
  const vec = filledVectors(
    arena,
    9,
    m + 1,
    [z, u, c, s].map((x) => x.subarray(0, m)),
  );
  return { line: new LogisticLine(arena, vec, LAYOUT), vec };
}

function expectLine({ line, vec }: ReturnType<typeof lineOn>, alpha: number, { z, u, c, s }: ReturnType<typeof points>, m: number) {
  const d1 = line.at(m, alpha);
  const sig = vec.views()[LAYOUT.sig];
  const slope = vec.views()[LAYOUT.slope];
  // The plain-JS kernel (wasm/reference): the loop the estimators ran before, Math.exp per point.
  const [jsSig, jsSlope, jsOut] = [new Float64Array(m), new Float64Array(m), new Float64Array(1)];
  const e1 = logisticLineJs(m, alpha, z, u, c, s, jsSig, jsSlope, jsOut);
  let scale1 = 0;
  for (let j = 0; j < m; j++) {
    const [p, w] = [jsSig[j], jsSlope[j]];
    expect(Math.abs(sig[j] - p)).toBeLessThanOrEqual(REL * p + 1e-300);
    // Below e^−708 the kernel holds exp at e^−708 (≈ 3e-308): σ' is then that, not 0.
    expect(Math.abs(slope[j] - w)).toBeLessThanOrEqual(REL * w + 4e-308);
    scale1 += Math.abs(c[j] * p * u[j]) + Math.abs(s[j] * u[j]);
  }
  expect(Math.abs(d1 - e1)).toBeLessThanOrEqual((m + 4) * REL * scale1);
  expect(Math.abs(line.curvature - jsOut[0])).toBeLessThanOrEqual((m + 4) * REL * jsOut[0]);
}

describe('LogisticLine (a logistic line search’s trial points in WebAssembly SIMD, on the caller’s arena vectors)', () => {
  // Odd m exercises the padded pair; 40 a region past the first 16 points.
  for (const m of [1, 2, 3, 17, 40]) {
    it(`m = ${m}: σ, σ' and both sums agree with Math.exp's to a few ulps, at several α`, () => {
      const pts = points(m, m);
      const on = lineOn(new WasmArena(), pts, m);
      for (const alpha of [0, 1, 0.37, 2.5, -1]) expectLine(on, alpha, pts, m);
    });
  }

  it('is exact at t = 0 and right at the extremes: ±0, tiny, ±30, ±700 and past the underflow at ±800', () => {
    const z = Float64Array.from([0, -0, 1e-300, -1e-300, 30, -30, 700, -700, 800, -800, 36.7, -36.7]);
    const m = z.length;
    const pts = { z, u: new Float64Array(m), c: new Float64Array(m).fill(1), s: new Float64Array(m) };
    const on = lineOn(new WasmArena(), pts, m);
    expectLine(on, 0, pts, m);
    const [sig, slope] = [on.vec.views()[LAYOUT.sig], on.vec.views()[LAYOUT.slope]];
    expect(sig[0]).toBe(0.5);
    expect(slope[0]).toBe(0.25);
    expect(sig[8]).toBe(1);
    expect(sig[9]).toBeLessThan(1e-300);
  });

  it('reads nothing past m but the zero pad, also after the arena grew', () => {
    const arena = new WasmArena();
    const pts = points(5, 8);
    const on = lineOn(arena, pts, 5);
    // Points 6 and beyond hold junk the kernel must not read (it reads entry 5, the pad, as a pair's second lane).
    for (const i of [0, 1, 2, 3]) on.vec.views()[i].fill(Number.NaN, 6);
    arena.alloc(1 << 20); // the memory grows: every view on it is detached and must be made again
    expectLine(on, 0.5, pts, 5);
  });

  // Odd m: the padded pair must leave the m points' values alone.
  for (const m of [1, 17, 40]) {
    it(`m = ${m}: commit moves the margins to the last α and derives residuals and weights there, bit for bit the JS loop's, and keeps the pad zero`, () => {
      const arena = new WasmArena();
      const pts = points(m, 100 + m);
      const { line, vec } = lineOn(arena, pts, m);
      const alpha = 0.73;
      line.at(m, alpha);
      const [sig, slope] = [vec.views()[LAYOUT.sig].slice(0, m), vec.views()[LAYOUT.slope].slice(0, m)];
      const [z, res, w] = [pts.z.slice(), new Float64Array(m), new Float64Array(m)];
      commitJs(m, alpha, z, pts.u, pts.c, pts.s, sig, slope, res, w);
      line.commit(m, alpha, RES, W);
      arena.alloc(1 << 20); // the views are made again after the memory grows
      const v = vec.views();
      expect(Array.from(v[LAYOUT.z].subarray(0, m))).toEqual(Array.from(z));
      expect(Array.from(v[RES].subarray(0, m))).toEqual(Array.from(res));
      expect(Array.from(v[W].subarray(0, m))).toEqual(Array.from(w));
      expect([v[LAYOUT.z][m], v[RES][m], v[W][m]]).toEqual([0, 0, 0]); // the pad adds nothing to a later point there
    });
  }
});
