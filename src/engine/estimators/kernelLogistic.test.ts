import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { rbf } from './kernel';
import { KernelLogisticArm } from './kernelLogistic';
import { naiveKernelLogistic, naiveKernelRidge, randomVector } from './testUtil';

/** The root of a increasing function on [lo, hi], by bisection: an answer that shares no code with the engine. */
function bisect(g: (a: number) => number, lo: number, hi: number): number {
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (g(mid) > 0) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

describe('KernelLogisticArm', () => {
  it("minimises the paper's objective NLL + β‖a‖²_K (promptwise.tex Eq. mle-2-klr), not NLL + (β/2)‖a‖²_K", () => {
    // One point x with y = 1 and k(x, x) = 1: J(a) = log(1 + e^a) − a + βa², so J'(a) = σ(a) − 1 + 2βa = 0.
    for (const beta of [0.25, 1, 3]) {
      const arm = new KernelLogisticArm(rbf(3), beta);
      const x = Float64Array.of(0.3, -0.2);
      arm.add(x, 1);
      arm.fit();
      const paper = bisect((a) => 1 / (1 + Math.exp(-a)) - 1 + 2 * beta * a, -10, 10);
      const halfPenalty = bisect((a) => 1 / (1 + Math.exp(-a)) - 1 + beta * a, -10, 10);
      expect(Math.abs(arm.logit(x) - paper), `β = ${beta}`).toBeLessThan(1e-9);
      expect(Math.abs(arm.logit(x) - halfPenalty)).toBeGreaterThan(0.05);
      if (beta === 1) expect(arm.logit(x)).toBeCloseTo(0.2223, 4); // the figure (0.4011 with β/2)
    }
  });

  it('reaches the penalised optimum of the ungrouped dual, with repeated and distinct contexts', () => {
    const rng = createRng(21);
    const d = 3;
    const pool = Array.from({ length: 5 }, () => randomVector(rng, d));
    const kernel = rbf(1.2);
    for (const beta of [0.05, 1, 4]) {
      const arm = new KernelLogisticArm(kernel, beta);
      const xs: Float64Array[] = [];
      const ys: (0 | 1)[] = [];
      const probes = [...pool, randomVector(rng, d), randomVector(rng, d, 2)];
      for (let t = 0; t < 150; t++) {
        const x = rng.uniform() < 0.6 ? Float64Array.from(pool[rng.int(pool.length)]) : randomVector(rng, d);
        // Success depends on the context, so the fit has something to find.
        const y: 0 | 1 = rng.uniform() < 1 / (1 + Math.exp(-2 * x[0])) ? 1 : 0;
        arm.add(x, y);
        arm.fit();
        xs.push(x);
        ys.push(y);
        if (t % 50 === 49 || t < 2) {
          const ref = naiveKernelLogistic(kernel, beta, xs, ys);
          const ridge = naiveKernelRidge(kernel, beta, xs, ys);
          for (const p of probes) {
            expect(Math.abs(arm.logit(p) - ref.logit(p))).toBeLessThan(1e-7 * (1 + Math.abs(ref.logit(p))));
            expect(arm.width(p)).toBeCloseTo(ridge.width(p), 9);
          }
        }
      }
      expect(arm.count).toBe(150);
    }
  });

  it('handles a batch of adds before one fit, and separable labels', () => {
    const rng = createRng(4);
    const d = 2;
    const kernel = rbf(0.7);
    const beta = 0.02;
    const arm = new KernelLogisticArm(kernel, beta);
    const xs: Float64Array[] = [];
    const ys: (0 | 1)[] = [];
    for (let t = 0; t < 80; t++) {
      const x = randomVector(rng, d);
      const y: 0 | 1 = x[0] + x[1] > 0 ? 1 : 0; // perfectly separable: only β keeps f finite
      arm.add(x, y);
      xs.push(x);
      ys.push(y);
    }
    arm.fit();
    const ref = naiveKernelLogistic(kernel, beta, xs, ys);
    for (let q = 0; q < 10; q++) {
      const p = randomVector(rng, d);
      expect(Math.abs(arm.logit(p) - ref.logit(p))).toBeLessThan(1e-7 * (1 + Math.abs(ref.logit(p))));
    }
  });

  it('converges on the quasi-Newton path too (more distinct points than the exact-Newton cutoff)', () => {
    const rng = createRng(8);
    const d = 4;
    const kernel = rbf(1.5);
    const beta = 0.5;
    const arm = new KernelLogisticArm(kernel, beta);
    const xs: Float64Array[] = [];
    const ys: (0 | 1)[] = [];
    for (let t = 0; t < 220; t++) {
      const x = randomVector(rng, d);
      const y: 0 | 1 = rng.uniform() < 1 / (1 + Math.exp(-1.5 * (x[0] - x[1]))) ? 1 : 0;
      arm.add(x, y);
      arm.fit();
      xs.push(x);
      ys.push(y);
    }
    const ref = naiveKernelLogistic(kernel, beta, xs, ys);
    for (let q = 0; q < 10; q++) {
      const p = randomVector(rng, d);
      expect(Math.abs(arm.logit(p) - ref.logit(p))).toBeLessThan(1e-7 * (1 + Math.abs(ref.logit(p))));
    }
  });

  it('is 0 with the prior width before any data, and groups one-hot categories over a long stream', () => {
    const d = 5;
    const kernel = rbf(3);
    const beta = 1;
    const arm = new KernelLogisticArm(kernel, beta);
    const e = (j: number) => {
      const x = new Float64Array(d);
      x[j] = 1;
      return x;
    };
    expect(arm.logit(e(0))).toBe(0);
    expect(arm.width(e(0))).toBeCloseTo(1, 12);
    arm.fit();
    const rng = createRng(9);
    const xs: Float64Array[] = [];
    const ys: (0 | 1)[] = [];
    for (let t = 0; t < 300; t++) {
      const j = rng.int(d);
      const y: 0 | 1 = rng.uniform() < 0.15 + 0.17 * j ? 1 : 0;
      arm.add(e(j), y);
      arm.fit();
      xs.push(e(j));
      ys.push(y);
    }
    const ref = naiveKernelLogistic(kernel, beta, xs, ys);
    const ridge = naiveKernelRidge(kernel, beta, xs, ys);
    for (let j = 0; j < d; j++) {
      expect(Math.abs(arm.logit(e(j)) - ref.logit(e(j)))).toBeLessThan(1e-8);
      expect(arm.width(e(j))).toBeCloseTo(ridge.width(e(j)), 10);
    }
  });
});
