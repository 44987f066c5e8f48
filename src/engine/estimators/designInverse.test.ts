import { inverse, Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { DesignInverse } from './designInverse';

describe('DesignInverse', () => {
  it('equals the direct inverse of V₀ + Σ x xᵀ', () => {
    const d = 4;
    const rng = createRng(1);
    const inv = new DesignInverse(d, 0.5);
    let V = Matrix.eye(d).mul(2);
    for (let i = 0; i < 30; i++) {
      const x = Float64Array.from({ length: d }, () => rng.normal());
      inv.add(x);
      V = V.add(Matrix.columnVector(Array.from(x)).mmul(Matrix.rowVector(Array.from(x))));
    }
    const Vinv = inverse(V);
    const x = Float64Array.from({ length: d }, () => rng.normal());
    const direct = Matrix.rowVector(Array.from(x))
      .mmul(Vinv)
      .mmul(Matrix.columnVector(Array.from(x)))
      .get(0, 0);
    expect(inv.quad(x)).toBeCloseTo(direct, 12);
  });
});
