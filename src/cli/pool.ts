import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drain, mergeOutcomes, type SimOptions, type SimResult, simulateTrials, summarize, type TrialOutcomes } from '../engine/simulate';
import type { World } from '../engine/types';
import { claimTrials, closeCounter } from './claim';

/**
 * The CLI's trial pool. A run's trials are independent by construction (trial i's streams come from the seed and
 * i alone), so `lanes` threads share them: this thread and lanes − 1 worker threads each take the next unclaimed
 * trial from one atomic counter until none is left, and the outcomes are put back in trial order. The file is the
 * in-process run's, bit for bit, for any number of lanes and any order of finishing.
 *
 * This thread is a lane too, so the pool never waits for its workers to start: they join in when they have loaded
 * their bundle and built their world (about 0.3 s), and a worker that finds nothing left is stopped unused. One
 * trial per claim balances a run whose trials take unequal times.
 */
/** What a trial worker is sent: the command line (it rebuilds the world from it) and the shared trial counter. */
export interface TrialJob {
  argv: string[];
  /** An Int32Array's buffer: [0] is the next unclaimed trial. */
  next: SharedArrayBuffer;
  trials: number;
}

/** What a worker posts: each trial it ran, then `done`; or the one-line error that stopped it. */
export type TrialMessage =
  | { trial: number; outcomes: TrialOutcomes }
  | { done: true }
  | { error: string /** A bad option or world (exit 2), not an internal error. */; expected: boolean };

/** A worker's one-line error, and whether the user's input caused it. */
export class TrialWorkerError extends Error {
  constructor(
    message: string,
    readonly expected: boolean,
  ) {
    super(message);
  }
}

/** One lane per core (this thread is one of them), never more than there are trials. */
export function defaultLanes(trials: number): number {
  return Math.max(1, Math.min(availableParallelism(), trials));
}

/**
 * Without --jobs, the trials after the first two go to the pool only if they would take this long in this thread:
 * on a short run a worker's start (loading the bundle, building the world, warming its JIT) costs more than the
 * second core gives (t2i's table: 1.6 s pooled against 1.3 s alone, side by side).
 */
const POOL_WORTH_SECONDS = 2;

/** POOL_WORTH_SECONDS, or PROMPTWISE_POOL_SECONDS from the environment (the tests set 0 to take the pool path). */
function poolWorthSeconds(): number {
  const v = Number(process.env.PROMPTWISE_POOL_SECONDS);
  return process.env.PROMPTWISE_POOL_SECONDS !== undefined && v >= 0 ? v : POOL_WORTH_SECONDS;
}

/**
 * Runs `options`' trials on up to `lanes` lanes: this thread, with the world `buildWorld` gives, and lanes − 1
 * workers, each building the same world from `argv`. Resolves to the summary of all trials in trial order.
 *
 * `start: 'now'` (--jobs N) starts the workers at once, so that they build their worlds while this thread builds
 * its own. `'if-worth-it'` (no --jobs) runs trials 0 and 1 here first; trial 1, past most of the JIT's warm-up,
 * times the rest, which goes to the pool only when it would take POOL_WORTH_SECONDS or more here.
 */
export async function runTrials(
  options: SimOptions,
  argv: string[],
  lanes: number,
  buildWorld: () => World,
  start: 'now' | 'if-worth-it' = 'now',
): Promise<SimResult> {
  const trials = options.trials ?? 0;
  const extra = Math.max(0, Math.min(lanes, trials) - 1);
  const next = new Int32Array(new SharedArrayBuffer(4));
  const outcomes: (TrialOutcomes | undefined)[] = new Array(trials).fill(undefined);
  const spawn = () => startWorkers({ argv, next: next.buffer as SharedArrayBuffer, trials }, extra);
  let workers = extra > 0 && start === 'now' ? spawn() : null;
  try {
    const world = buildWorld();
    const slice = (from: number, to: number) => drain(simulateTrials(world, options, { from, to }));
    // Alone, one slice: claiming trial by trial costs about 7% on a short run (t2i, side by side).
    if (extra === 0) return summarize(world, options, slice(0, trials));
    if (workers === null) {
      outcomes[0] = slice(0, 1);
      const started = performance.now();
      outcomes[1] = slice(1, 2);
      const rest = ((performance.now() - started) / 1000) * (trials - 2);
      if (rest < poolWorthSeconds()) return summarize(world, options, mergeOutcomes([outcomes[0], outcomes[1], slice(2, trials)]));
      Atomics.store(next, 0, 2);
      workers = spawn();
    }
    try {
      claimTrials(world, options, next, trials, (t, o) => {
        outcomes[t] = o;
      });
    } catch (e) {
      closeCounter(next, trials);
      throw e;
    }
    await workers.collect(outcomes);
    return summarize(world, options, mergeOutcomes(outcomes as TrialOutcomes[]));
  } finally {
    workers?.stop();
  }
}

interface Workers {
  /** Resolves when every trial's outcomes are in `outcomes` (the workers' answers fill the gaps this thread left). */
  collect(outcomes: (TrialOutcomes | undefined)[]): Promise<void>;
  /** Terminates every worker (those still starting, which have claimed nothing, included). */
  stop(): void;
}

function startWorkers(job: TrialJob, count: number): Workers {
  const { entry, cleanup } = workerEntry();
  const inbox: { trial: number; outcomes: TrialOutcomes }[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const workers = Array.from({ length: count }, () => {
    const w = new Worker(entry, { workerData: job });
    let done = false;
    w.on('message', (m: TrialMessage) => {
      if ('done' in m) done = true;
      else if ('error' in m) failure ??= new TrialWorkerError(m.error, m.expected);
      else inbox.push(m);
      notify();
    });
    w.once('error', (e) => {
      failure ??= e;
      notify();
    });
    w.once('exit', (code) => {
      if (!done) failure ??= new Error(`trial worker exited with code ${code} before answering`);
      notify();
    });
    return w;
  });
  let stopped = false;
  return {
    async collect(outcomes) {
      for (;;) {
        for (const m of inbox.splice(0)) outcomes[m.trial] = m.outcomes;
        if (!outcomes.includes(undefined)) return;
        if (failure) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      for (const w of workers) {
        w.removeAllListeners();
        w.on('error', () => {}); // a worker failing while it is stopped has nothing left to report
        void w.terminate();
      }
      cleanup();
    },
  };
}

/**
 * The worker's code as one ES module: `npm run sim` (bin/sim.mjs) has bundled it with the CLI; run from source
 * (tsx, vitest), it is bundled here with esbuild (about 0.3 s), since a worker thread starts without the
 * TypeScript loader this process runs under, and loading one bundle is about 4× faster than registering tsx in
 * each worker and transforming every source there.
 */
function workerEntry(): { entry: string; cleanup: () => void } {
  const bundled = process.env.PROMPTWISE_TRIAL_WORKER;
  if (bundled) return { entry: bundled, cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'promptwise-trials-'));
  const entry = join(dir, 'trialWorker.mjs');
  // Required here, not imported: only a run from source needs esbuild, and loading it costs about 0.1 s.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const out = buildSync({
    entryPoints: [fileURLToPath(new URL('./trialWorker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  writeFileSync(entry, out.outputFiles[0].text);
  return { entry, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
