import { writeFileSync } from 'node:fs';
import { checkOptions, type SimOptions } from '../engine/simulate';
import { singleModelTrials, summarizeSingleModels } from '../engine/singleModels';
import type { World } from '../engine/types';
import { HelpRequested, parseCliArgs, UsageError } from './args';
import { expectedErrorLine } from './errorLine';
import { liveMain } from './live';
import { defaultLanes, runTrials, TrialWorkerError } from './pool';
import { mergeMain, sweepMain } from './sweep';
import { formatSingleModels, formatTable } from './table';
import { worldFor } from './world';

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

/**
 * `npm run sim`: the same engine as the lab, headless. Resolves to the exit code; every expected failure
 * (bad option, bad world file) is one line on stderr, never a stack trace. The trials are shared among `--jobs`
 * threads, this one and worker threads (pool.ts; default one per core), with the same results for any number.
 */
export async function main(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    if (argv[0] === 'live') return await liveMain(argv.slice(1), io, env);
    if (argv[0] === 'sweep') return await sweepMain(argv.slice(1), io);
    if (argv[0] === 'merge') return mergeMain(argv.slice(1), io);
    const opts = parseCliArgs(argv);
    const options = { algos: opts.algos, T: opts.T, trials: opts.trials, seed: opts.seed, params: opts.params };
    checkOptions(options); // a bad option is one message here, not one per worker
    const lanes = opts.jobs ?? defaultLanes(opts.trials);
    const result = await runTrials(options, argv, lanes, () => worldFor(opts), opts.jobs === undefined ? 'if-worth-it' : 'now');
    if (!opts.timing) for (const r of Object.values(result.results)) r.seconds = 0;
    io.out(formatTable(result));
    // Each model alone, on the run's own draws (engine/singleModels.ts): an addition to cli.md's file, only when asked.
    const singles = opts.singleModels ? singleModels(worldFor(opts), options) : null;
    if (singles) io.out(formatSingleModels(singles));
    const file = singles ? { ...result, singleModels: singles } : result;
    if (opts.json) {
      try {
        writeFileSync(opts.json, `${JSON.stringify(file, null, 2)}\n`);
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
    const line = e instanceof TrialWorkerError && e.expected ? e.message : expectedErrorLine(e);
    if (line !== null) {
      io.err(line);
      return 2;
    }
    io.err(`internal error: ${(e as Error).message}`);
    return 1;
  }
}

/** Each model alone over every trial of `options`. */
function singleModels(world: World, options: SimOptions) {
  return summarizeSingleModels(world.arms, singleModelTrials(world, options, { from: 0, to: options.trials }));
}
