import { describe, expect, it } from 'vitest';
import { nextToDraw } from './common';

describe('nextToDraw', () => {
  it('takes the charts in index order while they show the same value', () => {
    expect(nextToDraw([0, 0, 0, 0], 1)).toBe(0);
    expect(nextToDraw([1, 0, 0, 0], 1)).toBe(1);
    expect(nextToDraw([1, 1, 1, 0], 1)).toBe(3);
  });

  it('serves the chart furthest behind first when new values come before every chart has the last one', () => {
    // Value 2 came while charts 2 and 3 still showed value 0 (nothing drawn yet): they go before chart 0 and 1.
    expect(nextToDraw([1, 1, 0, 0], 2)).toBe(2);
    expect(nextToDraw([1, 1, 2, 0], 2)).toBe(3);
    expect(nextToDraw([1, 1, 2, 2], 2)).toBe(0);
    expect(nextToDraw([2, 1, 2, 2], 2)).toBe(1);
  });

  it('answers -1 when every chart shows the latest value', () => {
    expect(nextToDraw([3, 3, 3], 3)).toBe(-1);
    expect(nextToDraw([], 0)).toBe(-1);
  });
});
