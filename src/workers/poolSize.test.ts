import { describe, expect, it } from 'vitest';
import { defaultPoolSize, MAX_POOL_SIZE } from './poolSize';

describe('defaultPoolSize', () => {
  it('keeps the page a core, but uses both of two cores', () => {
    expect([1, 2, 3, 4, 8].map(defaultPoolSize)).toEqual([1, 2, 2, 3, 7]);
    expect(defaultPoolSize(64)).toBe(MAX_POOL_SIZE);
  });

  it('never gives fewer than one worker, whatever navigator.hardwareConcurrency says', () => {
    for (const odd of [0, -3, Number.NaN, Number.POSITIVE_INFINITY, 2.5]) expect(defaultPoolSize(odd)).toBeGreaterThanOrEqual(1);
    expect(defaultPoolSize(Number.NaN)).toBe(1);
  });
});
