/**
 * Main-thread side of the simulation workers: it maps lab runs, sweeps and the ablation to jobs on the page's
 * pool of simulation workers (workerPool.ts: start, queue, cancel, crash, idle release) and merges their results.
 * Lab runs and sweeps share their trials (values) among `poolSize()` workers; the engine's assemblers make the
 * result independent of the pool size, bit for bit.
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
import { poolSize } from './poolSize';
import type { SimCatalog, SimProgress, SimWorkerApi } from './sim.worker';
import { workerPool } from './workerPool';

export { poolSize, setPoolSize } from './poolSize';
export type { CatalogWorld, SimCatalog, SimProgress } from './sim.worker';

/** The worker died (failed to load, or threw outside a call): the run in flight is lost. */
export class SimWorkerError extends Error {
  override name = 'SimWorkerError';
}

const pool = workerPool<SimWorkerApi>({
  make: (name) => new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name }),
  label: 'simulation worker',
  size: poolSize,
  makeError: (message) => new SimWorkerError(message),
  afterEnd: 'The next run starts a fresh one.',
  releaseWhenIdle: true,
  // After `cancel()`, how long the engine gets to stop by itself (it checks between chunks) before termination.
  cancel: { graceMs: 1000, message: 'The simulation was cancelled.' },
});

/** What a job may use beyond its worker: the jobs' signal (the caller's abort or another job's failure). */
interface JobContext {
  signal: AbortSignal;
  /** Fails every job with `error` (a helper the job relies on died). */
  fail(error: unknown): void;
}

/**
 * Runs `jobs` on the pool and resolves with their results, in job order. The first failure (or the caller's abort) aborts the jobs
 * still queued or running and rejects with that failure. With `firstAlone`, job 0 runs before the others are
 * queued: a lab run's first figures (a second worker computing beside it on a 2-core machine delayed them by
 * 0.3–1.1 s, docs/notes/benchmarks-history.md), or a cache job 0 fills that the others read (the prompts' embeddings).
 */
async function runJobs<J, R>(
  jobs: readonly J[],
  signal: AbortSignal | undefined,
  run: (api: Comlink.Remote<SimWorkerApi>, job: J, context: JobContext) => Promise<R>,
  firstAlone = false,
): Promise<R[]> {
  const stop = new AbortController();
  const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => {});
  const context: JobContext = { signal: both, fail };
  const one = (job: J) => pool.call((api) => run(api, job, context), both);
  const all = async () => {
    const head = firstAlone && jobs.length > 0 ? [await one(jobs[0])] : [];
    return [...head, ...(await Promise.all(jobs.slice(head.length).map(one)))];
  };
  try {
    return await Promise.race([all(), failed]);
  } catch (error) {
    stop.abort();
    throw error;
  }
}

/**
 * Steps done over a set of jobs: those of the finished jobs plus those each running job has reported. Progress that
 * trails a job's result (it travels on another port) is ignored.
 */
function stepCounter(onProgress: () => void) {
  let finished = 0;
  const running = new Set<{ done: number }>();
  return {
    get done(): number {
      let done = finished;
      for (const job of running) done += job.done;
      return done;
    },
    /** A job starts: the progress callback to hand its worker, and `finish(steps)` once its result is in. */
    start() {
      const job = { done: 0 };
      running.add(job);
      return {
        progress: Comlink.proxy((p: SimProgress) => {
          if (!running.has(job)) return;
          job.done = p.done;
          onProgress();
        }),
        finish(steps: number) {
          running.delete(job);
          finished += steps;
        },
      };
    },
  };
}

/** The algorithms and worlds the engine offers (starts the worker if it is not running). */
export function catalog(): Promise<SimCatalog> {
  return pool.attach((api) => api.catalog());
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
const embedPorts = (open: (() => EmbedPortLink) | undefined, context: JobContext) => (open ? embedPortProxy(open, context.fail, context.signal) : undefined);

/**
 * Runs a lab simulation (summary, curves, arm usage, trial-0 trace) on the pool: one job per trial, each worker
 * taking the next trial as it finishes one, and the engine's LabAssembler putting the trials together, so the
 * result is the same, bit for bit, whatever the pool size. Cancels and fails like every pool call; a bad
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
  const steps = stepCounter(report);
  const trials = Array.from({ length: config.trials }, (_, i) => i);
  await runJobs(
    trials,
    options.signal,
    async (api, trial, context) => {
      const job = steps.start();
      // Trial 0's slice holds the trace: a long one comes in chunks ahead of it, each read in a short task of its
      // own (sim.worker.ts). The other trials have none, and get no channel for it.
      const traceRows: TraceRow[] = [];
      const onTraceRows =
        trial === 0
          ? Comlink.proxy(async (rows: TraceRow[]) => {
              for (const row of rows) traceRows.push(row);
            })
          : undefined;
      const slice = await api.runLabSlice(config, { from: trial, to: trial + 1 }, job.progress, embedPorts(options.openEmbedPort, context), onTraceRows);
      job.finish(stepsPerTrial);
      assembler.add(traceRows.length > 0 ? { ...slice, trace: traceRows } : slice);
      report();
    },
    true, // the first figures come from trial 0 alone
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
  const steps = stepCounter(report);
  let roundsLeft = options.rounds ?? Number.POSITIVE_INFINITY;
  for (const range of sweepRounds(trials)) {
    const jobs = config.values.filter((x) => !had.has(`${x}:${range.from}`)).map((x) => ({ x, range }));
    if (jobs.length === 0) continue;
    await runJobs(
      jobs,
      options.signal,
      async (api, { x }, context) => {
        const job = steps.start();
        const slice = await api.runSweepSlice(config, x, range, job.progress, embedPorts(options.openEmbedPort, context));
        job.finish(stepsOf(range));
        assembler.add(slice);
        options.onSlice?.(slice);
        report();
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
  const [result] = await runJobs([config], options.signal, (api, job, context) =>
    api.runAblation(
      job,
      features,
      Comlink.proxy((p: SimProgress) => onProgress?.(p)),
      embedPorts(options.openEmbedPort, context),
    ),
  );
  return result;
}

/** A dataset world's models, prices and size (loads the dataset in the worker if needed). */
export function datasetInfo(world: string): ReturnType<SimWorkerApi['datasetInfo']> {
  return pool.attach((api) => api.datasetInfo(world));
}
