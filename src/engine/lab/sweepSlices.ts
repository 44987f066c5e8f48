import { meanStd } from '../metrics';
import { checkOptions, driveSimulation, SimConfigError, type SimOptions, simulateTrials, type TrialRange } from '../simulate';
import type { World } from '../types';
import { trialFigures } from './trialFigures';
import type { SweepConfig, SweepPartial, SweepPoint, SweepResult, TrialFigures } from './types';

/**
 * A parameter sweep cut into slices: one value of the swept parameter over a range of trials. A pool of workers
 * shares a sweep this way, and the page shows it progressively: the SweepAssembler gives the points over the
 * trials that every value has finished (trial i of a value depends only on the seed, the value and i, as in a
 * lab run: ./slices.ts), which are exactly the points of the same sweep with that many trials. Put together, the
 * slices give the engine's sweep (./run.ts, which is one slice per value), bit for bit, for any slicing.
 */

/** One value's trials [range.from, range.to): each algorithm's per-trial figures, in trial order. */
export interface SweepSlice {
  x: number;
  range: TrialRange;
  figures: Record<string, TrialFigures>;
}

/** Progress of one slice, after every StepBatch: steps over the slice's algorithms and trials. */
export interface SweepSliceTick {
  done: number;
  total: number;
}

/** The simulation a sweep runs at value x: its base run with the swept parameter set to x. */
function sweepOptions(config: SweepConfig, x: number): SimOptions {
  const { algos, T, trials, seed, params } = config.base;
  return { algos, T, trials, seed, params: { ...params, [config.param]: x } };
}

/** Throws the SimConfigError the sweep would (the field's name first), before anything runs. */
function checkSweep(config: SweepConfig): void {
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
}

/** Trials [range.from, range.to) of the sweep's run at value x, as a generator; returns their figures. */
export function* sweepSlice(world: World, config: SweepConfig, x: number, range: TrialRange, chunk = 100): Generator<SweepSliceTick, SweepSlice, void> {
  const options = sweepOptions(config, x);
  const total = options.algos.length * (range.to - range.from) * options.T;
  let done = 0;
  const outcomes = yield* driveSimulation(simulateTrials(world, options, range, chunk), (batch) => {
    done += batch.to - batch.from;
    return { done, total };
  });
  return { x, range: { ...range }, figures: trialFigures(outcomes, options.algos) };
}

/**
 * The rounds a progressive sweep is computed in: every value's trials up to 1, 2, 5, 10, 20, 50, … (the last
 * round ends at `trials`). The first round gives the sweep's whole shape over one trial, for a twentieth of the
 * default's work; each later round at least doubles the trials behind the points.
 */
export function sweepRounds(trials: number): TrialRange[] {
  const rounds: TrialRange[] = [];
  let from = 0;
  for (let decade = 1; from < trials; decade *= 10) {
    for (const step of [1, 2, 5]) {
      const to = Math.min(trials, step * decade);
      if (to > from) rounds.push({ from, to });
      from = Math.max(from, to);
    }
  }
  return rounds;
}

/**
 * An algorithm's point at value x over its first n trials: the means and the spreads over trials that a run of n
 * trials reports (metrics.ts), with n, so a reader can tell a change from noise (lessons.ts: standard errors).
 */
export function sweepPoint(algo: string, x: number, figures: TrialFigures, n: number): SweepPoint {
  const stat = (values: number[]) => meanStd(values.length === n ? values : values.slice(0, n));
  const [utility, cost, success] = [stat(figures.utility), stat(figures.cost), stat(figures.success)];
  return {
    algo,
    x,
    utility: utility.mean,
    cost: cost.mean,
    success: success.mean,
    std: { utility: utility.std, cost: cost.std, success: success.std },
    trials: n,
  };
}

/** Trials that every one of `values` has in `slices`, from trial 0 without a gap (0 for a value with none). */
export function trialsDone(slices: readonly SweepSlice[], values: readonly number[]): number {
  let done = Infinity;
  for (const x of values) {
    let n = 0;
    for (const s of slices.filter((sl) => sl.x === x).sort((a, b) => a.range.from - b.range.from)) {
      if (s.range.from !== n) break;
      n = s.range.to;
    }
    done = Math.min(done, n);
  }
  return done === Infinity ? 0 : done;
}

/** Puts a sweep together from its slices, in any order of arrival (slices of one value must not overlap). */
export class SweepAssembler {
  /** Per value (in config order), its slices. */
  private readonly byValue: SweepSlice[][];

  constructor(private readonly config: SweepConfig) {
    checkSweep(config);
    this.byValue = config.values.map(() => []);
  }

  add(slice: SweepSlice): void {
    const v = this.config.values.indexOf(slice.x);
    if (v < 0) throw new Error(`SweepAssembler: ${slice.x} is not one of the sweep's values`);
    const { from, to } = slice.range;
    for (const s of this.byValue[v]) {
      if (from < s.range.to && s.range.from < to) throw new Error(`SweepAssembler: trials ${from}…${to - 1} of ${slice.x} overlap a slice already in`);
    }
    this.byValue[v].push(slice);
  }

  /** Trials in for every value, from trial 0 without a gap. */
  trialsDone(): number {
    return trialsDone(this.byValue.flat(), this.config.values);
  }

  /** The sweep over the `trialsDone()` trials every value has, or null before each has trial 0. */
  partial(): SweepPartial | null {
    const trials = this.trialsDone();
    return trials === 0 ? null : { ...this.points(trials), trials };
  }

  /** The sweep, once every value has every trial. */
  result(): SweepResult {
    const trials = this.trialsDone();
    if (trials !== this.config.base.trials) throw new Error(`SweepAssembler: ${trials} of ${this.config.base.trials} trials are in for every value`);
    return this.points(trials);
  }

  /** Points over trials 0 … n − 1: values outer, algorithms inner (in `base.algos` order). */
  private points(n: number): SweepResult {
    const { param, values, base } = this.config;
    const points: SweepPoint[] = [];
    values.forEach((x, v) => {
      const slices = [...this.byValue[v]].sort((a, b) => a.range.from - b.range.from);
      for (const algo of base.algos) {
        const merged: TrialFigures = { utility: [], cost: [], success: [] };
        for (const s of slices) {
          if (s.range.from >= n) break;
          const f = s.figures[algo];
          merged.utility.push(...f.utility);
          merged.cost.push(...f.cost);
          merged.success.push(...f.success);
        }
        points.push(sweepPoint(algo, x, merged, n));
      }
    });
    return { param, values: [...values], points };
  }
}
