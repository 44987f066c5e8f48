import { closeEarly, drain } from '../simulate';
import type { World } from '../types';
import { builtinWorld } from '../worlds/builtins';
import { LabAssembler, type LabTick, labSlice } from './slices';
import { SweepAssembler, sweepSlice } from './sweepSlices';
import type { LabConfig, LabResult, SweepConfig, SweepResult } from './types';

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

/**
 * A parameter sweep as a generator: the plain simulation of `config.base` (same seed, T, trials and
 * algorithms) at each value of τ_max or λ, one SweepPoint per algorithm per value (values outer, algorithms
 * in `base.algos` order), as one slice per value (./sweepSlices.ts). Every value is checked before anything runs.
 */
function* sweep(world: World, config: SweepConfig, chunk = 100): Generator<SweepTick, SweepResult, void> {
  const assembler = new SweepAssembler(config);
  const { algos, T, trials } = config.base;
  const total = config.values.length * algos.length * trials * T;
  let before = 0;
  for (let v = 0; v < config.values.length; v++) {
    const slice = sweepSlice(world, config, config.values[v], { from: 0, to: trials }, chunk);
    try {
      for (let step = slice.next(); ; step = slice.next()) {
        if (step.done) {
          assembler.add(step.value);
          break;
        }
        yield { done: before + step.value.done, total, values: v };
      }
    } finally {
      closeEarly(slice);
    }
    before += algos.length * trials * T;
    yield { done: before, total, values: v + 1 };
  }
  return assembler.result();
}

export function runSweep(world: World, config: SweepConfig, hooks: SweepHooks = {}): SweepResult {
  return drain(sweep(world, config, hooks.chunk), hooks.onProgress, hooks.shouldStop);
}

/** `runSweep` on the built-in world `config.base.world`. */
export function sweepBuiltin(config: SweepConfig, hooks: SweepHooks = {}): SweepResult {
  return runSweep(labWorld(config.base), config, hooks);
}
