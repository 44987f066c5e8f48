import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../rng';
import { mirrorUpper, sigmoidSlope, spdInvertInPlace } from './linalg';
import { LogisticArm } from './logistic';
import { designInverse, logisticGradient, logisticNewton, logisticObjective, norm, randomVector, unitBall } from './testUtil';

/** The gradient tolerance fit() promises: ‖∇L‖ ≤ 1e-8·(1 + n). */
const fitTol = (n: number) => 1e-8 * (1 + n);

/**
 * θ̂ is within tolerance of the exact minimiser θ*: its gradient, recomputed independently, is within
 * fit()'s tolerance, and since L is ρ-strongly convex, ‖θ̂ − θ*‖ ≤ ‖∇L(θ̂)‖/ρ, which the reference
 * Newton solution θ* (to ‖∇L‖ ≤ 1e-11·n) must satisfy.
 */
function expectAtOptimum(arm: LogisticArm, xs: Float64Array[], ys: number[], ridge: number): void {
  const d = arm.dim;
  const theta = Array.from(arm.theta);
  const g = norm(logisticGradient(xs, ys, ridge, theta));
  expect(g).toBeLessThanOrEqual(fitTol(xs.length) * 1.0001);
  const ref = logisticNewton(xs, ys, ridge, d);
  const diff = norm(theta.map((v, k) => v - ref[k]));
  expect(diff).toBeLessThanOrEqual((g + norm(logisticGradient(xs, ys, ridge, ref))) / ridge + 1e-12);
  expect(logisticObjective(xs, ys, ridge, theta)).toBeLessThanOrEqual(logisticObjective(xs, ys, ridge, ref) + 1e-9 * (1 + xs.length));
}

/** V⁻¹ recovered through width(): width(e_a)² = V⁻¹_aa and width(e_a + e_b)² = V⁻¹_aa + V⁻¹_bb + 2V⁻¹_ab. */
function vinvFromWidths(arm: LogisticArm): number[][] {
  const d = arm.dim;
  const e = (a: number, b = -1) => {
    const x = new Float64Array(d);
    x[a] = 1;
    if (b >= 0) x[b] += 1;
    return x;
  };
  const diag = Array.from({ length: d }, (_, a) => arm.width(e(a)) ** 2);
  return Array.from({ length: d }, (_, a) => Array.from({ length: d }, (_, b) => (a === b ? diag[a] : (arm.width(e(a, b)) ** 2 - diag[a] - diag[b]) / 2)));
}

function labels(rng: Rng, xs: Float64Array[], thetaStar: Float64Array): (0 | 1)[] {
  return xs.map((x) => {
    let z = 0;
    for (let k = 0; k < x.length; k++) z += x[k] * thetaStar[k];
    return rng.uniform() < 1 / (1 + Math.exp(-z)) ? 1 : 0;
  });
}

describe('LogisticArm', () => {
  it('puts θ̂ at ±3.36 after one success or one failure on a one-hot context with ρ = 0.01 (the figure docs/ENGINE.md quotes)', () => {
    for (const y of [1, 0] as const) {
      const arm = new LogisticArm(3, 0.01);
      const x = Float64Array.of(0, 1, 0);
      arm.add(x, y);
      arm.fit();
      // The root of σ(θ) − y + ρθ = 0 on that coordinate: ±3.36.
      expect(arm.logit(x)).toBeCloseTo(y ? 3.36 : -3.36, 2);
    }
    expect(readFileSync(new URL('../../../docs/ENGINE.md', import.meta.url), 'utf8')).toContain('puts θ̂ at +3.36');
  });

  const cases = [
    { n: 60, d: 3, ridge: 1 },
    { n: 200, d: 8, ridge: 0.01 },
    { n: 30, d: 40, ridge: 0.05 }, // d > n
    { n: 300, d: 20, ridge: 0.3 },
  ];

  for (const { n, d, ridge } of cases) {
    it(`fits one batch to the penalised MLE (n=${n}, d=${d}, ρ=${ridge})`, () => {
      const rng = createRng(100 + n + d);
      const xs = Array.from({ length: n }, () => unitBall(rng, d));
      const ys = labels(rng, xs, randomVector(rng, d, 2));
      const arm = new LogisticArm(d, ridge);
      xs.forEach((x, i) => {
        arm.add(x, ys[i]);
      });
      arm.fit();
      expect(arm.count).toBe(n);
      expectAtOptimum(arm, xs, ys, ridge);
      const x = unitBall(rng, d);
      expect(arm.logit(x)).toBeCloseTo(
        x.reduce((s, v, k) => s + v * arm.theta[k], 0),
        12,
      );
    });
  }

  it('stays at the penalised MLE along a long stream of add + fit', () => {
    const rng = createRng(7);
    const d = 6;
    const ridge = 0.05;
    const thetaStar = randomVector(rng, d, 1.5);
    const arm = new LogisticArm(d, ridge);
    const xs: Float64Array[] = [];
    const ys: (0 | 1)[] = [];
    for (let t = 0; t < 1500; t++) {
      const x = unitBall(rng, d);
      const [y] = labels(rng, [x], thetaStar);
      arm.width(x); // the policy's call pattern: width before add, which add() may reuse
      arm.add(x, y);
      arm.fit();
      xs.push(x);
      ys.push(y);
      if (t === 10 || t === 200 || t === 1499) expectAtOptimum(arm, xs, ys, ridge);
    }
  });

  it('with three iterations per pull, tracks the MLE within a small part of the confidence width, and a full fit closes the gap', () => {
    const rng = createRng(21);
    const d = 48;
    const ridge = 0.01;
    const thetaStar = randomVector(rng, d, 4);
    const capped = new LogisticArm(d, ridge);
    const exact = new LogisticArm(d, ridge);
    const xs: Float64Array[] = [];
    const ys: (0 | 1)[] = [];
    const probes = Array.from({ length: 30 }, () => unitBall(rng, d));
    let worst = 0;
    for (let t = 0; t < 400; t++) {
      const x = unitBall(rng, d);
      const [y] = labels(rng, [x], thetaStar);
      capped.add(x, y);
      capped.fit(5);
      exact.add(x, y);
      exact.fit();
      xs.push(x);
      ys.push(y);
      if (t % 20 === 19) {
        for (const p of probes) worst = Math.max(worst, Math.abs(capped.logit(p) - exact.logit(p)) / exact.width(p));
      }
    }
    expect(worst).toBeGreaterThan(0); // the cap did bind: the two fits differed
    expect(worst).toBeLessThan(0.1); // ... by under a tenth of ‖x‖_{V⁻¹}, a thirtieth of the UCB bonus
    capped.fit(5);
    expectAtOptimum(capped, xs, ys, ridge);
  });

  it('stays at the MLE in high dimension with d > n and with batched adds', () => {
    const rng = createRng(8);
    const d = 48;
    const ridge = 0.01;
    const thetaStar = randomVector(rng, d, 0.5);
    const arm = new LogisticArm(d, ridge);
    const xs: Float64Array[] = [];
    const ys: (0 | 1)[] = [];
    for (let t = 0; t < 120; t++) {
      const x = unitBall(rng, d);
      const [y] = labels(rng, [x], thetaStar);
      arm.add(x, y);
      xs.push(x);
      ys.push(y);
      if (t % 3 === 2) arm.fit(); // several adds between fits
      if (t === 29 || t === 119) {
        arm.fit();
        expectAtOptimum(arm, xs, ys, ridge);
      }
    }
  });

  it('groups repeated contexts (one-hot categories, replayed rows) without changing the MLE or V⁻¹', () => {
    const rng = createRng(13);
    const d = 5;
    const ridge = 0.1;
    const pool = Array.from({ length: 7 }, () => unitBall(rng, d));
    const thetaStar = randomVector(rng, d, 2);
    const arm = new LogisticArm(d, ridge);
    const xs: Float64Array[] = [];
    const ys: (0 | 1)[] = [];
    for (let t = 0; t < 600; t++) {
      const oneHot = new Float64Array(d);
      oneHot[rng.int(d)] = 1;
      const r = rng.uniform();
      const x = r < 0.4 ? oneHot : r < 0.8 ? Float64Array.from(pool[rng.int(pool.length)]) : unitBall(rng, d);
      const [y] = labels(rng, [x], thetaStar);
      arm.add(x, y);
      arm.fit();
      xs.push(x);
      ys.push(y);
      if (t === 50 || t === 599) expectAtOptimum(arm, xs, ys, ridge);
    }
    const ref = designInverse(xs, ridge, d);
    const vinv = vinvFromWidths(arm);
    for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) expect(vinv[a][b]).toBeCloseTo(ref.get(a, b), 9);
  });

  it('stays finite and optimal on separable data, where only the ridge bounds θ̂', () => {
    const rng = createRng(9);
    const d = 4;
    const ridge = 0.01;
    const arm = new LogisticArm(d, ridge);
    const xs: Float64Array[] = [];
    const ys: (0 | 1)[] = [];
    for (let t = 0; t < 200; t++) {
      const x = unitBall(rng, d);
      const y: 0 | 1 = x[0] - 0.5 * x[1] > 0 ? 1 : 0;
      arm.add(x, y);
      arm.fit();
      xs.push(x);
      ys.push(y);
    }
    expect(norm(arm.theta)).toBeGreaterThan(10); // really separable: θ̂ grows large
    expect(arm.theta.every(Number.isFinite)).toBe(true);
    expectAtOptimum(arm, xs, ys, ridge);
  });

  it('rebuilds its preconditioner, when a fit stalls, as the JS loop it replaced (ρI + Σ c_jσ′(z_j)x_jx_jᵀ), bit for bit', () => {
    // Separable data fitted in one batch from θ = 0: the fit runs past STALL_ITERS and rebuilds H̃⁻¹ (the weighted
    // Gram matrix is summed by the WebAssembly kernel `syr` since it replaced a JS loop: logistic.ts).
    const rng = createRng(9);
    const d = 8;
    const ridge = 1e-3;
    const arm = new LogisticArm(d, ridge);
    const points: Float64Array[] = [];
    const ys: (0 | 1)[] = [];
    for (let t = 0; t < 100; t++) {
      const x = unitBall(rng, d);
      points.push(x);
      ys.push(x[0] - 0.5 * x[1] > 0 ? 1 : 0);
      arm.add(x, ys[t]);
    }
    type Internals = {
      rebuildPreconditioner(): void;
      hinv: { data: Float64Array };
      rows: { data: Float64Array };
      vec: { views(): Float64Array[] };
      m: number;
    };
    const inner = arm as unknown as Internals;
    const rebuild = inner.rebuildPreconditioner;
    let rebuilds = 0;
    inner.rebuildPreconditioner = function (this: Internals) {
      rebuilds++;
      rebuild.call(this);
    };
    arm.fit();
    expect(rebuilds).toBe(1);
    expectAtOptimum(arm, points, ys, ridge);
    inner.rebuildPreconditioner(); // once more at the optimum, to compare with the reference at this θ
    // The margins the rebuild recomputed and the counts: LogisticArm's vectors Z = 0 and CNT = 2 (logistic.ts).
    const [z, , cnt] = inner.vec.views();
    const xs = inner.rows.data;
    const h = new Float64Array(d * d);
    for (let k = 0; k < d; k++) h[k * d + k] = ridge;
    for (let j = 0; j < inner.m; j++) {
      const w = cnt[j] * sigmoidSlope(z[j]);
      if (w === 0) continue;
      for (let a = 0; a < d; a++) {
        const wa = w * xs[j * d + a];
        if (wa === 0) continue;
        for (let b = a; b < d; b++) h[a * d + b] += wa * xs[j * d + b];
      }
    }
    mirrorUpper(h, d, d);
    expect(spdInvertInPlace(h, d, d)).toBe(true);
    expect(Array.from(inner.hinv.data)).toEqual(Array.from(h));
  });

  it('keeps V⁻¹ equal to (ρI + XᵀX)⁻¹ and width(x) = ‖x‖_{V⁻¹}', () => {
    const rng = createRng(10);
    const d = 5;
    const ridge = 0.2;
    const arm = new LogisticArm(d, ridge);
    const xs: Float64Array[] = [];
    for (let t = 0; t < 400; t++) {
      const x = unitBall(rng, d);
      if (t % 2 === 0) arm.width(x); // exercise both the cached and the uncached update
      arm.add(x, rng.uniform() < 0.5 ? 1 : 0);
      xs.push(x);
      if (t % 97 === 0) arm.fit();
    }
    const ref = designInverse(xs, ridge, d);
    const vinv = vinvFromWidths(arm);
    for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) expect(vinv[a][b]).toBeCloseTo(ref.get(a, b), 9);
    for (let q = 0; q < 5; q++) {
      const x = randomVector(rng, d);
      let s = 0;
      for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) s += x[a] * ref.get(a, b) * x[b];
      expect(arm.width(x)).toBeCloseTo(Math.sqrt(s), 10);
    }
  });

  it('updates the width of a context right after adding it', () => {
    const rng = createRng(12);
    const d = 3;
    const arm = new LogisticArm(d, 1);
    const x = unitBall(rng, d);
    const before = arm.width(x); // fills the cache for x
    arm.add(x, 1);
    const ref = designInverse([x], 1, d);
    let s = 0;
    for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) s += x[a] * ref.get(a, b) * x[b];
    expect(arm.width(x)).toBeCloseTo(Math.sqrt(s), 12);
    expect(arm.width(x)).toBeLessThan(before);
    expect(() => arm.add(new Float64Array(d + 1), 0)).toThrow();
  });

  it('peekWidth leaves every later width and update bit for bit as it was (the lab traces with it)', () => {
    const rng = createRng(21);
    const d = 4;
    const plain = new LogisticArm(d, 0.01);
    const peeked = new LogisticArm(d, 0.01);
    let x = unitBall(rng, d);
    for (let i = 0; i < 300; i++) {
      // The policy asks about x, pulls, and asks again; the trace also peeks at an unrelated z in between.
      expect(peeked.width(x)).toBe(plain.width(x));
      peeked.peekWidth(unitBall(rng, d));
      const y = rng.uniform() < 0.5 ? 1 : 0;
      plain.add(x, y);
      peeked.add(x, y);
      plain.fit();
      peeked.fit();
      peeked.peekWidth(unitBall(rng, d));
      expect(peeked.width(x)).toBe(plain.width(x));
      if (i % 3 === 0) x = unitBall(rng, d);
    }
    expect(Array.from(peeked.theta)).toEqual(Array.from(plain.theta));
  });

  it('peekWidth gives what width() would give now, from the cache or fresh', () => {
    const rng = createRng(22);
    const d = 4;
    const arm = new LogisticArm(d, 0.01);
    for (let i = 0; i < 100; i++) {
      const x = unitBall(rng, d);
      arm.add(x, i % 2 === 0 ? 1 : 0);
      expect(arm.peekWidth(x)).toBe(arm.width(x)); // cached V⁻¹x, as add left it
      const z = unitBall(rng, d);
      expect(arm.peekWidth(z)).toBe(arm.width(z)); // fresh product
    }
  });
});
