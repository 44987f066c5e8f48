import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { fitPca } from './pca';

/** Points on a tilted plane in R^4 plus small noise along one other direction. */
function planeData(n: number): Float64Array[] {
  const rng = createRng(3);
  const u = [1, 1, 0, 0].map((x) => x / Math.SQRT2);
  const v = [0, 0, 1, -1].map((x) => x / Math.SQRT2);
  const w = [1, -1, 0, 0].map((x) => x / Math.SQRT2);
  return Array.from({ length: n }, () => {
    const a = 3 * (2 * rng.uniform() - 1);
    const b = 1 * (2 * rng.uniform() - 1);
    const e = 0.01 * (2 * rng.uniform() - 1);
    return Float64Array.from({ length: 4 }, (_, j) => 5 + a * u[j] + b * v[j] + e * w[j]);
  });
}

describe('fitPca', () => {
  it('finds the directions of largest variance, in order, with a fixed sign', () => {
    const pca = fitPca(planeData(500), 2);
    const [c1, c2] = pca.components;
    expect(Math.abs(c1[0])).toBeCloseTo(Math.SQRT1_2, 3);
    expect(c1[0]).toBeCloseTo(c1[1], 3);
    expect(Math.abs(c2[2])).toBeCloseTo(Math.SQRT1_2, 3);
    expect(c2[2]).toBeCloseTo(-c2[3], 3);
    // the sign rule: the largest-magnitude coordinate is positive
    for (const c of pca.components) {
      const big = c.reduce((b, x, j) => (Math.abs(x) > Math.abs(c[b]) ? j : b), 0);
      expect(c[big]).toBeGreaterThan(0);
    }
    // Uniform(−3,3) vs Uniform(−1,1) along the plane: variance ratio 9:1, the noise is negligible.
    expect(pca.explained[0]).toBeCloseTo(0.9, 1);
    expect(pca.explainedTotal).toBeGreaterThan(0.9999);
  });

  it('projects the mean to the origin and keeps distances within the plane', () => {
    const data = planeData(200);
    const pca = fitPca(data, 2);
    expect(Array.from(pca.project(pca.mean))).toEqual([0, 0]);
    const d = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.hypot(...Array.from(a, (x, i) => x - b[i]));
    expect(d(pca.project(data[0]), pca.project(data[1]))).toBeCloseTo(d(data[0], data[1]), 1);
  });

  it('rejects a bad dimension and ragged input', () => {
    expect(() => fitPca(planeData(10), 5)).toThrow(/1\.\.4/);
    expect(() => fitPca([new Float64Array(3), new Float64Array(2)], 1)).toThrow(/differ in length/);
    expect(() => fitPca([], 1)).toThrow(/no vectors/);
  });
});
