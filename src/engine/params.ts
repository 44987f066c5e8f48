/**
 * The one registry of the numbers a run takes (after tensorflow/playground's typed PROPS): for each, its type,
 * the values the engine accepts, the range the lab's controls and links offer, its URL key and CLI flag, and what
 * it means. The engine's validation (simulate.ts), the CLI's flags, help and messages (cli/args.ts) and the lab's
 * limits and controls (state/urlCodec.ts: the link codec; ui/controls/NumberControl.tsx) are generated from it, so a parameter is
 * described once and every place says the same thing about a bad value: "<name>: must be <expect> (got <value>)".
 * Plain data and a few functions; its one import is the formatter that writes the bounds ("1 to 4,096").
 */
import { fmtCount } from './lab/format';

export interface NumberParam {
  /** Its name in SimOptions or BanditParams, in messages and in the URL. */
  readonly key: string;
  /**
   * Where the engine takes it: `run`, a field of SimOptions (T, trials, seed); `bandit`, of BanditParams (the
   * policies' parameters: its type is derived from these entries); `world`, of a world's building (its dimension).
   * Absent on a number checked the same way that is not the run's (the CLI's `--jobs`).
   */
  readonly group?: 'run' | 'bandit' | 'world';
  readonly integer: boolean;
  /** The values the engine accepts: min ≤ v ≤ max, strictly where `…Exclusive` is set. */
  readonly min: number;
  readonly minExclusive?: boolean;
  readonly max: number;
  readonly maxExclusive?: boolean;
  /** The accepted values in words, completing "must be …". */
  readonly expect: string;
  /** Its value when none is given; null: computed (α from δ), or none (a fit until converged, the world's d). */
  readonly default: number | null;
  /** Its flag in `npm run sim` (without the dashes). */
  readonly cli: string;
  /**
   * The range the lab's controls and links offer (within the engine's), where the lab has a control for it, and
   * the lab's default where it differs from the engine's (`dim`: the engine's is the world's own). An entry with
   * one is a lab parameter: its link field, its check of the controls' values, its place in the run's config and
   * its control are derived from it (state/urlCodec.ts, state/lab/config.ts, ui/controls/NumberControl.tsx).
   * `datasetOnly`: only dataset worlds use it (only their links carry it, the dataset controls show it).
   */
  readonly lab?: LabRange;
  /** One line for the CLI's help. */
  readonly help: string;
}

/** How the lab offers a number (see `NumberParam.lab`). */
export interface LabRange {
  readonly min: number;
  readonly max: number;
  readonly default?: number;
  readonly datasetOnly?: boolean;
  /** Its control's label; `_x` after a symbol is written as a subscript (`τ_max`: τ with "max" below). */
  readonly label: string;
  /** One line under its control, in the paper's terms. */
  readonly help: string;
  /**
   * How it is set: a slider by `step` (1 unless given); `log`, a slider over nice values, 10 per decade (λ); `field`, a
   * typed whole number (the seed, d).
   */
  readonly input?: 'log' | 'field';
  readonly step?: number;
}

/**
 * A size: a positive integer up to `max`. Every size a run allocates by has an upper bound, checked before
 * anything is allocated, so an absurd value is one clear message instead of minutes of work ending out of memory.
 */
const sizeUpTo = (max: number) => ({ integer: true, min: 1, max, expect: `an integer from 1 to ${fmtCount(max)}` }) as const;
const positive = { integer: false, min: 0, minExclusive: true, max: Number.POSITIVE_INFINITY, expect: 'a positive number' } as const;
const nonNegative = { integer: false, min: 0, max: Number.POSITIVE_INFINITY, expect: 'a non-negative number' } as const;

export const NUMBER_PARAMS = {
  // In the order the lab's link writes them.
  lambda: {
    key: 'lambda',
    group: 'bandit',
    default: 0.01,
    ...nonNegative,
    cli: 'lambda',
    lab: { min: 1e-4, max: 1, input: 'log', label: 'Cost weight λ', help: 'Cost weight λ in utility = success − λ·Σ cost.' },
    help: 'cost weight λ in utility = reward − λ·cost',
  },
  // The budget DP (oracle.ts) plans τ_max × K values per prompt.
  tauMax: {
    key: 'tauMax',
    group: 'bandit',
    default: 5,
    ...sizeUpTo(1000),
    cli: 'tau-max',
    lab: { min: 1, max: 16, label: 'Budget τ_max', help: 'Round budget τ_max: at most this many queries per prompt before giving up.' },
    help: 'round budget τ_max: pulls per prompt at most',
  },
  tauExp: {
    key: 'tauExp',
    group: 'bandit',
    default: 1,
    integer: true,
    min: 0,
    max: 1000,
    expect: 'an integer from 0 to 1,000',
    cli: 'tau-exp',
    lab: {
      min: 0,
      max: 5,
      label: 'Exploration τ_exp',
      help: 'Each model is queried this many times (forced exploration) before its estimate is trusted.',
    },
    help: 'forced exploration pulls per model (Algorithm 1, exploration phase)',
  },
  alpha: {
    key: 'alpha',
    group: 'bandit',
    default: null,
    ...nonNegative,
    cli: 'alpha',
    lab: {
      min: 0,
      max: 5,
      step: 0.1,
      label: 'UCB width α',
      help: 'How optimistic the learners are about models they know little of. Auto: α = √(2 ln(2K/δ)) with δ = 0.05.',
    },
    help: 'UCB width α (default √(2 ln(2K/δ)))',
  },
  // Bounds: a trial's per-step work and memory grow with T (1e6 steps take minutes per algorithm); trials × T is
  // the run's length.
  T: {
    key: 'T',
    group: 'run',
    default: 1000,
    ...sizeUpTo(1_000_000),
    cli: 'T',
    lab: { min: 100, max: 5000, step: 100, label: 'Prompts T', help: 'Prompts per trial: how long the learners get to learn.' },
    help: 'prompts per trial',
  },
  trials: {
    key: 'trials',
    group: 'run',
    default: 20,
    ...sizeUpTo(10_000),
    cli: 'trials',
    lab: { min: 1, max: 50, label: 'Trials', help: 'Independent repetitions; numbers are the mean ± std over trials.' },
    help: 'independent trials',
  },
  seed: {
    key: 'seed',
    group: 'run',
    default: 0,
    integer: true,
    // Beyond 2^53 a typed seed is not the number read (9007199254740993 reads as …992): refused, not run as another.
    min: -Number.MAX_SAFE_INTEGER,
    max: Number.MAX_SAFE_INTEGER,
    expect: 'an integer of at most 2^53 − 1 in size',
    cli: 'seed',
    lab: {
      min: 0,
      max: 2 ** 31 - 1,
      input: 'field',
      label: 'Seed',
      help: 'Seed of all random draws: the same seed draws the same prompts, and the same outcome for the same query, whatever λ, τ_max or T, so a link reproduces its run and two settings are compared on the same draws.',
    },
    help: 'base seed: the same seed gives the same run',
  },
  dim: {
    key: 'dim',
    group: 'world',
    default: null,
    // The learners keep a d × d matrix per model (the logistic MLE's Hessian, the kernels' features).
    ...sizeUpTo(4096),
    cli: 'd',
    // The lab projects a dataset's n-gram or embedding features to 16 dimensions unless asked otherwise (small
    // enough for the kernel methods to stay interactive); the CLI keeps the world's own (spec/cli.md: `--d`).
    lab: {
      min: 2,
      max: 384,
      default: 16,
      datasetOnly: true,
      input: 'field',
      label: 'Dimension d',
      help: 'How many numbers describe a prompt: the learners fit one weight per dimension and model.',
    },
    help: 'context dimension: the logistic world, or hashed n-gram features of a data folder',
  },
  delta: {
    key: 'delta',
    group: 'bandit',
    default: 0.05,
    integer: false,
    min: 0,
    minExclusive: true,
    max: 1,
    maxExclusive: true,
    expect: 'in (0, 1)',
    cli: 'delta',
    help: 'confidence δ of the default α',
  },
  // The paper leaves ρ open (docs/ENGINE.md).
  ridge: { key: 'ridge', group: 'bandit', default: 0.01, ...positive, cli: 'ridge', help: 'ridge ρ of the logistic MLE and of V_a = ρI + Σ xxᵀ' },
  sigma: { key: 'sigma', group: 'bandit', default: 3, ...positive, cli: 'sigma', help: 'RBF width σ of the kernel methods' },
  beta: { key: 'beta', group: 'bandit', default: 1, ...positive, cli: 'beta', help: 'kernel regulariser β (KLR and kernel ridge)' },
  // The gradient is kept exact, so what one capped fit leaves is carried into the next (docs/ENGINE.md).
  fitIterations: {
    key: 'fitIterations',
    group: 'bandit',
    default: null,
    ...sizeUpTo(100_000),
    cli: 'fit-iters',
    help: 'cap on the logistic fit per pull (default: until converged)',
  },
} as const satisfies Record<string, NumberParam>;

type Registry = typeof NUMBER_PARAMS;
type KeyOf<G extends 'run' | 'bandit' | 'world'> = { [K in keyof Registry]: Registry[K]['group'] extends G ? K : never }[keyof Registry];
/** The parameters of the policies, one per `bandit` entry: a number, or null where its default is null (computed, or none). */
export type BanditParams = { [K in KeyOf<'bandit'>]: Registry[K]['default'] extends null ? number | null : number };

/** The registry's entries of one group, in its order. */
export const paramsOf = (group: 'run' | 'bandit' | 'world'): NumberParam[] => Object.values(NUMBER_PARAMS).filter((p) => p.group === group);

/** Every `bandit` entry's default. */
export const defaultParams = Object.fromEntries(paramsOf('bandit').map((p) => [p.key, p.default])) as BanditParams;

/**
 * The largest λ × cost of one query the engine accepts (simulate.ts). A success is worth 1, so beyond this the
 * utilities say nothing, and their sums over T prompts (and the squares behind the std) would overflow a double.
 */
export const MAX_QUERY_PRICE = 1e12;

/**
 * The largest price an import takes (issue 42, item 7): one whose query costs at most MAX_QUERY_PRICE successes at
 * the lab's largest λ, so a stored import can be run at every λ the lab offers.
 */
export const MAX_IMPORT_PRICE = MAX_QUERY_PRICE / NUMBER_PARAMS.lambda.lab.max;

/**
 * A decimal number as a person writes one (`12`, `-0.5`, `.5`, `1e-3`), the one notation every number a user
 * types is read in: the CLI's flags, the lab's link, imported outcomes and prices. Number() alone also reads
 * `0x10` as 16, `0b1`, `Infinity` and a blank as 0.
 */
export const isDecimal = (text: string): boolean => /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text);

/** Whether `v` is a value the engine accepts for `p`: finite, an integer where `p` asks, within its bounds. */
export function acceptsNumber(p: NumberParam, v: number): boolean {
  if (!Number.isFinite(v) || (p.integer && !Number.isInteger(v))) return false;
  if (p.minExclusive ? !(v > p.min) : !(v >= p.min)) return false;
  return p.maxExclusive ? v < p.max : v <= p.max;
}

/** The one message for a bad value: "<name>: must be <expect> (got <value>)". */
export function numberProblem(name: string, p: NumberParam, got: string): string {
  return `${name}: must be ${p.expect} (got ${got})`;
}
