import { describe, expect, it } from 'vitest';
import { norm, unitBallScaler } from './scale';

const scaled = (vs: Float64Array[]) => vs.map(unitBallScaler(vs));

describe('unitBallScaler', () => {
  it('divides every vector of the set by the largest norm', () => {
    const out = scaled([Float64Array.of(3, 4), Float64Array.of(0, 1)]);
    expect(Array.from(out[0])).toEqual([0.6, 0.8]);
    expect(Array.from(out[1])).toEqual([0, 0.2]);
  });

  it('puts every vector in the unit ball, the longest on its boundary', () => {
    const out = scaled([Float64Array.of(0.1, 0.2, 0.3), Float64Array.of(-7, 2, 1), Float64Array.of(0, 0, 0.5)]);
    for (const v of out) expect(norm(v)).toBeLessThanOrEqual(1 + 1e-12);
    expect(norm(out[1])).toBeCloseTo(1, 12);
  });

  it('leaves its input alone and all-zero input as it is', () => {
    const v = Float64Array.of(2, 0);
    scaled([v]);
    expect(Array.from(v)).toEqual([2, 0]);
    expect(Array.from(scaled([new Float64Array(2)])[0])).toEqual([0, 0]);
  });

  it('scales new vectors by the fitted factor and pulls outliers onto the sphere', () => {
    const scale = unitBallScaler([Float64Array.of(3, 4), Float64Array.of(0, 1)]);
    expect(Array.from(scale(Float64Array.of(0, 2.5)))).toEqual([0, 0.5]);
    expect(norm(scale(Float64Array.of(30, 40)))).toBeCloseTo(1, 12);
  });
});
