import { inverse, Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { rbf } from './kernel';
import { KERNEL_SUPPORT_CAP } from './kernelGram';
import { KernelRidgeArm } from './kernelRidge';
import { naiveKernelRidge, randomVector } from './testUtil';

function oneHot(d: number, j: number): Float64Array {
  const x = new Float64Array(d);
  x[j] = 1;
  return x;
}

describe('rbf', () => {
  it('is exp(−‖a−b‖²/(2σ²))', () => {
    const k = rbf(2);
    const a = Float64Array.from([1, 2, 3]);
    const b = Float64Array.from([0, 2, 5]);
    expect(k(a, b)).toBeCloseTo(Math.exp(-5 / 8), 15);
    expect(k(a, a)).toBe(1);
    expect(() => rbf(0)).toThrow();
  });
});

describe('KernelRidgeArm', () => {
  it('matches the ungrouped formulas with repeated and distinct contexts, along the stream', () => {
    const rng = createRng(11);
    const d = 3;
    const pool = Array.from({ length: 6 }, () => randomVector(rng, d));
    const kernel = rbf(1.5);
    for (const beta of [0.1, 1, 5]) {
      const arm = new KernelRidgeArm(kernel, beta);
      const xs: Float64Array[] = [];
      const ys: number[] = [];
      const probes = [...pool, randomVector(rng, d), randomVector(rng, d, 3)];
      for (let t = 0; t < 160; t++) {
        // Two thirds repeats of the pool, one third fresh points; copies so identity is by value.
        const x = rng.uniform() < 2 / 3 ? Float64Array.from(pool[rng.int(pool.length)]) : randomVector(rng, d);
        const y = rng.uniform() < 0.4 ? 1 : 0;
        arm.add(x, y);
        xs.push(x);
        ys.push(y);
        if (t % 40 === 39 || t < 3) {
          arm.fit();
          const ref = naiveKernelRidge(kernel, beta, xs, ys);
          for (const p of probes) {
            expect(arm.mean(p)).toBeCloseTo(ref.mean(p), 9);
            expect(arm.width(p)).toBeCloseTo(ref.width(p), 9);
          }
        }
      }
      expect(arm.count).toBe(160);
    }
  });

  it('takes real-valued rewards too, and gives 0 mean and the prior width before any data', () => {
    const rng = createRng(3);
    const kernel = rbf(1);
    const arm = new KernelRidgeArm(kernel, 0.5);
    const x0 = randomVector(rng, 2);
    expect(arm.mean(x0)).toBe(0);
    expect(arm.width(x0)).toBeCloseTo(Math.sqrt(1 / 0.5), 12);
    const xs: Float64Array[] = [];
    const ys: number[] = [];
    for (let t = 0; t < 30; t++) {
      const x = t % 3 === 0 ? Float64Array.from(x0) : randomVector(rng, 2);
      const y = rng.normal();
      arm.add(x, y);
      xs.push(x);
      ys.push(y);
    }
    const ref = naiveKernelRidge(kernel, 0.5, xs, ys);
    expect(arm.mean(x0)).toBeCloseTo(ref.mean(x0), 10);
    expect(arm.width(x0)).toBeCloseTo(ref.width(x0), 10);
  });

  it('keeps one-hot categories exact over thousands of pulls', () => {
    const rng = createRng(5);
    const d = 5;
    const beta = 1;
    const kernel = rbf(3);
    const arm = new KernelRidgeArm(kernel, beta);
    const counts = new Array<number>(d).fill(0);
    const sums = new Array<number>(d).fill(0);
    const xs: Float64Array[] = [];
    const ys: number[] = [];
    for (let t = 0; t < 4000; t++) {
      const j = Math.min(d - 1, Math.floor(d * rng.uniform() ** 2)); // skewed: category 0 most often
      const y = rng.uniform() < 0.2 + 0.15 * j ? 1 : 0;
      arm.add(oneHot(d, j), y);
      counts[j]++;
      sums[j] += y;
      if (t < 400) {
        xs.push(oneHot(d, j));
        ys.push(y);
      }
      if (t === 399) {
        // Ungrouped n×n formulas while n is still small enough for a dense inverse.
        const ref = naiveKernelRidge(kernel, beta, xs, ys);
        for (let c = 0; c < d; c++) {
          expect(arm.mean(oneHot(d, c))).toBeCloseTo(ref.mean(oneHot(d, c)), 10);
          expect(arm.width(oneHot(d, c))).toBeCloseTo(ref.width(oneHot(d, c)), 10);
        }
      }
    }
    // After 4000 pulls: (K_u + β·diag(1/n_j))⁻¹ factored afresh, the identity the grouping rests on.
    const ku = new Matrix(d, d);
    for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) ku.set(a, b, kernel(oneHot(d, a), oneHot(d, b)));
    const present = counts.map((c, j) => (c > 0 ? j : -1)).filter((j) => j >= 0);
    const a = new Matrix(present.length, present.length);
    present.forEach((p, i) => {
      present.forEach((q, j) => {
        a.set(i, j, ku.get(p, q) + (i === j ? beta / counts[p] : 0));
      });
    });
    const ainv = inverse(a);
    const ybar = present.map((p) => sums[p] / counts[p]);
    for (let c = 0; c < d; c++) {
      const k = present.map((p) => ku.get(p, c));
      const w = ainv.mmul(Matrix.columnVector(k)).to1DArray();
      const mean = w.reduce((s, v, i) => s + v * ybar[i], 0);
      const variance = 1 - w.reduce((s, v, i) => s + v * k[i], 0);
      expect(arm.mean(oneHot(d, c))).toBeCloseTo(mean, 10);
      expect(arm.width(oneHot(d, c))).toBeCloseTo(Math.sqrt(Math.max(0, variance) / beta), 10);
    }
    expect(arm.count).toBe(4000);
  });
  it('pools a new context with its nearest support point once it holds KERNEL_SUPPORT_CAP of them', () => {
    // Past the cap the arm is the ungrouped regression on the data with each later fresh context replaced by
    // its nearest support point (the largest k(x_j, x)); means and widths are still taken at the probe itself.
    const rng = createRng(5);
    const d = 2;
    const kernel = rbf(0.3);
    const arm = new KernelRidgeArm(kernel, 1);
    const support: Float64Array[] = [];
    const xs: Float64Array[] = [];
    const ys: number[] = [];
    for (let t = 0; t < KERNEL_SUPPORT_CAP + 40; t++) {
      const x = randomVector(rng, d);
      const y = rng.uniform() < 0.5 ? 1 : 0;
      arm.add(x, y);
      let stored = x;
      if (support.length < KERNEL_SUPPORT_CAP) support.push(x);
      else stored = support.reduce((best, p) => (kernel(p, x) > kernel(best, x) ? p : best));
      xs.push(stored);
      ys.push(y);
    }
    expect(arm.count).toBe(KERNEL_SUPPORT_CAP + 40);
    const ref = naiveKernelRidge(kernel, 1, xs, ys);
    for (const p of [...support.slice(0, 5), randomVector(rng, d), randomVector(rng, d)]) {
      expect(arm.mean(p)).toBeCloseTo(ref.mean(p), 8);
      expect(arm.width(p)).toBeCloseTo(ref.width(p), 8);
    }
  });
});
