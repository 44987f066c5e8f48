/** The world a command line names (main.ts, and each trial worker of pool.ts builds it the same way). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ImportError, MAX_IMPORT_BYTES } from '../engine/import/errors';
import { type ImportedDataset, importDataset } from '../engine/import/importDataset';
import { parseModelsJson } from '../engine/import/models';
import { importedSource } from '../engine/import/world';
import { costModes, type DatasetSource, datasetWorldOf, folderSource } from '../engine/lab/datasetSource';
import { nfc } from '../engine/names';
import type { World } from '../engine/types';
import { recordOf } from '../engine/userKeys';
import { loadWorld } from '../engine/worlds/load';
import { type CliOptions, UsageError } from './args';

/**
 * A file the CLI reads (a world file, the prompts file it names, a prompts file to import): a regular file of at
 * most MAX_IMPORT_BYTES (issue 42, item 7): `/dev/zero` would exhaust memory, `/dev/urandom` never end.
 */
function readRegularFile(path: string): string {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new UsageError(`${path}: not a regular file`);
    size = st.size;
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (size > MAX_IMPORT_BYTES) throw new UsageError(`${path}: ${size} bytes, more than the ${MAX_IMPORT_BYTES / 1024 / 1024} MiB a file may have`);
  return readFileSync(path, 'utf8');
}

/** File access for world files and the prompts files they name (paths relative to the world file). */
const nodeWorldIo = {
  readText: readRegularFile,
  resolve: (base: string, rel: string) => resolve(dirname(base), rel),
};

/** A folder holding models.json and prompts.jsonl, as in ../shared/data (the lab's recorded datasets). */
function isDataFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory() && existsSync(join(path, 'models.json')) && existsSync(join(path, 'prompts.jsonl'));
}

/** A prompts file as the lab's import reads one: CSV with one column per model, or JSONL in the world format. */
function isImportFile(path: string): boolean {
  return /\.(csv|jsonl)$/i.test(path) && existsSync(path) && statSync(path).isFile();
}

/** `--prices`: a models.json's prices, or `NAME=PRICE,…` as typed in the lab's import form. */
function importPrices(raw: string | undefined): Record<string, string | number> {
  if (raw === undefined) throw new UsageError('--prices: a prompts file needs its models’ prices: --prices models.json or --prices NAME=PRICE,…');
  if (/\.json$/i.test(raw)) {
    if (!existsSync(raw)) throw new UsageError(`--prices: no file ${JSON.stringify(raw)}`);
    const models = parseModelsJson(readFileSync(raw, 'utf8'), basename(raw));
    return Object.fromEntries(models.flatMap((m) => (m.defaultPrice === undefined ? [] : [[m.name, m.defaultPrice]])));
  }
  const entries: [string, string][] = [];
  for (const pair of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = pair.lastIndexOf('=');
    if (at <= 0) throw new UsageError(`--prices: "${pair}" is not NAME=PRICE`);
    // Model names are user text: entries, not assignments (a model may be called __proto__; userKeys.ts).
    entries.push([nfc(pair.slice(0, at).trim()), pair.slice(at + 1).trim()]);
  }
  return recordOf(entries);
}

/**
 * The world the lab builds for a prompts file it imports (issue 41, item 8): the same validation (importDataset: every
 * problem named by file, line and column), the same dataset, then the same choices as a data folder.
 */
function importedWorld(opts: CliOptions): World {
  const path = opts.world;
  const text = readRegularFile(path);
  const name = basename(path).replace(/\.(csv|jsonl)$/i, '');
  let dataset: ImportedDataset;
  try {
    dataset = importDataset({
      name,
      prompts: { name: basename(path), text, bytes: statSync(path).size },
      costs: { mode: 'set', prices: importPrices(opts.prices) },
    });
  } catch (e) {
    if (!(e instanceof ImportError)) throw e;
    const more = e.others.length + e.unlisted;
    throw new UsageError(`${e.message}${more > 0 ? ` (and ${more} more: the lab's import lists them)` : ''}`);
  }
  return sourceWorld(importedSource(dataset), opts);
}

/** The world the lab builds for a data folder with the same choices (docs/LAB.md, "Recorded datasets"). */
function folderWorld(opts: CliOptions): World {
  const dir = opts.world;
  const source = folderSource(basename(resolve(dir)), readFileSync(join(dir, 'models.json'), 'utf8'), readFileSync(join(dir, 'prompts.jsonl'), 'utf8'));
  return sourceWorld(source, opts);
}

/** A recorded dataset's world with the command line's choices: features, costs, tasks, arrivals. */
function sourceWorld(source: DatasetSource, opts: CliOptions): World {
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
  if (isImportFile(opts.world)) return importedWorld(opts);
  if (opts.prices !== undefined) throw new UsageError('--prices applies to --world FILE.csv or FILE.jsonl (a prompts file the lab imports)');
  if (opts.features || opts.costs || opts.tasks || opts.modelStart || opts.taskStart) {
    throw new UsageError(
      '--features, --costs, --tasks, --model-start and --task-start apply to --world DATA_FOLDER (a folder with models.json and prompts.jsonl)',
    );
  }
  return loadWorld(opts.world, nodeWorldIo, { d: opts.d });
}
