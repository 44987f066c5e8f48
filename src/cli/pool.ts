import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { mergeOutcomes, type SimOptions, type SimResult, summarize, type TrialOutcomes, type TrialRange } from '../engine/simulate';
import type { World } from '../engine/types';

/** What a trial worker is sent: the command line (it rebuilds the world from it) and its slice of the trials. */
export interface TrialJob {
  argv: string[];
  range: TrialRange;
}

/** What it answers: its slice's outcomes and what the summary needs of the world, or the one-line error. */
export type TrialAnswer =
  | { outcomes: TrialOutcomes; world: { name: string; arms: string[]; dim: number } }
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

/** One worker per core, never more than there are trials. */
export function poolSize(trials: number): number {
  return Math.max(1, Math.min(availableParallelism(), trials));
}

/**
 * Without --jobs, the rest of a run goes to a pool only if it would take this long in one thread: starting the
 * workers (bundling their code, loading it, building the world in each) costs about half a second.
 */
export const POOL_WORTH_SECONDS = 2;

/** POOL_WORTH_SECONDS, or PROMPTWISE_POOL_SECONDS from the environment (the tests set 0 to take the pool path). */
export function poolWorthSeconds(): number {
  const v = Number(process.env.PROMPTWISE_POOL_SECONDS);
  return process.env.PROMPTWISE_POOL_SECONDS !== undefined && v >= 0 ? v : POOL_WORTH_SECONDS;
}

/** `trials` split into `jobs` consecutive slices as equal as can be (the first ones one trial longer). */
export function trialSlices(trials: number, jobs: number): TrialRange[] {
  const n = Math.max(1, Math.min(jobs, trials));
  const base = Math.floor(trials / n);
  const extra = trials % n;
  const slices: TrialRange[] = [];
  let from = 0;
  for (let k = 0; k < n; k++) {
    const to = from + base + (k < extra ? 1 : 0);
    slices.push({ from, to });
    from = to;
  }
  return slices;
}

/**
 * Runs a simulation's trials on worker threads, one consecutive slice each (each worker builds the world from
 * `argv`, so this thread never does), and merges their outcomes in trial order: the result is the in-process
 * run's, bit for bit, for any pool size, since trial i's streams depend only on the seed and i.
 */
export async function runPooled(options: SimOptions, argv: string[], jobs: number): Promise<SimResult> {
  const answers = await runSlices(argv, trialSlices(options.trials, jobs));
  return summarize(answers[0].world, options, mergeOutcomes(answers.map((a) => a.outcomes)));
}

/** Runs each trial slice on its own worker thread; the answers come back in the slices' order. */
export async function runSlices(
  argv: string[],
  slices: readonly TrialRange[],
): Promise<{ outcomes: TrialOutcomes; world: Pick<World, 'name' | 'arms' | 'dim'> }[]> {
  // `npm run sim` (bin/sim.mjs) has bundled the worker with the CLI; run from source (tsx, vitest), bundle it here.
  const bundled = process.env.PROMPTWISE_TRIAL_WORKER;
  if (bundled) return Promise.all(slices.map((range) => runWorker(bundled, { argv, range })));
  const dir = mkdtempSync(join(tmpdir(), 'promptwise-trials-'));
  try {
    const entry = join(dir, 'trialWorker.mjs');
    writeFileSync(entry, workerBundle());
    return await Promise.all(slices.map((range) => runWorker(entry, { argv, range })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The worker's code as one ES module (esbuild, about 0.3 s): a worker thread starts without the TypeScript
 * loader this process runs under, and loading one bundle is about 4× faster than registering tsx in each worker
 * and transforming every source there.
 */
function workerBundle(): string {
  const out = buildSync({
    entryPoints: [fileURLToPath(new URL('./trialWorker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

function runWorker(entry: string, job: TrialJob): Promise<{ outcomes: TrialOutcomes; world: Pick<World, 'name' | 'arms' | 'dim'> }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, { workerData: job });
    let settled = false;
    worker.once('message', (m: TrialAnswer) => {
      settled = true;
      if ('outcomes' in m) resolve(m);
      else reject(new TrialWorkerError(m.error, m.expected));
    });
    worker.once('error', (e) => {
      settled = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`trial worker exited with code ${code} before answering`));
    });
  });
}
