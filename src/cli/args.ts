import { parseArgs } from 'node:util';
import { parseStartList, type StartEntry } from '../engine/lab/datasetChoice';
import { ALGORITHMS } from '../engine/policies/algorithms';
import { algorithmIds } from '../engine/policies/registry';
import type { BanditParams } from '../engine/types';

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
  features?: 'task-onehot' | 'hashed-ngrams';
  /** A data folder: set prices (default, when models.json has them) or recorded per-query costs (in µ$). */
  costs?: 'prices' | 'per-query';
  /** A data folder: only the prompts of these tasks. */
  tasks?: string[];
  /** A data folder: models that join during the run (`--model-start NAME:STEP,…`). */
  modelStart?: StartEntry[];
  /** A data folder: tasks whose prompts arrive during the run (`--task-start TASK:STEP,…`). */
  taskStart?: StartEntry[];
  /** Worker threads for the trials (default: one per core, at most one per trial); any number gives the same results. */
  jobs?: number;
  /** Write `"seconds": 0` so that the same seed gives a byte-identical file. */
  timing: boolean;
}

/** A bad command line: one line for the user, exit code 2. */
export class UsageError extends Error {}

/** `--help`: print the usage and exit 0. */
export class HelpRequested extends Error {}

const usage = `usage: npm run sim -- [--world NAME|PATH] [--algos LIST|all] [--T N] [--trials N] [--seed N]
       [--lambda X] [--tau-max N] [--tau-exp N] [--alpha X] [--delta X] [--ridge X] [--sigma X] [--beta X]
       [--d N] [--fit-iters N] [--json PATH] [--no-timing] [--jobs N]
       [--features task-onehot|hashed-ngrams] [--costs prices|per-query] [--tasks A,B]
       [--model-start MODEL:STEP,…] [--task-start TASK:STEP,…]   (these five with --world DATA_FOLDER)
algorithms (--algos, comma-separated; all: every one):
${ALGORITHMS.map((a) => `  ${a.id.padEnd(27)}${a.summary}`).join('\n')}`;

function number(name: string, raw: string | undefined, check: 'int' | 'posint' | 'nonneg' | 'pos' | 'any'): number | undefined {
  if (raw === undefined) return undefined;
  const v = Number(raw);
  const ok =
    raw.trim() !== '' &&
    Number.isFinite(v) &&
    (check === 'any' ||
      (check === 'int' && Number.isInteger(v)) ||
      (check === 'posint' && Number.isInteger(v) && v >= 1) ||
      (check === 'nonneg' && v >= 0) ||
      (check === 'pos' && v > 0));
  if (!ok) {
    const want = { int: 'an integer', posint: 'a positive integer', nonneg: 'a non-negative number', pos: 'a positive number', any: 'a number' }[check];
    throw new UsageError(`--${name}: must be ${want} (got "${raw}")`);
  }
  return v;
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

/** The flags as node:util parses them (strings, to be validated below). */
function parseFlags(argv: string[]) {
  return parseArgs({
    args: joinNegativeNumbers(argv),
    strict: true,
    allowPositionals: false,
    options: {
      world: { type: 'string', default: 't2i' },
      algos: { type: 'string', default: 'all' },
      T: { type: 'string' },
      trials: { type: 'string' },
      seed: { type: 'string' },
      lambda: { type: 'string' },
      'tau-max': { type: 'string' },
      'tau-exp': { type: 'string' },
      alpha: { type: 'string' },
      delta: { type: 'string' },
      ridge: { type: 'string' },
      sigma: { type: 'string' },
      beta: { type: 'string' },
      d: { type: 'string' },
      'fit-iters': { type: 'string' },
      json: { type: 'string' },
      'no-timing': { type: 'boolean', default: false },
      jobs: { type: 'string' },
      features: { type: 'string' },
      costs: { type: 'string' },
      tasks: { type: 'string' },
      'model-start': { type: 'string' },
      'task-start': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
}

export function parseCliArgs(argv: string[]): CliOptions {
  let values: ReturnType<typeof parseFlags>;
  try {
    values = parseFlags(argv);
  } catch (e) {
    // node:util's messages are single sentences; keep the first line only.
    throw new UsageError(String((e as Error).message).split('\n')[0]);
  }
  if (values.help) throw new HelpRequested(usage);

  const algos =
    values.algos === 'all'
      ? [...algorithmIds]
      : values.algos
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  if (algos.length === 0) throw new UsageError('--algos: give at least one algorithm id, or "all"');
  for (const id of algos) {
    if (!(algorithmIds as readonly string[]).includes(id)) {
      throw new UsageError(`--algos: unknown algorithm "${id}" (known: ${algorithmIds.join(', ')})`);
    }
  }
  const delta = number('delta', values.delta, 'pos');
  if (delta !== undefined && delta >= 1) throw new UsageError(`--delta: must be in (0, 1) (got "${values.delta}")`);

  const params: Partial<BanditParams> = {};
  const set = <K extends keyof BanditParams>(key: K, v: BanditParams[K] | undefined) => {
    if (v !== undefined) params[key] = v;
  };
  set('lambda', number('lambda', values.lambda, 'nonneg'));
  set('tauMax', number('tau-max', values['tau-max'], 'posint'));
  set('tauExp', number('tau-exp', values['tau-exp'], 'int'));
  if (params.tauExp !== undefined && params.tauExp < 0) throw new UsageError(`--tau-exp: must be ≥ 0 (got "${values['tau-exp']}")`);
  set('alpha', number('alpha', values.alpha, 'nonneg'));
  set('delta', delta);
  set('ridge', number('ridge', values.ridge, 'pos'));
  set('sigma', number('sigma', values.sigma, 'pos'));
  set('beta', number('beta', values.beta, 'pos'));
  set('fitIterations', number('fit-iters', values['fit-iters'], 'posint'));

  const features = values.features;
  if (features !== undefined && features !== 'task-onehot' && features !== 'hashed-ngrams') {
    throw new UsageError(`--features: must be task-onehot or hashed-ngrams (got "${features}"; embedding features are computed in the browser lab)`);
  }
  const costs = values.costs;
  if (costs !== undefined && costs !== 'prices' && costs !== 'per-query') {
    throw new UsageError(`--costs: must be prices or per-query (got "${costs}")`);
  }

  const starts = (flag: 'model-start' | 'task-start'): StartEntry[] | undefined => {
    const raw = values[flag];
    if (raw === undefined) return undefined;
    const parsed = parseStartList(raw);
    if ('error' in parsed) throw new UsageError(`--${flag}: ${parsed.error}`);
    return parsed;
  };

  return {
    world: values.world,
    features,
    costs,
    modelStart: starts('model-start'),
    taskStart: starts('task-start'),
    tasks:
      values.tasks === undefined
        ? undefined
        : values.tasks
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
    algos,
    T: number('T', values.T, 'posint') ?? 1000,
    trials: number('trials', values.trials, 'posint') ?? 20,
    seed: number('seed', values.seed, 'int') ?? 0,
    params,
    d: number('d', values.d, 'posint'),
    json: values.json,
    jobs: number('jobs', values.jobs, 'posint'),
    timing: !values['no-timing'],
  };
}
