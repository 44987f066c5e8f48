/** A sweep shares its point at the current value with the run on screen, instead of computing it again. */
import { sweepPoint } from '../../engine/lab/sweepSlices';
import type { LabResult, SweepConfig, SweepResult } from '../../engine/lab/types';
import { runKey } from './config';

/**
 * A sweep's point at the current value of its parameter is the shown run itself (same world, seed, trials and
 * parameters): when `run` is that run, the sweep computes the other values only and takes that point from the
 * run's per-trial figures, over as many trials as the points it joins (a partial sweep's `trials`, else all).
 * `compute` is what to run, `complete` puts the point back in its place (values outer, algorithms inner, as the
 * engine orders them).
 */
export function shareRunPoint(
  config: SweepConfig,
  run: LabResult | null,
): { compute: SweepConfig; complete<R extends SweepResult & { trials?: number }>(result: R): R } {
  const x = config.base.params[config.param];
  const same = run !== null && x !== undefined && x !== null && runKey(run.config) === runKey(config.base);
  if (!same || !config.values.includes(x) || config.values.length < 2) return { compute: config, complete: (r) => r };
  const compute = { ...config, values: config.values.filter((v) => v !== x) };
  const complete = <R extends SweepResult & { trials?: number }>(r: R): R => {
    const n = r.trials ?? config.base.trials;
    return {
      ...r,
      values: [...config.values],
      points: config.values.flatMap((v) =>
        v === x ? config.base.algos.map((algo) => sweepPoint(algo, x, run.byTrial[algo], n)) : r.points.filter((p) => p.x === v),
      ),
    };
  };
  return { compute, complete };
}
