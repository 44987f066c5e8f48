/** The world a command line names (main.ts, and each trial worker of pool.ts builds it the same way). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { costModes, datasetWorldOf, folderSource } from '../engine/lab/datasetSource';
import type { World } from '../engine/types';
import { loadWorld } from '../engine/worlds/load';
import { type CliOptions, UsageError } from './args';

/** File access for world files and the prompts files they name (paths relative to the world file). */
const nodeWorldIo = {
  readText: (path: string) => readFileSync(path, 'utf8'),
  resolve: (base: string, rel: string) => resolve(dirname(base), rel),
};

/** A folder holding models.json and prompts.jsonl, as in ../shared/data (the lab's recorded datasets). */
function isDataFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory() && existsSync(join(path, 'models.json')) && existsSync(join(path, 'prompts.jsonl'));
}

/** The world the lab builds for a data folder with the same choices (docs/LAB.md, "Recorded datasets"). */
function folderWorld(opts: CliOptions): World {
  const dir = opts.world;
  const source = folderSource(basename(resolve(dir)), readFileSync(join(dir, 'models.json'), 'utf8'), readFileSync(join(dir, 'prompts.jsonl'), 'utf8'));
  const costs = opts.costs ?? costModes(source)[0];
  const features = opts.features ?? 'task-onehot';
  if (features === 'task-onehot' && opts.d !== undefined) {
    throw new UsageError('--d: task-onehot features have one dimension per task; use --features hashed-ngrams --d N');
  }
  return datasetWorldOf(source, { features, dim: opts.d, costs, tasks: opts.tasks, modelStart: opts.modelStart, taskStart: opts.taskStart });
}

/** The world a command line names: a built-in, a world file, or a data folder with its choices. */
export function worldFor(opts: CliOptions): World {
  if (isDataFolder(opts.world)) return folderWorld(opts);
  if (opts.features || opts.costs || opts.tasks || opts.modelStart || opts.taskStart) {
    throw new UsageError(
      '--features, --costs, --tasks, --model-start and --task-start apply to --world DATA_FOLDER (a folder with models.json and prompts.jsonl)',
    );
  }
  return loadWorld(opts.world, nodeWorldIo, { d: opts.d });
}
