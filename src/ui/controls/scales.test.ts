import { describe, expect, it } from 'vitest';
import { NUMBER_PARAMS } from '../../engine/params';
import { formatSmall, niceLogScale } from './scales';

const lambda = niceLogScale(NUMBER_PARAMS.lambda.lab);

describe('λ slider scale', () => {
  it('spans the lab range 1e-4 … 1 with nice values', () => {
    expect(lambda.at(0)).toBe(0.0001);
    expect(lambda.at(lambda.steps)).toBe(1);
    expect(lambda.steps).toBe(40);
    const values = Array.from({ length: lambda.steps + 1 }, (_, i) => lambda.at(i));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    expect(values).toContain(0.01);
    expect(values).toContain(0.003);
    expect(values).toContain(0.0012);
  });

  it('maps every value back to its position, and odd values to the nearest', () => {
    for (let i = 0; i <= lambda.steps; i++) expect(lambda.index(lambda.at(i))).toBe(i);
    expect(lambda.at(lambda.index(0.0105))).toBe(0.01);
  });

  it('formats without exponents', () => {
    expect(formatSmall(0.0001)).toBe('0.0001');
    expect(formatSmall(0.00015)).toBe('0.00015');
    expect(formatSmall(0.01)).toBe('0.01');
    expect(formatSmall(1)).toBe('1');
  });
});
