import { describe, expect, it } from 'vitest';
import { sameGround } from './datasetChoice';

describe('sameGround', () => {
  it('holds for runs of one world with costs in one unit, whatever else changed', () => {
    const data = (costs: 'prices' | 'per-query', features = 'task-onehot') => ({ world: 'data:routeprofile-ulab', dataset: { costs, features } });
    expect(sameGround({ world: 'sudoku' }, { world: 'sudoku' })).toBe(true);
    expect(sameGround(data('prices'), data('prices', 'hashed-ngrams'))).toBe(true);
    // Another world, or the same data with its costs in another unit (recorded µ$ against set prices).
    expect(sameGround({ world: 'sudoku' }, { world: 't2i' })).toBe(false);
    expect(sameGround(data('prices'), data('per-query'))).toBe(false);
  });
});
