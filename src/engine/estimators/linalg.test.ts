import { inverse, Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { sigmoidSlope, spdInvertInPlace, symMatVecUpper, symRankOneSubUpper } from './linalg';

function randomSpd(seed: number, n: number): Matrix {
  const rng = createRng(seed);
  const a = Matrix.zeros(n, n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a.set(i, j, rng.normal());
  return a.mmul(a.transpose()).add(Matrix.eye(n, n, 0.5));
}

describe('linalg kernels', () => {
  it('inverts an SPD block in place, with a row stride wider than the block', () => {
    for (const n of [1, 2, 7, 33]) {
      const a = randomSpd(n, n);
      const stride = n + 3;
      const buf = new Float64Array(stride * stride).fill(Number.NaN);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) buf[i * stride + j] = a.get(i, j);
      expect(spdInvertInPlace(buf, stride, n)).toBe(true);
      const ref = inverse(a);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(buf[i * stride + j]).toBeCloseTo(ref.get(i, j), 9);
    }
    const notPd = Float64Array.from([1, 2, 2, 1]);
    expect(spdInvertInPlace(notPd, 2, 2)).toBe(false);
  });

  it('multiplies and updates a symmetric matrix through its upper triangle only', () => {
    const rng = createRng(4);
    for (const n of [3, 4, 9, 17]) {
      const a = randomSpd(100 + n, n);
      const stride = n + 1;
      const buf = new Float64Array(stride * stride);
      // The lower triangle holds garbage: it must never be read.
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) buf[i * stride + j] = j >= i ? a.get(i, j) : 1e300;
      const x = Float64Array.from({ length: n }, () => rng.normal());
      const y = new Float64Array(n);
      symMatVecUpper(buf, stride, x, y, n);
      const ref = a.mmul(Matrix.columnVector(Array.from(x))).to1DArray();
      for (let i = 0; i < n; i++) expect(y[i]).toBeCloseTo(ref[i], 10);

      symRankOneSubUpper(buf, stride, 0.3, x, n);
      for (let i = 0; i < n; i++) {
        for (let j = i; j < n; j++) expect(buf[i * stride + j]).toBeCloseTo(a.get(i, j) - 0.3 * x[i] * x[j], 12);
      }
    }
  });

  it("keeps σ' accurate far in the tails", () => {
    expect(sigmoidSlope(0)).toBe(0.25);
    expect(sigmoidSlope(-40) / Math.exp(-40)).toBeCloseTo(1, 12);
    expect(sigmoidSlope(800)).toBe(0);
  });
});
