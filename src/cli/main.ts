import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { runSimulation, SimConfigError } from '../engine/simulate';
import { WorldFormatError } from '../engine/worlds/errors';
import { loadWorld } from '../engine/worlds/load';
import { HelpRequested, parseCliArgs, UsageError } from './args';
import { formatTable } from './table';

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** File access for world files and the prompts files they name (paths relative to the world file). */
export const nodeWorldIo = {
  readText: (path: string) => readFileSync(path, 'utf8'),
  resolve: (base: string, rel: string) => resolve(dirname(base), rel),
};

/**
 * `npm run sim`: the same engine as the lab, headless. Returns the exit code; every expected failure
 * (bad option, bad world file) is one line on stderr, never a stack trace.
 */
export function main(argv: string[], io: Io): number {
  try {
    const opts = parseCliArgs(argv);
    const world = loadWorld(opts.world, nodeWorldIo, { d: opts.d });
    const result = runSimulation(world, { algos: opts.algos, T: opts.T, trials: opts.trials, seed: opts.seed, params: opts.params });
    if (!opts.timing) for (const r of Object.values(result.results)) r.seconds = 0;
    io.out(formatTable(result));
    if (opts.json) {
      try {
        writeFileSync(opts.json, JSON.stringify(result, null, 2) + '\n');
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
    if (e instanceof UsageError || e instanceof WorldFormatError || e instanceof SimConfigError) {
      io.err(e.message);
      return 2;
    }
    io.err(`internal error: ${(e as Error).message}`);
    return 1;
  }
}
