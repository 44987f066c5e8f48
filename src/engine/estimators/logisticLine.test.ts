import { describe, expect, it } from 'vitest';
import { commitJs } from '../../../bench/baseline/logisticBookkeepingJs';
import { createRng } from '../rng';
import { LogisticLine } from './logisticLine';
import { WasmArena } from './wasm/arena';
import { ArenaVectors } from './wasm/arenaVectors';

/** σ and σ' as the JS estimators compute them (Math.exp), the reference for the SIMD kernel. */
function reference(t: number): [number, number] {
  const e = Math.exp(-Math.abs(t));
  const d = 1 + e;
  return [t >= 0 ? 1 / d : e / d, e / (d * d)];
}

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

function expectLine(line: LogisticLine, alpha: number, { z, u, c, s }: ReturnType<typeof points>, m: number) {
  const d1 = line.at(alpha);
  let e1 = 0;
  let e2 = 0;
  let scale1 = 0;
  let scale2 = 0;
  for (let j = 0; j < m; j++) {
    const t = z[j] + alpha * u[j];
    const [p, w] = reference(t);
    expect(Math.abs(line.sig[j] - p)).toBeLessThanOrEqual(REL * p + 1e-300);
    // Below e^−708 the kernel holds exp at e^−708 (≈ 3e-308): σ' is then that, not 0.
    expect(Math.abs(line.slope[j] - w)).toBeLessThanOrEqual(REL * w + 4e-308);
    e1 += (c[j] * p - s[j]) * u[j];
    e2 += c[j] * w * u[j] * u[j];
    scale1 += Math.abs(c[j] * p * u[j]) + Math.abs(s[j] * u[j]);
    scale2 += c[j] * w * u[j] * u[j];
  }
  expect(Math.abs(d1 - e1)).toBeLessThanOrEqual((m + 4) * REL * scale1);
  expect(Math.abs(line.curvature - e2)).toBeLessThanOrEqual((m + 4) * REL * scale2);
}

describe('LogisticLine (a logistic line search’s trial points in WebAssembly SIMD)', () => {
  // Odd m exercises the padded pair; 40 the growth past the first 16-point region.
  for (const m of [1, 2, 3, 17, 40]) {
    it(`m = ${m}: σ, σ' and both sums agree with Math.exp's to a few ulps, at several α`, () => {
      const line = new LogisticLine(new WasmArena());
      const pts = points(m, m);
      line.load(m, pts.z, pts.u, pts.c, pts.s);
      for (const alpha of [0, 1, 0.37, 2.5, -1]) expectLine(line, alpha, pts, m);
    });
  }

  it('is exact at t = 0 and right at the extremes: ±0, tiny, ±30, ±700 and past the underflow at ±800', () => {
    const z = Float64Array.from([0, -0, 1e-300, -1e-300, 30, -30, 700, -700, 800, -800, 36.7, -36.7]);
    const m = z.length;
    const pts = { z, u: new Float64Array(m), c: new Float64Array(m).fill(1), s: new Float64Array(m) };
    const line = new LogisticLine(new WasmArena());
    line.load(m, pts.z, pts.u, pts.c, pts.s);
    expectLine(line, 0, pts, m);
    expect(line.sig[0]).toBe(0.5);
    expect(line.slope[0]).toBe(0.25);
    expect(line.sig[8]).toBe(1);
    expect(line.sig[9]).toBeLessThan(1e-300);
  });

  it('a shorter load after a longer one reads none of the old points, also after the arena grew', () => {
    const arena = new WasmArena();
    const line = new LogisticLine(arena);
    const long = points(6, 7);
    line.load(6, long.z, long.u, long.c, long.s);
    line.at(0.5);
    const short = points(5, 8);
    line.load(5, short.z, short.u, short.c, short.s);
    arena.alloc(1 << 20); // the memory grows: every view on it is detached and must be made again
    expectLine(line, 0.5, short, 5);
  });

  // Odd m: the padded pair must leave the m points' values alone.
  for (const m of [1, 17, 40]) {
    it(`m = ${m}: the kernel logisticcommit (LogisticArm's, in place) moves the margins to the last α and derives residuals and weights there, bit for bit the JS loop's`, () => {
      const arena = new WasmArena();
      const line = new LogisticLine(arena);
      const pts = points(m, 100 + m);
      line.load(m, pts.z, pts.u, pts.c, pts.s);
      const alpha = 0.73;
      line.at(alpha);
      const [sig, slope] = [line.sig.slice(0, m), line.slope.slice(0, m)];
      const [z, res, w] = [pts.z.slice(), new Float64Array(m), new Float64Array(m)];
      commitJs(m, alpha, z, pts.u, pts.c, pts.s, sig, slope, res, w);
      // The arm's layout: its vectors in the arena, room for the pad past an odd m, which is zero in u, c and s.
      const vec = new ArenaVectors(arena, 8);
      vec.reserve(m + 1);
      for (const [i, x] of [pts.z, pts.u, pts.c, pts.s, sig, slope].entries()) vec.views()[i].set(x);
      arena.kernels.logisticcommit(
        m,
        alpha,
        ...([0, 1, 2, 3, 4, 5, 6, 7].map((i) => vec.offset(i)) as [number, number, number, number, number, number, number, number]),
      );
      arena.alloc(1 << 20); // the views are made again after the memory grows
      const [zv, , , , , , resv, wv] = vec.views();
      expect(Array.from(zv.subarray(0, m))).toEqual(Array.from(z));
      expect(Array.from(resv.subarray(0, m))).toEqual(Array.from(res));
      expect(Array.from(wv.subarray(0, m))).toEqual(Array.from(w));
      expect([zv[m], resv[m], wv[m]]).toEqual([0, 0, 0]); // the pad adds nothing to a later context there
    });
  }
});
