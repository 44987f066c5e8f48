/**
 * A sweep takes its point at the current value from the shown run instead of computing it again: the points it
 * gives are the ones the whole sweep computes.
 */
import { describe, expect, it } from 'vitest';
import { labBuiltin, sweepBuiltin } from '../../engine/lab/run';
import type { SweepConfig } from '../../engine/lab/types';
import { DEFAULT_PARAMS } from '../urlCodec';
import { labConfigOf, sweepValues } from './config';
import { shareRunPoint } from './shareRunPoint';

describe('shareRunPoint', () => {
  const p = { ...DEFAULT_PARAMS, world: 'sudoku', algos: ['promptwise', 'greedy', 'oracle'], T: 200, trials: 3, lambda: 0.01, tauMax: 4 };
  const base = labConfigOf(p);
  const run = labBuiltin(base);

  it.each(['tauMax', 'lambda'] as const)('%s: computes one value fewer and gives the whole sweep’s points', (param) => {
    const config = { base, param, values: sweepValues(param, p[param]) };
    const { compute, complete } = shareRunPoint(config, run);
    expect(compute.values).toEqual(config.values.filter((v) => v !== p[param]));
    expect(complete(sweepBuiltin(compute))).toEqual(sweepBuiltin(config));
  });

  it('completes a partial sweep with the run’s point over as many trials', () => {
    const config = { base, param: 'lambda' as const, values: sweepValues('lambda', p.lambda) };
    const { compute, complete } = shareRunPoint(config, run);
    const shorter = (c: SweepConfig, trials: number) => ({ ...c, base: { ...c.base, trials } });
    for (const trials of [1, 2]) {
      const partial = { ...sweepBuiltin(shorter(compute, trials)), trials };
      expect(complete(partial)).toEqual({ ...sweepBuiltin(shorter(config, trials)), trials });
    }
  });

  it('computes everything when the shown run is another one, or the current value is not swept', () => {
    const other = labBuiltin({ ...base, seed: 1 });
    const config = { base, param: 'tauMax' as const, values: sweepValues('tauMax', 4) };
    expect(shareRunPoint(config, other).compute).toBe(config);
    expect(shareRunPoint(config, null).compute).toBe(config);
    const offGrid = labConfigOf({ ...p, lambda: 0.02 });
    const lambda = { base: offGrid, param: 'lambda' as const, values: sweepValues('lambda', 0.02) };
    expect(shareRunPoint(lambda, labBuiltin(offGrid)).compute).toBe(lambda);
  });
});
