/**
 * Main-thread side of the simulation workers (after squoosh's worker bridge): workers start lazily on first
 * use, every call returns a promise, an AbortSignal cancels it, and a crashed worker rejects the call in flight
 * with a readable error and is replaced by a fresh one on the next call. Lab runs and sweeps share their
 * trials (values) among a pool of `poolSize()` workers; the engine's LabAssembler makes the result independent
 * of the pool size, bit for bit.
 */
import * as Comlink from 'comlink';
import type { AblationResult } from '../engine/lab/ablation';
import type { FeatureType } from '../engine/lab/datasetSource';
import { LabAssembler } from '../engine/lab/slices';
import type { SweepSlice } from '../engine/lab/sweepSlices';
import { SweepAssembler, sweepRounds } from '../engine/lab/sweepSlices';
import type { LabConfig, LabProgress, LabResult, SweepConfig, SweepProgress, SweepResult, TraceRow } from '../engine/lab/types';
import type { TrialRange } from '../engine/simulate';
import { type EmbedPortLink, embedPortProxy } from './embedBridge';
import { defaultPoolSize, MAX_POOL_SIZE } from './poolSize';
import type { SimCatalog, SimProgress, SimWorkerApi } from './sim.worker';
import { serialCaller, type WorkerHandle, workerSlot } from './workerHandle';

export type { CatalogWorld, SimCatalog, SimProgress } from './sim.worker';

/** The worker died (failed to load, or threw outside a call): the run in flight is lost. */
export class SimWorkerError extends Error {
  override name = 'SimWorkerError';
}

/** After `cancel()`, how long the engine gets to stop by itself before the worker is terminated. */
const CANCEL_GRACE_MS = 1000;
/** Runs `use` on lane 0's worker once workers may start (the calls that are not a pooled job). */
const onFirstLane = <R>(use: (h: WorkerHandle<SimWorkerApi>) => Promise<R>): Promise<R> => lanes[0].slot.use(use);

/** One simulation worker of the pool and its one-call-at-a-time caller. */
interface Lane {
  slot: ReturnType<typeof workerSlot<SimWorkerApi>>;
  /**
   * The call path of every job on this worker: waits for the previous job to wind down, starts `invoke`, and
   * settles with its result, or rejects with an AbortError DOMException when `signal` aborts (the worker is
   * asked to cancel and terminated if it has not stopped within CANCEL_GRACE_MS), or with a SimWorkerError
   * when the worker crashes (the next call starts a fresh one).
   */
  call: ReturnType<typeof serialCaller<SimWorkerApi>>;
}

function makeLane(): Lane {
  const slot = workerSlot<SimWorkerApi>(
    (name) => new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name }),
    'simulation worker',
    (message) => new SimWorkerError(message),
    'run',
    true,
  );
  return { slot, call: serialCaller(slot, { graceMs: CANCEL_GRACE_MS, cancelledMessage: 'The simulation was cancelled.' }) };
}

/** Started on first use; lane 0 also serves the catalog, dataset info and the ablation. */
const lanes: Lane[] = [makeLane()];
const lane = (i: number) => (lanes[i] ??= makeLane());

let poolSizeOverride: number | null = null;

/**
 * How many simulation workers lab runs and sweeps use: `setPoolSize`'s value, else defaultPoolSize of
 * navigator.hardwareConcurrency. The results do not depend on it.
 */
export function poolSize(): number {
  if (poolSizeOverride !== null) return poolSizeOverride;
  return defaultPoolSize((globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1);
}

/** Sets the pool size (an integer 1…MAX_POOL_SIZE; the page's `?workers=N`), or null for the default. */
export function setPoolSize(size: number | null): void {
  if (size !== null && !(Number.isInteger(size) && size >= 1 && size <= MAX_POOL_SIZE)) {
    throw new RangeError(`pool size: an integer from 1 to ${MAX_POOL_SIZE}, got ${size}`);
  }
  poolSizeOverride = size;
}

/** What a pooled job may use beyond its worker: the pool's signal (the caller's abort or another job's failure). */
interface PoolJob {
  signal: AbortSignal;
  /** Fails the whole pooled call with `error` (a helper the job relies on died). */
  fail(error: unknown): void;
}

/**
 * Runs `jobs` on up to `size` workers, each taking the next job as it finishes one, and resolves with the
 * results in job order. The first failure (or the caller's abort) aborts the jobs still running and rejects
 * with that failure. With `firstAlone`, the other workers take jobs only once job 0 is done (a lab run's first
 * figures; or a cache job 0 warms that the others would each fill: the prompts' embeddings).
 */
async function runOnPool<J, R>(
  jobs: readonly J[],
  size: number,
  signal: AbortSignal | undefined,
  run: (api: Comlink.Remote<SimWorkerApi>, job: J, laneIndex: number, pool: PoolJob) => Promise<R>,
  firstAlone = false,
): Promise<R[]> {
  const stop = new AbortController();
  const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => {});
  const pool: PoolJob = { signal: both, fail };
  const results: R[] = new Array(jobs.length);
  let next = 0;
  let markFirst!: () => void;
  const firstDone = new Promise<void>((resolve) => (markFirst = resolve));
  const work = async (i: number) => {
    if (firstAlone && i > 0) await firstDone;
    while (next < jobs.length) {
      const j = next++;
      results[j] = await lane(i).call(both, (api) => run(api, jobs[j], i, pool));
      if (j === 0) markFirst();
    }
  };
  try {
    await Promise.race([Promise.all(Array.from({ length: Math.max(1, Math.min(size, jobs.length)) }, (_, i) => work(i))), failed]);
  } catch (error) {
    stop.abort();
    markFirst();
    throw error;
  }
  return results;
}

/**
 * Steps done in a pooled call: those of the finished jobs plus those each lane's job in flight has reported.
 * Progress that trails a job's result (it travels on another port) is ignored.
 */
class PooledSteps {
  private finished = 0;
  private readonly running = new Map<number, { done: number }>();

  constructor(private readonly onProgress: () => void) {}

  get done(): number {
    let done = this.finished;
    for (const job of this.running.values()) done += job.done;
    return done;
  }

  /** A job starts on a lane: the progress callback to hand the worker, and `finish(steps)` once its result is in. */
  start(laneIndex: number): { progress: (p: SimProgress) => void; finish(steps: number): void } {
    const job = { done: 0 };
    this.running.set(laneIndex, job);
    return {
      progress: Comlink.proxy((p: SimProgress) => {
        if (this.running.get(laneIndex) !== job) return;
        job.done = p.done;
        this.onProgress();
      }),
      finish: (steps) => {
        if (this.running.get(laneIndex) === job) this.running.delete(laneIndex);
        this.finished += steps;
      },
    };
  }
}

/** The algorithms and worlds the engine offers (starts the worker if it is not running). */
export function catalog(): Promise<SimCatalog> {
  return onFirstLane((h) => Promise.race([h.api.catalog(), h.crashed]));
}

// --- Lab runs (src/engine/lab/types.ts) ---

export interface LabRunOptions {
  /**
   * About every 100 ms while the run computes, and once at the end (done = total). `partial` carries the
   * curves and figures over the trials finished so far (from trial 0, without a gap: at least the round, e.g. 6
   * when the sixth trial finished with the fifth) when their number reaches the next of the sweeps' rounds
   * (1, 2, 5, 10, 20, 50, …: `sweepRounds`), at once; otherwise it is null (keep the last curves). It never
   * covers every trial: those figures are the result, which the call resolves with right after. Each partial picture costs the page a redraw of every chart while the
   * workers compute beside it on the same cores: a redraw per trial took 9% of the HumanEval link's run.
   */
  onProgress?: (p: LabProgress) => void;
  signal?: AbortSignal;
  /**
   * Opens a port to the page's embedding worker, on which a simulation worker gets the prompts' embeddings
   * directly (dataset worlds with embedding features); cancelled with the run.
   */
  openEmbedPort?: () => EmbedPortLink;
}

/** The port opener a pooled job hands its worker (none when the caller offers no embedding worker). */
const embedPorts = (open: (() => EmbedPortLink) | undefined, pool: PoolJob) => (open ? embedPortProxy(open, pool.fail, pool.signal) : undefined);

/**
 * Runs a lab simulation (summary, curves, arm usage, trial-0 trace) on the pool: one job per trial, each worker
 * taking the next trial as it finishes one, and the engine's LabAssembler putting the trials together, so the
 * result is the same, bit for bit, whatever the pool size. Cancels and fails like every call (see Lane); a bad
 * config rejects with the engine's message (e.g. "traceAlgo: ... is not one of the algorithms run").
 */
export async function runLab(config: LabConfig, options: LabRunOptions = {}): Promise<LabResult> {
  const { onProgress } = options;
  const assembler = new LabAssembler(config); // checks the config here, before any worker starts
  const stepsPerTrial = config.algos.length * config.T;
  const total = stepsPerTrial * config.trials;
  // The trial counts at which partial figures are sent (the last one is the result itself).
  const marks = sweepRounds(config.trials)
    .map((r) => r.to)
    .filter((n) => n < config.trials);
  let nextMark = 0;
  const report = () => {
    const trials = assembler.trialsDone();
    let fresh = false;
    while (nextMark < marks.length && trials >= marks[nextMark]) {
      nextMark++;
      fresh = true;
    }
    onProgress?.({ done: steps.done, total, partial: fresh && trials < config.trials ? assembler.partial() : null });
  };
  const steps = new PooledSteps(report);
  const trials = Array.from({ length: config.trials }, (_, i) => i);
  await runOnPool(
    trials,
    poolSize(),
    options.signal,
    async (api, trial, laneIndex, pool) => {
      const job = steps.start(laneIndex);
      // Trial 0's slice holds the trace: a long one comes in chunks ahead of it, each read in a short task of its
      // own (sim.worker.ts). The other trials have none, and get no channel for it.
      const traceRows: TraceRow[] = [];
      const onTraceRows =
        trial === 0
          ? Comlink.proxy(async (rows: TraceRow[]) => {
              for (const row of rows) traceRows.push(row);
            })
          : undefined;
      const slice = await api.runLabSlice(config, { from: trial, to: trial + 1 }, job.progress, embedPorts(options.openEmbedPort, pool), onTraceRows);
      job.finish(stepsPerTrial);
      assembler.add(traceRows.length > 0 ? { ...slice, trace: traceRows } : slice);
      report();
      return null;
    },
    // Trial 0 alone first: the first figures come from it, and a second worker computing beside it on a 2-core
    // machine (with the page loading, and each worker's JIT warming up) delayed them by 0.3–1.1 s, side by side
    // (docs/notes/benchmarks-history.md); with embedding features it also fills the embedding cache the others read.
    true,
  );
  onProgress?.({ done: total, total, partial: null });
  return assembler.result();
}

/** How a sweep may be resumed and paused between its rounds (the page's two sweeps take turns: lab/controller.ts). */
export interface SweepRunOptions extends Omit<LabRunOptions, 'onProgress'> {
  /** About every 100 ms while the sweep computes, and at once with the points of each round completed. */
  onProgress?: (p: SweepProgress) => void;
  /** Slices computed earlier for this same config (a paused sweep resumed): not computed again. */
  from?: readonly SweepSlice[];
  /** Hears each slice as it comes in, to resume from later. */
  onSlice?: (slice: SweepSlice) => void;
  /** Rounds to compute in this call (default: all); with rounds left after them it resolves with null. */
  rounds?: number;
}

/**
 * Runs a τ_max or λ sweep on the pool in rounds of trials (engine/lab/sweepSlices.ts `sweepRounds`: every
 * value's trial 0 first, then up to 2, 5, 10, 20, …), one job per value per round, each worker taking the next
 * job as it finishes one; the engine's SweepAssembler puts the slices together, so the result is the engine's
 * sweep, bit for bit, whatever the pool size and however often it was paused and resumed. Progress counts steps
 * over all values, as each worker reports it (sim.worker.ts: about every 100 ms), and carries the points over the trials every value has
 * finished each time a round completes (those at once).
 * Resolves with the sweep, or with null when `rounds` rounds were computed before its last. Cancels and fails like
 * `runLab`.
 */
export async function runSweep(config: SweepConfig, options: SweepRunOptions = {}): Promise<SweepResult | null> {
  const { onProgress } = options;
  const assembler = new SweepAssembler(config); // checks the config here, before any worker starts
  const { algos, T, trials } = config.base;
  const stepsOf = (range: TrialRange) => algos.length * (range.to - range.from) * T;
  const total = config.values.length * algos.length * trials * T;
  const had = new Set<string>();
  let before = 0;
  for (const slice of options.from ?? []) {
    assembler.add(slice);
    had.add(`${slice.x}:${slice.range.from}`);
    before += stepsOf(slice.range);
  }
  let shownTrials = assembler.trialsDone();
  const report = () => {
    const partial = assembler.trialsDone() > shownTrials ? assembler.partial() : null;
    if (partial) shownTrials = partial.trials;
    onProgress?.({ done: before + steps.done, total, partial });
  };
  const steps = new PooledSteps(report);
  let roundsLeft = options.rounds ?? Number.POSITIVE_INFINITY;
  for (const range of sweepRounds(trials)) {
    const jobs = config.values.filter((x) => !had.has(`${x}:${range.from}`)).map((x) => ({ x, range }));
    if (jobs.length === 0) continue;
    await runOnPool(
      jobs,
      poolSize(),
      options.signal,
      async (api, { x }, laneIndex, pool) => {
        const job = steps.start(laneIndex);
        const slice = await api.runSweepSlice(config, x, range, job.progress, embedPorts(options.openEmbedPort, pool));
        job.finish(stepsOf(range));
        assembler.add(slice);
        options.onSlice?.(slice);
        report();
        return null;
      },
      config.base.dataset?.features === 'embedding' && assembler.trialsDone() === 0,
    );
    if (range.to < trials && --roundsLeft === 0) return null;
  }
  return assembler.result();
}

/** The featurizer ablation of a dataset world (src/engine/lab/ablation.ts); cancels and fails like `runLab`. */
export async function runAblation(
  config: LabConfig,
  features: FeatureType[],
  options: { onProgress?: (p: SimProgress) => void } & Omit<LabRunOptions, 'onProgress'> = {},
): Promise<AblationResult> {
  const { onProgress } = options;
  const [result] = await runOnPool([config], 1, options.signal, (api, job, _lane, pool) =>
    api.runAblation(
      job,
      features,
      Comlink.proxy((p: SimProgress) => onProgress?.(p)),
      embedPorts(options.openEmbedPort, pool),
    ),
  );
  return result;
}

/** A dataset world's models, prices and size (loads the dataset in the worker if needed). */
export function datasetInfo(world: string): ReturnType<SimWorkerApi['datasetInfo']> {
  return onFirstLane((h) => Promise.race([h.api.datasetInfo(world), h.crashed]));
}
