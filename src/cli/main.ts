import { writeFileSync } from 'node:fs';
import {
  checkOptions,
  drain,
  mergeOutcomes,
  runSimulation,
  SimConfigError,
  type SimOptions,
  type SimResult,
  simulateTrials,
  summarize,
} from '../engine/simulate';
import { WorldFormatError } from '../engine/worlds/errors';
import { type CliOptions, HelpRequested, parseCliArgs, UsageError } from './args';
import { poolSize, poolWorthSeconds, runPooled, runSlices, TrialWorkerError, trialSlices } from './pool';
import { formatTable } from './table';
import { worldFor } from './world';

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** `--jobs N`: one job runs in this thread, more on worker threads, each building the (same) world itself. */
async function runJobs(opts: CliOptions, options: SimOptions, argv: string[], jobs: number): Promise<SimResult> {
  return Math.min(jobs, opts.trials) === 1 ? runSimulation(worldFor(opts), options) : runPooled(options, argv, jobs);
}

/**
 * Without --jobs: trials 0 and 1 run here, and trial 1 (past most of the JIT's warm-up) times the run; the other
 * trials go to one worker per core when they would take more than POOL_WORTH_SECONDS in this thread, else they
 * run here too. The file is the same either way.
 */
async function runAdaptive(opts: CliOptions, options: SimOptions, argv: string[]): Promise<SimResult> {
  const world = worldFor(opts);
  const head = Math.min(2, opts.trials);
  const warm = drain(simulateTrials(world, options, { from: 0, to: head - 1 }));
  const started = performance.now();
  const timed = drain(simulateTrials(world, options, { from: head - 1, to: head }));
  const rest = ((performance.now() - started) / 1000) * (opts.trials - head);
  const done = [warm, timed];
  const workers = poolSize(opts.trials - head);
  if (opts.trials === head) return summarize(world, options, mergeOutcomes(done));
  if (workers === 1 || rest < poolWorthSeconds()) {
    return summarize(world, options, mergeOutcomes([...done, drain(simulateTrials(world, options, { from: head, to: opts.trials }))]));
  }
  const slices = trialSlices(opts.trials - head, workers).map((s) => ({ from: s.from + head, to: s.to + head }));
  const answers = await runSlices(argv, slices);
  return summarize(world, options, mergeOutcomes([...done, ...answers.map((a) => a.outcomes)]));
}

/**
 * `npm run sim`: the same engine as the lab, headless. Resolves to the exit code; every expected failure
 * (bad option, bad world file) is one line on stderr, never a stack trace. The trials run on `--jobs` worker
 * threads (pool.ts), with the same results for any number of them.
 */
export async function main(argv: string[], io: Io): Promise<number> {
  try {
    const opts = parseCliArgs(argv);
    const options = { algos: opts.algos, T: opts.T, trials: opts.trials, seed: opts.seed, params: opts.params };
    checkOptions(options); // a bad option is one message here, not one per worker
    const result = opts.jobs === undefined ? await runAdaptive(opts, options, argv) : await runJobs(opts, options, argv, opts.jobs);
    if (!opts.timing) for (const r of Object.values(result.results)) r.seconds = 0;
    io.out(formatTable(result));
    if (opts.json) {
      try {
        writeFileSync(opts.json, `${JSON.stringify(result, null, 2)}\n`);
      } catch (e) {
        throw new UsageError(`--json: cannot write ${opts.json} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
      io.out(`wrote ${opts.json}`);
    }
    return 0;
  } catch (e) {
    if (e instanceof HelpRequested) {
      io.out(e.message);
      return 0;
    }
    if (e instanceof UsageError || e instanceof WorldFormatError || e instanceof SimConfigError || (e instanceof TrialWorkerError && e.expected)) {
      io.err(e.message);
      return 2;
    }
    io.err(`internal error: ${(e as Error).message}`);
    return 1;
  }
}
