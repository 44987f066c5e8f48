import { type AsyncHooks, checkOptions, drain, drainAsync, driveSimulation, SimConfigError, type SimOptions, simulate } from '../simulate';
import type { World } from '../types';
import { builtinWorld } from '../worlds/builtins';
import { LabAssembler, type LabTick, labSlice } from './slices';
import type { LabConfig, LabResult, SweepConfig, SweepPoint, SweepResult } from './types';

export type { LabTick } from './slices';

/** Progress of a sweep, after every StepBatch of every value: steps over all values. */
interface SweepTick {
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

/**
 * A lab run as a generator: the simulation of `config` (the same numbers as `simulate`, which it drives),
 * with the curves and arm usage built from the StepBatches as they stream and the trial-0 trace of
 * `config.traceAlgo` recorded pull by pull. Yields a LabTick after every batch; returns the LabResult.
 * Only the traced (algorithm, trial 0) pays for decision details. It is one slice of all the trials
 * (./slices.ts), so a pool of workers that splits the trials gives the same result.
 */
export function* lab(world: World, config: LabConfig, chunk = 100): Generator<LabTick, LabResult, void> {
  const slice = yield* labSlice(world, config, { from: 0, to: config.trials }, chunk);
  const assembler = new LabAssembler(config);
  assembler.add(slice);
  return assembler.result();
}

/** Runs `lab` synchronously (tests, Node). */
export function runLab(world: World, config: LabConfig, hooks: LabHooks = {}): LabResult {
  return drain(lab(world, config, hooks.chunk), hooks.onProgress, hooks.shouldStop);
}

/** The built-in world a LabConfig names. */
function labWorld(config: Pick<LabConfig, 'world' | 'd'>): World {
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
function* sweep(world: World, config: SweepConfig, chunk = 100): Generator<SweepTick, SweepResult, void> {
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
