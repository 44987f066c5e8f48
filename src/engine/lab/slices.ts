import {
  checkOptions,
  driveSimulation,
  mergeOutcomes,
  SimConfigError,
  type SimOptions,
  simulateTrials,
  summarize,
  type TrialDraws,
  type TrialOutcomes,
  type TrialRange,
} from '../simulate';
import { addSingleModelTrial, emptySingleModelTrials, mergeSingleModelTrials, type SingleModelTrials, summarizeSingleModels } from '../singleModels';
import { defaultParams, type World } from '../types';
import { CurveAccumulator, type CurveRows, DEFAULT_CURVE_POINTS } from './curves';
import { TraceRecorder } from './trace';
import { trialFigures } from './trialFigures';
import type { LabConfig, LabProgress, LabResult, LabWorldInfo, TraceRow } from './types';
import { UsageAccumulator, type UsageSums } from './usage';

/**
 * A lab run cut into slices of trials, so a pool of workers can share it (issue 11): each worker runs
 * `labSlice` on some trials and sends back a LabSlice (plain data: structured-clone friendly), and a
 * LabAssembler on the page puts the slices together. Trial i depends only on the seed and i, every per-trial
 * quantity is kept per trial (curve rows, outcomes) or is an integer count (arm usage), and the assembler
 * combines them in trial order, so the result is the same, bit for bit, for any slicing and any number of
 * workers; `lab` itself is one slice of all the trials.
 */

/** Progress of a lab run (or of one slice), after every StepBatch. */
export interface LabTick {
  /** Steps simulated so far over all algorithms and trials (of the slice), of `total` = algos × trials × T. */
  done: number;
  total: number;
  /** Trials (of the slice) every algorithm has finished. */
  trials: number;
  /** Curves over those trials (null before the first); computed when called. */
  partial(): Pick<LabResult, 'curves'> | null;
}

/** What a slice of trials [range.from, range.to) produced. */
export interface LabSlice {
  range: TrialRange;
  outcomes: TrialOutcomes;
  /** Each model alone on the slice's trials (the stakeholder line's references). */
  singles: SingleModelTrials;
  /** Per algorithm, the slice's curve rows. */
  curves: Record<string, CurveRows>;
  /** Per algorithm, the slice's arm usage sums. */
  usage: Record<string, UsageSums>;
  /** The trial-0 trace and the world as trial 0 showed it: in the slice that holds trial 0, else null. */
  trace: TraceRow[] | null;
  world: LabWorldInfo | null;
}

function simOptions(config: LabConfig): SimOptions {
  return { algos: config.algos, T: config.T, trials: config.trials, seed: config.seed, params: config.params };
}

/** Checks a lab config (SimConfigError with the field's name); returns its curve points and trace length. */
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
 * Trials [range.from, range.to) of the lab run `config` as a generator: the simulation's StepBatches feed the
 * slice's curves and usage, and the slice holding trial 0 records the trace of `config.traceAlgo`. Yields a
 * LabTick (over the slice) after every batch; returns the LabSlice.
 */
export function* labSlice(world: World, config: LabConfig, range: TrialRange, chunk = 100): Generator<LabTick, LabSlice, void> {
  const { curvePoints, traceSteps } = checkLab(config);
  const params = { ...defaultParams, ...config.params };
  const { T, algos } = config;
  const n = range.to - range.from;
  const curves = new CurveAccumulator(algos, T, n, curvePoints, range.from);
  const usage = new UsageAccumulator(algos, world.categories.length, world.arms.length, params.tauMax);
  const recorder = range.from === 0 && n > 0 ? new TraceRecorder(config.traceAlgo, world, params.lambda, params.tauMax, traceSteps) : undefined;
  const total = algos.length * n * T;
  const partial = () => (curves.trialsDone() > 0 ? { curves: curves.curves() } : null);

  let done = 0;
  // Each model alone, on the draws the trials are played on (not drawn a second time).
  const singles = emptySingleModelTrials(world.arms.length);
  const onDraws = (_trial: number, draws: TrialDraws) => addSingleModelTrial(singles, world, draws, params);
  const outcomes = yield* driveSimulation(simulateTrials(world, simOptions(config), range, chunk, recorder, onDraws), (batch) => {
    curves.add(batch);
    usage.add(batch);
    done += batch.to - batch.from;
    return { done, total, trials: curves.trialsDone(), partial };
  });
  return {
    range: { ...range },
    outcomes,
    singles,
    curves: Object.fromEntries(algos.map((a) => [a, curves.rows(a)])),
    usage: Object.fromEntries(algos.map((a) => [a, usage.sums(a)])),
    trace: recorder ? recorder.rows : null,
    world: recorder ? recorder.worldInfo() : null,
  };
}

/**
 * Puts a lab run together from its slices, in any order of arrival: the curves over the trials finished
 * from trial 0 without a gap are available as soon as they are (progressive results), and `result()` gives
 * the run once every trial is in.
 */
export class LabAssembler {
  private readonly curves: CurveAccumulator;
  /** Made from the first slice, whose sums give the number of categories and arms. */
  private usage: UsageAccumulator | null = null;
  private readonly slices: LabSlice[] = [];
  private readonly curvePoints: number;
  private readonly tauMax: number;
  private trace: TraceRow[] | null = null;
  private world: LabWorldInfo | null = null;
  private received = 0;

  constructor(private readonly config: LabConfig) {
    this.curvePoints = checkLab(config).curvePoints;
    this.tauMax = { ...defaultParams, ...config.params }.tauMax;
    this.curves = new CurveAccumulator(config.algos, config.T, config.trials, this.curvePoints);
  }

  /** Takes one slice (slices must not overlap). */
  add(slice: LabSlice): void {
    const { from, to } = slice.range;
    for (const s of this.slices) {
      if (from < s.range.to && s.range.from < to) throw new Error(`LabAssembler: trials ${from}…${to - 1} overlap a slice already in`);
    }
    this.slices.push(slice);
    this.received += to - from;
    for (const algo of this.config.algos) {
      if (to > from) this.curves.place(algo, slice.curves[algo], from);
      const sums = slice.usage[algo];
      const rows = sums.prompts.length;
      this.usage ??= new UsageAccumulator(this.config.algos, rows, sums.counts.length / rows, this.tauMax);
      this.usage.absorb(algo, sums);
    }
    if (slice.world) {
      this.trace = slice.trace;
      this.world = slice.world;
    }
  }

  /** Trials in, from trial 0 without a gap. */
  trialsDone(): number {
    return this.curves.trialsDone();
  }

  /** The figures over the `trialsDone()` trials in (curves, summary, world), or null before trial 0 is in. */
  partial(): LabProgress['partial'] {
    const trials = this.trialsDone();
    if (trials === 0 || this.world === null) return null;
    const prefix = this.ordered().filter((s) => s.range.to <= trials);
    return {
      curves: this.curves.curves(),
      summary: this.summary(mergeOutcomes(prefix.map((s) => s.outcomes)), trials),
      singleModels: this.singleModels(prefix),
      world: this.world,
      trials,
    };
  }

  private ordered(): LabSlice[] {
    return [...this.slices].sort((a, b) => a.range.from - b.range.from);
  }

  /** The summary of trials 0 … trials − 1 from their merged outcomes. */
  private summary(outcomes: TrialOutcomes, trials: number): LabResult['summary'] {
    const world = this.world!;
    return summarize({ name: world.name, arms: world.arms, dim: world.dim ?? 0 }, { ...simOptions(this.config), trials }, outcomes);
  }

  /** Each model alone over `slices` (trials 0 … in order). */
  private singleModels(slices: readonly LabSlice[]): LabResult['singleModels'] {
    const merged = mergeSingleModelTrials(slices.map((s) => s.singles));
    return merged ? summarizeSingleModels(this.world!.arms, merged) : [];
  }

  /** The run, once every trial is in. */
  result(): LabResult {
    const { config } = this;
    if (this.received !== config.trials || this.world === null || this.trace === null || this.usage === null) {
      throw new Error(`LabAssembler: ${this.received} of ${config.trials} trials are in`);
    }
    const world = this.world;
    const ordered = this.ordered();
    const outcomes = mergeOutcomes(ordered.map((s) => s.outcomes));
    const summary = this.summary(outcomes, config.trials);
    return {
      config: { ...config, algos: [...config.algos], params: { ...config.params }, curvePoints: this.curvePoints },
      world,
      summary,
      singleModels: this.singleModels(ordered),
      curves: this.curves.curves(),
      usage: this.usage.result(),
      trace: this.trace,
      byTrial: trialFigures(outcomes, config.algos),
    };
  }
}
