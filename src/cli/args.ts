import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { MAX_IMPORT_BYTES } from '../engine/import/errors';
import { type CostMode, DATASET_PARAMS, type DatasetParam, type FeatureType, headlessWords, readProblem, type StartEntry } from '../engine/lab/datasetChoice';
import { acceptsNumber, isDecimal, NUMBER_PARAMS, type NumberParam, numberProblem } from '../engine/params';
import { ALGORITHMS } from '../engine/policies/algorithms';
import { algorithmIds } from '../engine/policies/registry';
import type { BanditParams } from '../engine/types';
import { builtinWorldNames } from '../engine/worlds/builtins';

/** The options of `npm run sim` (../shared/spec/cli.md). */
export interface CliOptions {
  world: string;
  algos: string[];
  T: number;
  trials: number;
  seed: number;
  params: Partial<BanditParams>;
  d?: number;
  json?: string;
  /** A data folder (--world DIR): how its prompts become contexts (default task-onehot). */
  features?: Exclude<FeatureType, 'embedding'>;
  /** A data folder: set prices (default, when models.json has them) or recorded per-query costs (in µ$). */
  costs?: CostMode;
  /** A data folder: only the prompts of these tasks. */
  tasks?: string[];
  /**
   * A prompts file the lab imports (`--world FILE.csv|FILE.jsonl`): the models' set prices, as a models.json path or
   * `NAME=PRICE,…` (`--prices`).
   */
  prices?: string;
  /** A data folder: models that join during the run (`--model-start NAME:STEP,…`). */
  modelStart?: StartEntry[];
  /** A data folder: tasks whose prompts arrive during the run (`--task-start TASK:STEP,…`). */
  taskStart?: StartEntry[];
  /** Worker threads for the trials (default: one per core, at most one per trial); any number gives the same results. */
  jobs?: number;
  /** Write `"seconds": 0` so that the same seed gives a byte-identical file. */
  timing: boolean;
  /** Also each model alone (one query per prompt, on the run's own draws): a table and `singleModels` in the JSON. */
  singleModels: boolean;
}

/** A bad command line: one line for the user, exit code 2. */
export class UsageError extends Error {}

/** `--help`: print the usage and exit 0. */
export class HelpRequested extends Error {}

/** `--jobs`: the CLI's own number (not a run parameter), checked as the registry's are. */
const JOBS: NumberParam = {
  key: 'jobs',
  integer: true,
  min: 1,
  max: Number.POSITIVE_INFINITY,
  expect: 'a positive integer',
  default: null,
  cli: 'jobs',
  help: 'threads sharing the trials (default: one per core; any number gives the same file)',
};

/** The flags of the parameter registry (engine/params.ts), in its order, and --jobs. */
const NUMBER_FLAGS: readonly NumberParam[] = [...Object.values(NUMBER_PARAMS), JOBS];

/** The dataset choices' flags (engine/lab/datasetChoice.ts), in the registry's order. */
const DATASET_FLAGS: readonly DatasetParam<unknown>[] = Object.values(DATASET_PARAMS);

/** A dataset choice's flag, read by its registry entry; undefined when the flag is absent. */
export function datasetFlag<T>(p: DatasetParam<T>, raw: string | undefined): T | undefined {
  if (raw === undefined) return undefined;
  const v = p.read(raw);
  const words = headlessWords(p as DatasetParam<unknown>);
  const browserOnly = p.options?.[raw.trim()]?.browserOnly;
  if (browserOnly) throw new UsageError(`--${p.cli}: must be ${words.join(' or ')} (got "${raw}"; ${browserOnly})`);
  const problem = readProblem(v);
  if (problem !== null) throw new UsageError(`--${p.cli}: ${words.length > 0 ? `must be ${words.join(' or ')} (got "${raw}")` : problem}`);
  return v as T;
}

const usage = `usage: npm run sim -- [--world NAME|PATH] [--algos LIST|all] [--json PATH] [--no-timing] [--single-models] [--NUMBER X …]
       [--prices models.json|NAME=PRICE,…]                       (with --world FILE.csv|FILE.jsonl, a file the lab imports)
worlds (--world): a built-in (${builtinWorldNames.join(', ')}),
       a world file (.json), a data folder (models.json and prompts.jsonl), or a prompts file the lab imports
       (.csv with one column per model, or .jsonl; at most ${MAX_IMPORT_BYTES / 1024 / 1024} MiB) with --prices
data folders and imported files (--world DATA_FOLDER or FILE.csv|FILE.jsonl):
${DATASET_FLAGS.map((p) => `  --${p.cli.padEnd(12)}${p.help}; ${headlessWords(p).join(' or ') || p.expect}`).join('\n')}
numbers (each checked against its bounds; the lab's sliders offer the range in brackets):
${NUMBER_FLAGS.map((p) => `  --${p.cli.padEnd(12)}${p.help}; ${p.expect}${p.lab ? ` [${p.lab.min}–${p.lab.max}]` : ''}${p.default === null ? '' : ` (default ${p.default})`}`).join('\n')}
algorithms (--algos, comma-separated; all: every one):
${ALGORITHMS.map((a) => `  ${a.id.padEnd(27)}${a.summary}`).join('\n')}`;

/** A number flag's value, checked against its registry entry; undefined when the flag is absent. */
export function numberFlag(p: NumberParam, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const v = isDecimal(raw.trim()) ? Number(raw) : Number.NaN;
  if (!acceptsNumber(p, v)) throw new UsageError(numberProblem(`--${p.cli}`, p, `"${raw}"`));
  return v;
}

/**
 * `--json PATH`, checked before anything runs (issue 42, item 7): a path names a file in a folder that exists; an empty
 * path, a folder or a missing folder is one line now, not after the whole run.
 */
export function jsonPath(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') throw new UsageError('--json: give a file path (got an empty one)');
  if (existsSync(raw) && statSync(raw).isDirectory()) throw new UsageError(`--json: ${JSON.stringify(raw)} is a folder; give a file path in it`);
  const folder = dirname(resolve(raw));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`--json: the folder ${JSON.stringify(dirname(raw))} does not exist`);
  return raw;
}

/** `--lambda -1` means the value -1, not an option "-1": join such pairs so the range check can answer. */
function joinNegativeNumbers(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (/^--[a-zA-Z-]+$/.test(argv[i]) && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i++;
    } else out.push(argv[i]);
  }
  return out;
}

const numberOptions = Object.fromEntries(NUMBER_FLAGS.map((p) => [p.cli, { type: 'string' as const }]));

/**
 * A command line as node:util parses it (strict, no positionals; `--lambda -1` kept as the value -1); its messages
 * are single sentences, kept to their first line as a UsageError.
 */
export function strictFlags<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O) {
  try {
    return parseArgs({ args: joinNegativeNumbers(argv), strict: true as const, allowPositionals: false as const, options }).values;
  } catch (e) {
    throw new UsageError(String((e as Error).message).split('\n')[0]);
  }
}

/** The flags as node:util parses them (strings, to be validated below). */
function parseFlags(argv: string[]) {
  return strictFlags(argv, {
    world: { type: 'string', default: 't2i' },
    algos: { type: 'string', default: 'all' },
    ...numberOptions,
    json: { type: 'string' },
    'no-timing': { type: 'boolean', default: false },
    'single-models': { type: 'boolean', default: false },
    ...Object.fromEntries(DATASET_FLAGS.map((p) => [p.cli, { type: 'string' as const }])),
    prices: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  } as const);
}

export function parseCliArgs(argv: string[]): CliOptions {
  const values = parseFlags(argv);
  if (values.help) throw new HelpRequested(usage);

  const algos =
    values.algos === 'all'
      ? [...algorithmIds]
      : values.algos
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  if (algos.length === 0) throw new UsageError('--algos: give at least one algorithm id, or "all"');
  // An id named twice runs once (issue 42, item 7): the results file has one entry per algorithm.
  algos.splice(0, algos.length, ...new Set(algos));
  for (const id of algos) {
    if (!(algorithmIds as readonly string[]).includes(id)) {
      throw new UsageError(`--algos: unknown algorithm "${id}" (known: ${algorithmIds.join(', ')})`);
    }
  }
  const num = (p: NumberParam) => numberFlag(p, (values as Record<string, unknown>)[p.cli] as string | undefined);
  const params: Partial<BanditParams> = {};
  const { lambda, tauMax, tauExp, alpha, delta, ridge, sigma, beta, fitIterations } = NUMBER_PARAMS;
  for (const p of [lambda, tauMax, tauExp, alpha, delta, ridge, sigma, beta, fitIterations]) {
    const v = num(p);
    if (v !== undefined) params[p.key] = v;
  }

  const flag = <T>(p: DatasetParam<T>) => datasetFlag(p, (values as Record<string, unknown>)[p.cli] as string | undefined);
  const tasks = flag(DATASET_PARAMS.tasks);
  // In a link an empty list is every task; on the command line, leave the flag out for that.
  if (tasks?.length === 0)
    throw new UsageError(`--tasks: names no task (got "${(values as Record<string, unknown>).tasks}"; give A,B or leave it out for every task)`);

  return {
    world: values.world,
    features: flag(DATASET_PARAMS.features) as Exclude<FeatureType, 'embedding'> | undefined,
    costs: flag(DATASET_PARAMS.costs),
    modelStart: flag(DATASET_PARAMS.modelStart),
    taskStart: flag(DATASET_PARAMS.taskStart),
    tasks,
    prices: values.prices,
    algos,
    T: num(NUMBER_PARAMS.T) ?? NUMBER_PARAMS.T.default,
    trials: num(NUMBER_PARAMS.trials) ?? NUMBER_PARAMS.trials.default,
    seed: num(NUMBER_PARAMS.seed) ?? NUMBER_PARAMS.seed.default,
    params,
    d: num(NUMBER_PARAMS.dim),
    json: jsonPath(values.json),
    jobs: num(JOBS),
    timing: !values['no-timing'],
    singleModels: values['single-models'],
  };
}
