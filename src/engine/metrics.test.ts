import { describe, expect, it } from 'vitest';
import { diffStandardError, meanStd } from './metrics';

describe('meanStd', () => {
  it('gives the mean and the population standard deviation', () => {
    const { mean, std } = meanStd([1, 2, 3, 4]);
    expect(mean).toBe(2.5);
    expect(std).toBeCloseTo(Math.sqrt(1.25), 15);
  });

  it('gives equal values their value as mean and exactly no spread', () => {
    // Summed and divided, three 0.1s make 0.10000000000000002, and the spread around it 1.4e-17.
    expect((0.1 + 0.1 + 0.1) / 3).not.toBe(0.1);
    expect(meanStd([0.1, 0.1, 0.1])).toEqual({ mean: 0.1, std: 0 });
    // Seven 0.7s: 0.7000000000000001 ± 1.1e-16 before, the "± 1.1e−16" a chart tooltip showed.
    expect(meanStd(new Float64Array([0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7]))).toEqual({ mean: 0.7, std: 0 });
    expect(meanStd([5])).toEqual({ mean: 5, std: 0 });
  });

  it('is NaN for no values', () => {
    expect(meanStd([])).toEqual({ mean: NaN, std: NaN });
  });
});

describe('diffStandardError', () => {
  it('is the sample standard error of a difference of two independent means', () => {
    const a = [1, 2, 3, 4];
    const b = [2, 2, 5, 7];
    // By hand: sample variances 5/3 and 6; SE = sqrt((5/3 + 6) / 4).
    expect(diffStandardError(meanStd(a), meanStd(b), 4)).toBeCloseTo(Math.sqrt((5 / 3 + 6) / 4), 12);
  });
  it('is zero for one trial: any difference counts', () => {
    expect(diffStandardError({ std: 0 }, { std: 0 }, 1)).toBe(0);
  });
});
