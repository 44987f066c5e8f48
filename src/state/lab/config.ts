/**
 * What the worker is asked to compute for a set of lab parameters: the lab run and the two sweeps, and the
 * jobs (configuration and identity) the controller reconciles.
 * Plain functions with no store or worker behind them, so the browser specs build the same configurations
 * as the page does.
 */

import type { DatasetChoice } from '../../engine/lab/datasetSource';
import type { LabConfig, SweepConfig } from '../../engine/lab/types';
import { paramsOf } from '../../engine/params';
import { isDatasetWorldName, type LabParams, resolveTraceAlgo } from '../urlCodec';
import type { Job, SweepParam } from './jobs';

const SWEEP_PARAMS: readonly SweepParam[] = ['tauMax', 'lambda'];

const SWEEP_VALUES: Record<SweepParam, number[]> = {
  tauMax: [1, 2, 4, 8, 16],
  lambda: [1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 1],
};

/** Points per curve that the worker sends (downsampled; the last step is always kept). */
const CURVE_POINTS = 200;

/** A dataset world's featurizer and costs; `embedModel` names the embedding settings' model. */
function datasetChoiceOf(p: LabParams, embedModel: string): DatasetChoice {
  return {
    features: p.features,
    ...(p.features === 'task-onehot' ? {} : { dim: p.dim }),
    costs: p.costs,
    ...(p.features === 'embedding' ? { embedModel } : {}),
    ...(p.tasks.length > 0 ? { tasks: [...p.tasks] } : {}),
    ...(p.modelStart.length > 0 ? { modelStart: p.modelStart.map((e) => ({ ...e })) } : {}),
    ...(p.taskStart.length > 0 ? { taskStart: p.taskStart.map((e) => ({ ...e })) } : {}),
  };
}

/** The lab run for a set of parameters (`embedModel`: the model embedding features come from). */
export function labConfigOf(p: LabParams, embedModel = ''): LabConfig {
  return {
    ...(isDatasetWorldName(p.world) ? { dataset: datasetChoiceOf(p, embedModel) } : {}),
    world: p.world,
    algos: [...p.algos],
    T: p.T,
    trials: p.trials,
    seed: p.seed,
    // Every policy parameter the lab offers (the registry's `bandit` numbers with a lab range), as it is set.
    params: Object.fromEntries(paramsOf('bandit').flatMap((x) => (x.lab ? [[x.key, p[x.key as keyof LabParams]]] : []))),
    traceAlgo: resolveTraceAlgo(p.algos, p.traceAlgo),
    curvePoints: CURVE_POINTS,
  };
}

/** The τ_max sweep always includes the current τ_max, so the trade-off plot can mark where the run stands. */
export function sweepValues(param: SweepParam, current: number): number[] {
  const values = param === 'tauMax' ? [...SWEEP_VALUES.tauMax, current] : [...SWEEP_VALUES.lambda];
  return [...new Set(values)].sort((a, b) => a - b);
}

function sweepConfigOf(p: LabParams, param: SweepParam, embedModel = ''): SweepConfig {
  return { base: labConfigOf(p, embedModel), param, values: sweepValues(param, p[param]) };
}

/**
 * Identity of a run: a configuration already computed is not run again. What it traces is not part of it: the
 * trace is a job of its own (traceConfigOf).
 */
export function runKey(c: LabConfig): string {
  const { traceAlgo: _trace, traceSteps: _steps, ...rest } = c;
  return JSON.stringify(rest);
}

/**
 * The trace of `run`'s traced algorithm alone: trial 0 of that algorithm only. Every trial draws its prompts and
 * rewards from the seed and the trial (common to all algorithms) and each algorithm's own choices from the
 * seed, the trial and its id (engine/simulate.ts), so this is the trace the whole run records for it.
 */
export function traceConfigOf(run: LabConfig): LabConfig {
  const { traceSteps: _none, ...rest } = run;
  return { ...rest, algos: [run.traceAlgo], trials: 1 };
}

/** Identity of a trace: its run and the traced algorithm. */
export const traceKey = (run: LabConfig) => JSON.stringify([runKey(run), run.traceAlgo]);

/** A sweep depends on everything but the swept parameter and the traced algorithm. */
function sweepKey(c: SweepConfig): string {
  const { traceAlgo: _trace, ...base } = c.base;
  const params = { ...base.params };
  delete params[c.param];
  return JSON.stringify({ ...base, params, param: c.param, values: c.values });
}

/**
 * The jobs a page showing `p` wants, in the order they run: the run first (src/state/lab/reconcile.ts relies on
 * that), then its trace, then the sweeps.
 *
 * The run records no trace. Its trace (trial 0 of the traced algorithm) is a job of its own, started once the run
 * is shown. A trace is a thousand rows of small objects, which took the page about 30 ms to read. Now a run that
 * a newer input replaces, as most runs of a slider drag are, never makes the page read one: INP p98 over 64
 * slider keys fell by 18 ± 5 ms (docs/notes/benchmarks-history.md, "The trace, a job of its own").
 */
export function wantedJobs(p: LabParams, embedModel = ''): Job[] {
  const run = labConfigOf(p, embedModel);
  const jobs: Job[] = [
    { kind: 'run', key: runKey(run), config: { ...run, traceSteps: 0 } },
    { kind: 'trace', key: traceKey(run), config: traceConfigOf(run) },
  ];
  for (const param of SWEEP_PARAMS) {
    const config = sweepConfigOf(p, param, embedModel);
    jobs.push({ kind: param, key: sweepKey(config), config });
  }
  return jobs;
}
