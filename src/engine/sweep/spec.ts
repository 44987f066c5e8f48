/**
 * A sweep (issue 46; docs/SWEEPS.md): worlds × axes of parameters, each cell one run of the engine, the cells in a
 * fixed order so that shard i of N (the cells with index ≡ i mod N) is the same slice on every machine. Pure: the CLI
 * (cli/sweep.ts) reads the file, runs the cells and writes the shards; merge.ts joins them.
 *
 * A sweep file:
 *   { "worlds": ["t2i", "../shared/data/routeprofile-ulab"],
 *     "axes":   { "lambda": [0.01, 0.1], "tauMax": [1, 3, 5], "algos": ["promptwise", "greedy"], "seeds": [0, 1] },
 *     "fixed":  { "T": 1000, "trials": 20, "features": "task-onehot" } }
 * An axis is `algos` (one algorithm per cell), `seeds` (the run's seed) or any number of the parameter registry
 * (engine/params.ts: lambda, tauMax, tauExp, alpha, T, trials, dim, …); `fixed` sets the same for every cell, plus
 * `algos` (a list, default every algorithm) and a data folder's `features`, `costs` and `tasks`.
 */
import { contentHash } from '../import/id';
import { DATASET_PARAMS, headlessWords } from '../lab/datasetChoice';
import { acceptsNumber, NUMBER_PARAMS, type NumberParam, numberProblem } from '../params';
import { algorithmIds } from '../policies/registry';
import { z } from '../zod';

/** The registry's numbers a sweep may set (a run's, a policy's, a world's), by their key. */
const SWEEP_NUMBERS: Record<string, NumberParam> = Object.fromEntries(
  Object.values(NUMBER_PARAMS)
    .filter((p) => p.group !== undefined)
    .map((p) => [p.key, p]),
);

/** A problem of a sweep file, naming the field: "axes.lambda[1]: must be a non-negative number (got -1)". */
export class SweepError extends Error {}

export interface SweepSpec {
  worlds: string[];
  /** In the file's order: the cells vary the last axis fastest. */
  axes: [string, (number | string)[]][];
  fixed: Record<string, number | string | string[]>;
}

/** One cell: its index in the sweep's order, and its settings (the world as the file names it). */
export interface SweepCell {
  index: number;
  world: string;
  settings: Record<string, number | string | string[]>;
}

const fileShape = z.object({
  worlds: z.array(z.string().min(1)).min(1),
  axes: z.record(z.string(), z.array(z.union([z.number(), z.string()])).min(1)).default({}),
  fixed: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.string())])).default({}),
});

const FIXED_TEXT = ['features', 'costs'] as const;

function checkNumber(field: string, key: string, v: unknown): number {
  const p = SWEEP_NUMBERS[key === 'seeds' ? 'seed' : key];
  if (typeof v !== 'number' || !acceptsNumber(p, v)) throw new SweepError(numberProblem(field, p, JSON.stringify(v)));
  return v;
}

function checkAlgo(field: string, v: unknown): string {
  if (typeof v !== 'string' || !(algorithmIds as readonly string[]).includes(v)) {
    throw new SweepError(`${field}: unknown algorithm ${JSON.stringify(v)} (known: ${algorithmIds.join(', ')})`);
  }
  return v;
}

/** The sweep a file's text holds, checked; every problem names its field. */
export function parseSweep(text: string): SweepSpec {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new SweepError(`not JSON (${(e as Error).message})`);
  }
  const parsed = fileShape.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SweepError(`${issue.path.join('.') || '(file)'}: ${issue.message}`);
  }
  const known = (key: string) => key === 'algos' || key === 'seeds' || key in SWEEP_NUMBERS;
  const axes: SweepSpec['axes'] = [];
  for (const [key, values] of Object.entries(parsed.data.axes)) {
    if (!known(key) || key === 'seed')
      throw new SweepError(
        `axes.${key}: not an axis (algos, seeds, or a number of the parameter registry: ${Object.keys(SWEEP_NUMBERS)
          .filter((k) => k !== 'seed')
          .join(', ')})`,
      );
    const checked = values.map((v, i) => (key === 'algos' ? checkAlgo(`axes.algos[${i}]`, v) : checkNumber(`axes.${key}[${i}]`, key, v)));
    if (new Set(checked).size !== checked.length) throw new SweepError(`axes.${key}: a value is listed twice`);
    axes.push([key, checked]);
  }
  const fixed: SweepSpec['fixed'] = {};
  for (const [key, v] of Object.entries(parsed.data.fixed)) {
    if (axes.some(([a]) => a === key || (a === 'seeds' && key === 'seed'))) throw new SweepError(`fixed.${key}: also an axis`);
    if (key === 'algos') {
      if (!Array.isArray(v) || v.length === 0) throw new SweepError('fixed.algos: must be a list of algorithm ids');
      fixed.algos = v.map((id, i) => checkAlgo(`fixed.algos[${i}]`, id));
    } else if (key === 'tasks') {
      if (!Array.isArray(v) || v.length === 0) throw new SweepError('fixed.tasks: must be a list of task names');
      fixed.tasks = v;
    } else if ((FIXED_TEXT as readonly string[]).includes(key)) {
      const allowed = headlessWords(DATASET_PARAMS[key as (typeof FIXED_TEXT)[number]]);
      if (typeof v !== 'string' || !allowed.includes(v)) throw new SweepError(`fixed.${key}: must be ${allowed.join(' or ')} (got ${JSON.stringify(v)})`);
      fixed[key] = v;
    } else if (key in SWEEP_NUMBERS) fixed[key] = checkNumber(`fixed.${key}`, key, v);
    else throw new SweepError(`fixed.${key}: not a setting (algos, features, costs, tasks, or a number of the parameter registry)`);
  }
  return { worlds: parsed.data.worlds, axes, fixed };
}

/** The sweep's canonical text: what its hash is of, and what a shard and the merged file carry. */
const canonicalSweep = (spec: SweepSpec): string => JSON.stringify(spec);

/** The sweep's content hash: shards of one sweep carry it, and merge refuses others. */
export const sweepHash = (spec: SweepSpec): string => contentHash(canonicalSweep(spec));

/** How many cells: worlds × the product of the axes' lengths. */
export const cellCount = (spec: SweepSpec): number => spec.axes.reduce((n, [, values]) => n * values.length, spec.worlds.length);

/** Cell `index`: the world varies slowest, the last axis fastest. */
export function cellAt(spec: SweepSpec, index: number): SweepCell {
  const picked: (number | string)[] = new Array(spec.axes.length);
  let rest = index;
  for (let i = spec.axes.length - 1; i >= 0; i--) {
    const values = spec.axes[i][1];
    picked[i] = values[rest % values.length];
    rest = Math.floor(rest / values.length);
  }
  // The fixed settings, then the axes' values in the file's order.
  const settings: SweepCell['settings'] = { ...spec.fixed };
  spec.axes.forEach(([key], i) => {
    if (key === 'algos') settings.algos = [picked[i] as string];
    else settings[key === 'seeds' ? 'seed' : key] = picked[i];
  });
  return { index, world: spec.worlds[rest], settings };
}

/** The cells of shard `shard` of `of`: every index ≡ shard (mod of), so each shard gets a like share of every axis. */
export function shardCells(spec: SweepSpec, shard: number, of: number): SweepCell[] {
  const out: SweepCell[] = [];
  for (let i = shard; i < cellCount(spec); i += of) out.push(cellAt(spec, i));
  return out;
}

/** `i/N` → its numbers, 0 ≤ i < N; a bad spelling is one message. */
export function parseShard(text: string): { shard: number; of: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const shard = m ? Number(m[1]) : Number.NaN;
  const of = m ? Number(m[2]) : Number.NaN;
  if (!(of >= 1 && shard >= 0 && shard < of)) throw new SweepError(`--shard: must be i/N with 0 ≤ i < N (got ${JSON.stringify(text)})`);
  return { shard, of };
}

/**
 * The command line of a cell for `npm run sim` (the world resolved by `where`: a path relative to the sweep file),
 * with `--no-timing`: a cell's numbers are the same on every machine, for any --jobs.
 */
export function cellArgv(cell: SweepCell, where: (world: string) => string): string[] {
  const argv = ['--world', where(cell.world), '--no-timing'];
  const { algos, tasks, ...rest } = cell.settings;
  argv.push('--algos', Array.isArray(algos) ? algos.join(',') : 'all');
  if (Array.isArray(tasks)) argv.push(`--${DATASET_PARAMS.tasks.cli}`, DATASET_PARAMS.tasks.write(tasks));
  // Every other setting is a registry number or a dataset choice's word, each under its registry's flag.
  for (const [key, v] of Object.entries(rest)) argv.push(`--${(SWEEP_NUMBERS[key] ?? DATASET_PARAMS[key as (typeof FIXED_TEXT)[number]]).cli}`, String(v));
  return argv;
}
