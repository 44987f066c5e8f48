import { type AsyncHooks, checkOptions, drain, drainAsync, driveSimulation, SimConfigError, type SimOptions, simulate } from '../simulate';
import { defaultParams, type World } from '../types';
import { builtinWorld } from '../worlds/builtins';
import { CurveAccumulator, DEFAULT_CURVE_POINTS } from './curves';
import { TraceRecorder } from './trace';
import type { LabConfig, LabProgress, LabResult, SweepConfig, SweepPoint, SweepResult } from './types';
import { UsageAccumulator } from './usage';

/** Progress of a lab run, after every StepBatch. */
export interface LabTick {
  /** Steps simulated so far over all algorithms and trials, of `total` = algos × trials × T. */
  done: number;
  total: number;
  /** Trials every algorithm has finished. */
  trials: number;
  /** Curves over those trials (null before the first); computed when called. */
  partial(): LabProgress['partial'];
}

/** Progress of a sweep, after every StepBatch of every value: steps over all values. */
export interface SweepTick {
  done: number;
  total: number;
  /** Values finished. */
  values: number;
}

export interface LabHooks {
  onProgress?: (tick: LabTick) => void;
  /** Polled after every batch; returning true throws SimCancelled (sync runner only). */
  shouldStop?: () => boolean;
  /** Steps per StepBatch (default 100). */
  chunk?: number;
}

export interface SweepHooks {
  onProgress?: (tick: SweepTick) => void;
  shouldStop?: () => boolean;
  chunk?: number;
}

function simOptions(config: LabConfig): SimOptions {
  return { algos: config.algos, T: config.T, trials: config.trials, seed: config.seed, params: config.params };
}

function checkLab(config: LabConfig): { curvePoints: number; traceSteps: number } {
  checkOptions(simOptions(config));
  const seen = new Set<string>();
  for (const id of config.algos) {
    if (seen.has(id)) throw new SimConfigError(`algos: "${id}" is listed twice`);
    seen.add(id);
  }
  if (!seen.has(config.traceAlgo)) {
    throw new SimConfigError(`traceAlgo: "${config.traceAlgo}" is not one of the algorithms run (${config.algos.join(', ')})`);
  }
  const curvePoints = config.curvePoints ?? DEFAULT_CURVE_POINTS;
  if (!Number.isInteger(curvePoints) || curvePoints < 2) {
    throw new SimConfigError(`curvePoints: must be an integer ≥ 2 (got ${curvePoints})`);
  }
  const traceSteps = config.traceSteps ?? config.T;
  if (!Number.isInteger(traceSteps) || traceSteps < 0) {
    throw new SimConfigError(`traceSteps: must be a non-negative integer (got ${traceSteps})`);
  }
  return { curvePoints, traceSteps: Math.min(traceSteps, config.T) };
}

/**
 * A lab run as a generator: the simulation of `config` (the same numbers as `simulate`, which it drives),
 * with the curves and arm usage built from the StepBatches as they stream and the trial-0 trace of
 * `config.traceAlgo` recorded pull by pull. Yields a LabTick after every batch; returns the LabResult.
 * Only the traced (algorithm, trial 0) pays for decision details.
 */
export function* lab(world: World, config: LabConfig, chunk = 100): Generator<LabTick, LabResult, void> {
  const { curvePoints, traceSteps } = checkLab(config);
  const params = { ...defaultParams, ...config.params };
  const { T, trials, algos } = config;
  const curves = new CurveAccumulator(algos, T, trials, curvePoints);
  const usage = new UsageAccumulator(algos, world.categories.length, world.arms.length, params.tauMax);
  const recorder = new TraceRecorder(config.traceAlgo, world, params.lambda, params.tauMax, traceSteps);
  const total = algos.length * trials * T;
  const partial = () => (curves.trialsDone() > 0 ? { curves: curves.curves() } : null);

  let done = 0;
  const summary = yield* driveSimulation(simulate(world, simOptions(config), chunk, recorder), (batch) => {
    curves.add(batch);
    usage.add(batch);
    done += batch.to - batch.from;
    return { done, total, trials: curves.trialsDone(), partial };
  });
  return {
    config: { ...config, algos: [...algos], params: { ...config.params }, curvePoints },
    world: recorder.worldInfo(),
    summary,
    curves: curves.curves(),
    usage: usage.result(),
    trace: recorder.rows,
  };
}

/** Runs `lab` synchronously (tests, Node). */
export function runLab(world: World, config: LabConfig, hooks: LabHooks = {}): LabResult {
  return drain(lab(world, config, hooks.chunk), hooks.onProgress, hooks.shouldStop);
}

/** Runs `lab`, yielding to the event loop as `runSimulationAsync` does (the worker). */
export function runLabAsync(world: World, config: LabConfig, hooks: Omit<LabHooks, 'shouldStop'> & AsyncHooks = {}): Promise<LabResult> {
  return drainAsync(lab(world, config, hooks.chunk), hooks.onProgress, hooks);
}

/** The built-in world a LabConfig names. */
export function labWorld(config: Pick<LabConfig, 'world' | 'd'>): World {
  return builtinWorld(config.world, { d: config.d });
}

/** `runLab` on a built-in world. */
export function labBuiltin(config: LabConfig, hooks: LabHooks = {}): LabResult {
  return runLab(labWorld(config), config, hooks);
}

function sweepOptions(config: SweepConfig, x: number): SimOptions {
  const base = simOptions(config.base);
  return { ...base, params: { ...base.params, [config.param]: x } };
}

/**
 * A parameter sweep as a generator: the plain simulation of `config.base` (same seed, T, trials and
 * algorithms) at each value of τ_max or λ, one SweepPoint per algorithm per value (values outer, algorithms
 * in `base.algos` order). Every value is checked before anything runs.
 */
export function* sweep(world: World, config: SweepConfig, chunk = 100): Generator<SweepTick, SweepResult, void> {
  if (config.param !== 'tauMax' && config.param !== 'lambda') {
    throw new SimConfigError(`param: must be "tauMax" or "lambda" (got ${String(config.param)})`);
  }
  if (config.values.length === 0) throw new SimConfigError('values: give at least one value to sweep');
  for (const x of config.values) {
    try {
      checkOptions(sweepOptions(config, x));
    } catch (e) {
      throw e instanceof SimConfigError ? new SimConfigError(`values: ${e.message}`) : e;
    }
  }
  const { algos, T, trials } = config.base;
  const total = config.values.length * algos.length * trials * T;
  const points: SweepPoint[] = [];
  let done = 0;
  for (let v = 0; v < config.values.length; v++) {
    const x = config.values[v];
    const summary = yield* driveSimulation(simulate(world, sweepOptions(config, x), chunk), (batch) => {
      done += batch.to - batch.from;
      return { done, total, values: v };
    });
    for (const algo of algos) {
      const r = summary.results[algo];
      points.push({ algo, x, utility: r.utility.mean, cost: r.cost.mean, success: r.success.mean });
    }
    yield { done, total, values: v + 1 };
  }
  return { param: config.param, values: [...config.values], points };
}

export function runSweep(world: World, config: SweepConfig, hooks: SweepHooks = {}): SweepResult {
  return drain(sweep(world, config, hooks.chunk), hooks.onProgress, hooks.shouldStop);
}

export function runSweepAsync(world: World, config: SweepConfig, hooks: Omit<SweepHooks, 'shouldStop'> & AsyncHooks = {}): Promise<SweepResult> {
  return drainAsync(sweep(world, config, hooks.chunk), hooks.onProgress, hooks);
}

/** `runSweep` on the built-in world `config.base.world`. */
export function sweepBuiltin(config: SweepConfig, hooks: SweepHooks = {}): SweepResult {
  return runSweep(labWorld(config.base), config, hooks);
}
