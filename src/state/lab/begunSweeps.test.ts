import { describe, expect, it } from 'vitest';
import type { SweepSlice } from '../../engine/lab/sweepSlices';
import { BegunSweeps } from './begunSweeps';

const slice = (x: number, from: number, to: number): SweepSlice => ({ x, range: { from, to }, figures: {} });

describe('BegunSweeps', () => {
  it('counts the trials every value has, from trial 0 without a gap', () => {
    const b = new BegunSweeps();
    expect(b.begin('tauMax', 'A', [1, 2])).toEqual([]);
    b.add('A', slice(1, 0, 1));
    expect(b.trials('A')).toBe(0); // value 2 has none yet
    b.add('A', slice(2, 0, 1));
    b.add('A', slice(1, 1, 2));
    expect(b.trials('A')).toBe(1);
    b.add('A', slice(2, 2, 5)); // a gap: trial 1 of value 2 is missing
    expect(b.trials('A')).toBe(1);
    expect(b.trials('unknown')).toBe(0);
  });

  it('resumes a sweep from its own slices of the values it now computes, and keeps one sweep per kind', () => {
    const b = new BegunSweeps();
    b.begin('tauMax', 'A', [1, 2, 5]);
    for (const x of [1, 2, 5]) b.add('A', slice(x, 0, 2));
    b.begin('lambda', 'L', [0.1]);
    // Resumed without value 5 (now the run's own point): its slices of 1 and 2 come back, a copy.
    const from = b.begin('tauMax', 'A', [1, 2]);
    expect(from.map((s) => s.x)).toEqual([1, 2]);
    from.push(slice(9, 0, 1));
    expect(b.trials('A')).toBe(2);
    expect(b.keyOf('tauMax')).toBe('A');
    // Another τ_max configuration replaces it; the λ sweep stays.
    b.begin('tauMax', 'B', [1]);
    expect(b.keyOf('tauMax')).toBe('B');
    expect(b.trials('A')).toBe(0);
    expect([...b.trialsByKey().keys()].sort()).toEqual(['B', 'L']);
    b.add('A', slice(1, 0, 1)); // a dropped sweep's late slice is ignored
    expect(b.trials('A')).toBe(0);
    b.finish('L');
    expect(b.keyOf('lambda')).toBeNull();
  });
});
