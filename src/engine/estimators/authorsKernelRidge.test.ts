import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { AuthorsKernelRidgeArm } from './authorsKernelRidge';
import { type Kernel, rbf } from './kernel';
import { KernelRidgeArm } from './kernelRidge';
import { randomVector } from './testUtil';

/**
 * The authors' CA PAK-UCB-tS estimator transcribed line by line (ca_pak_ucb_tS.py: update_stats, update_inverse,
 * select_arm's mu_g and sig_g), on the full n×n matrix: the reference the grouped recursion must reproduce.
 */
function literalPort(kernel: Kernel, beta: number) {
  let inv: number[][] = [];
  const xs: Float64Array[] = [];
  const ys: number[] = [];
  const matVec = (m: number[][], v: number[]) => m.map((row) => row.reduce((acc, a, i) => acc + a * v[i], 0));
  const dotp = (a: number[], b: number[]) => a.reduce((acc, ai, i) => acc + ai * b[i], 0);
  return {
    add(x: Float64Array, y: number) {
      if (xs.length === 0) {
        inv = [[1 / kernel(x, x) + beta]];
      } else {
        const v = xs.map((xi) => kernel(xi, x));
        const kNn = kernel(x, x) + beta;
        const u = matVec(inv, v);
        const a = dotp(v, u);
        const b = kNn - a !== 0 ? 1 / (kNn - a) : 1e-10;
        inv = [...inv.map((row, i) => [...row.map((e, j) => e + b * u[i] * u[j]), -b * u[i]]), [...u.map((ui) => -b * ui), b]];
      }
      xs.push(Float64Array.from(x));
      ys.push(y);
    },
    mean(x: Float64Array) {
      const k = xs.map((xi) => kernel(x, xi));
      return dotp(k, matVec(inv, ys));
    },
    width(x: Float64Array) {
      const k = xs.map((xi) => kernel(x, xi));
      return beta ** -0.5 * Math.sqrt(Math.max(0, kernel(x, x) - dotp(k, matVec(inv, k))));
    },
  };
}

const oneHot = (d: number, j: number) => Float64Array.from({ length: d }, (_, i) => (i === j ? 1 : 0));

/** Relative agreement, on the scale of the values (the code's numbers reach ±30 after its 10⁻¹⁰ fallback). */
function expectClose(a: number, b: number, rel = 1e-8) {
  expect(Math.abs(a - b)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(b)));
}

describe("AuthorsKernelRidgeArm (the authors' code's CA PAK-UCB-tS estimator)", () => {
  it('after one pull scores (1 + β·k(x,x))·y = 2y with zero width, where the kernel ridge posterior gives y/2 and width √(1/2)', () => {
    const kernel = rbf(3);
    const x = oneHot(5, 2);
    for (const y of [0, 1]) {
      const authors = new AuthorsKernelRidgeArm(kernel, 1);
      const exact = new KernelRidgeArm(kernel, 1);
      authors.add(x, y);
      exact.add(x, y);
      expect(authors.mean(x)).toBe(2 * y);
      expect(authors.width(x)).toBe(0);
      expect(exact.mean(x)).toBeCloseTo(y / 2, 15);
      expect(exact.width(x)).toBeCloseTo(Math.sqrt(0.5), 15);
    }
  });

  it('follows the code through its 10⁻¹⁰ fallback: the same context right after the first pull', () => {
    const kernel = rbf(3);
    const authors = new AuthorsKernelRidgeArm(kernel, 1);
    const port = literalPort(kernel, 1);
    const rng = createRng(5);
    const stream = [0, 0, 1, 0, 2, 1, 1, 0, 3, 4, 0, 2];
    // Contexts 0, 0: k(x,x) + β − vᵀu = 1 + 1 − 1·2·1 = 0 exactly at the second pull, so the code's b = 10⁻¹⁰ is used.
    for (const j of stream) {
      const y = rng.uniform() < 0.6 ? 1 : 0;
      authors.add(oneHot(5, j), y);
      port.add(oneHot(5, j), y);
      for (let p = 0; p < 5; p++) {
        expectClose(authors.mean(oneHot(5, p)), port.mean(oneHot(5, p)));
        expectClose(authors.width(oneHot(5, p)), port.width(oneHot(5, p)));
      }
    }
  });

  it('matches the literal n×n port on repeated and fresh contexts, for several β and σ', () => {
    const rng = createRng(17);
    for (const [sigma, beta] of [
      [3, 1],
      [1, 0.5],
      [0.7, 2],
    ]) {
      const kernel = rbf(sigma);
      const authors = new AuthorsKernelRidgeArm(kernel, beta);
      const port = literalPort(kernel, beta);
      const pool = Array.from({ length: 4 }, () => randomVector(rng, 3));
      const probes = [...pool, randomVector(rng, 3)];
      for (let t = 0; t < 60; t++) {
        const x = rng.uniform() < 0.7 ? Float64Array.from(pool[rng.int(pool.length)]) : randomVector(rng, 3);
        const y = rng.uniform() < 0.5 ? 1 : 0;
        authors.add(x, y);
        port.add(x, y);
      }
      expect(authors.count).toBe(60);
      for (const p of probes) {
        expectClose(authors.mean(p), port.mean(p));
        expectClose(authors.width(p), port.width(p));
      }
    }
  });
});
