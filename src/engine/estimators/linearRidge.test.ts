import { describe, expect, it } from 'vitest';
import { LinearRidgeArm } from './linearRidge';

describe('LinearRidgeArm (LinUCB’s disjoint ridge model)', () => {
  it('gives θ̂ = A⁻¹b and xᵀA⁻¹x as computed by hand', () => {
    // ρ = 1, observations (x, y) = ((1, 0), 1) and ((1, 1), 0):
    // A = I + [1 0; 0 0] + [1 1; 1 1] = [3 1; 1 2], det 5, A⁻¹ = [2 −1; −1 3] / 5; b = (1, 0), θ̂ = (2, −1) / 5.
    const arm = new LinearRidgeArm(2, 1);
    arm.add(Float64Array.of(1, 0), 1);
    arm.add(Float64Array.of(1, 1), 0);
    expect(arm.count).toBe(2);
    const at = arm.at(Float64Array.of(0.5, 0.5));
    // xᵀθ̂ = (0.5·2 − 0.5·1) / 5 = 0.1; xᵀA⁻¹x = 0.25·(2 − 2 + 3) / 5 = 0.15.
    expect(at.mean).toBeCloseTo(0.1, 12);
    expect(at.variance).toBeCloseTo(0.15, 12);
  });

  it('starts at θ̂ = 0 with variance ‖x‖² / ρ', () => {
    const at = new LinearRidgeArm(3, 4).at(Float64Array.of(1, 2, 2));
    expect(at.mean).toBe(0);
    expect(at.variance).toBeCloseTo(9 / 4, 12);
  });
});
