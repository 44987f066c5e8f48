import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { costModes, datasetWorldOf, folderSource } from '../engine/lab/datasetSource';
import { runSimulation, SimConfigError } from '../engine/simulate';
import type { World } from '../engine/types';
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

/** A folder holding models.json and prompts.jsonl, as in ../shared/data (the lab's recorded datasets). */
function isDataFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory() && existsSync(join(path, 'models.json')) && existsSync(join(path, 'prompts.jsonl'));
}

/** The world the lab builds for a data folder with the same choices (docs/LAB.md, "Recorded datasets"). */
function folderWorld(opts: ReturnType<typeof parseCliArgs>): World {
  const dir = opts.world;
  const source = folderSource(basename(resolve(dir)), readFileSync(join(dir, 'models.json'), 'utf8'), readFileSync(join(dir, 'prompts.jsonl'), 'utf8'));
  const costs = opts.costs ?? costModes(source)[0];
  const features = opts.features ?? 'task-onehot';
  if (features === 'task-onehot' && opts.d !== undefined) {
    throw new UsageError('--d: task-onehot features have one dimension per task; use --features hashed-ngrams --d N');
  }
  return datasetWorldOf(source, { features, dim: opts.d, costs, tasks: opts.tasks, modelStart: opts.modelStart, taskStart: opts.taskStart });
}

/**
 * `npm run sim`: the same engine as the lab, headless. Returns the exit code; every expected failure
 * (bad option, bad world file) is one line on stderr, never a stack trace.
 */
export function main(argv: string[], io: Io): number {
  try {
    const opts = parseCliArgs(argv);
    const world = isDataFolder(opts.world) ? folderWorld(opts) : loadWorld(opts.world, nodeWorldIo, { d: opts.d });
    if (!isDataFolder(opts.world) && (opts.features || opts.costs || opts.tasks || opts.modelStart || opts.taskStart)) {
      throw new UsageError(
        '--features, --costs, --tasks, --model-start and --task-start apply to --world DATA_FOLDER (a folder with models.json and prompts.jsonl)',
      );
    }
    const result = runSimulation(world, { algos: opts.algos, T: opts.T, trials: opts.trials, seed: opts.seed, params: opts.params });
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
    if (e instanceof UsageError || e instanceof WorldFormatError || e instanceof SimConfigError) {
      io.err(e.message);
      return 2;
    }
    io.err(`internal error: ${(e as Error).message}`);
    return 1;
  }
}
