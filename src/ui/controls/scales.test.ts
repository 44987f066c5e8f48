import { describe, expect, it } from 'vitest';
import { formatLambda, LAMBDA_STEPS, lambdaAt, lambdaIndex } from './scales';

describe('λ slider scale', () => {
  it('spans 1e-4 … 1 with nice values', () => {
    expect(lambdaAt(0)).toBe(0.0001);
    expect(lambdaAt(LAMBDA_STEPS)).toBe(1);
    const values = Array.from({ length: LAMBDA_STEPS + 1 }, (_, i) => lambdaAt(i));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    expect(values).toContain(0.01);
    expect(values).toContain(0.003);
    expect(values).toContain(0.0012);
  });

  it('maps every value back to its position, and odd values to the nearest', () => {
    for (let i = 0; i <= LAMBDA_STEPS; i++) expect(lambdaIndex(lambdaAt(i))).toBe(i);
    expect(lambdaAt(lambdaIndex(0.0105))).toBe(0.01);
  });

  it('formats without exponents', () => {
    expect(formatLambda(0.0001)).toBe('0.0001');
    expect(formatLambda(0.00015)).toBe('0.00015');
    expect(formatLambda(0.01)).toBe('0.01');
    expect(formatLambda(1)).toBe('1');
  });
});
