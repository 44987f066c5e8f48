import { describe, expect, it } from 'vitest';
import { nearestRows } from './nearest';

describe('nearestRows', () => {
  const contexts = [
    [1, 0],
    [0, 1],
    [2, 2],
    [0, 0],
    [1, 1],
  ];
  it('ranks rows by cosine similarity, ties to the lower row, zero vectors last', () => {
    const near = nearestRows([1, 1.0001], contexts.length, (i) => contexts[i], 3);
    expect(near.map((n) => n.row)).toEqual([2, 4, 1]);
    expect(near[0].similarity).toBeCloseTo(1, 6);
    expect(nearestRows([0, 0], contexts.length, (i) => contexts[i], 2)).toEqual([
      { row: 0, similarity: 0 },
      { row: 1, similarity: 0 },
    ]);
  });
});
