import { fmtCount } from '../lab/format';
import { nameProblem, nfc } from '../names';
import { acceptsNumber, NUMBER_PARAMS } from '../params';
import { recordOf } from '../userKeys';
import { z } from '../zod';
import { expecting, show } from './errors';
import { ARMS_BOUND, CATEGORIES_BOUND, MAX_ARMS, MAX_CATEGORIES, overBound, TASKS_BOUND } from './limits';
import { issueToError } from './zod-issue';

/**
 * The world file format (../shared/spec/world-format.md, docs/WORLD-FORMAT.md) as zod schemas. Files,
 * imports and the built-in worlds all pass through `parseWorldSpec`, so a world that validates here can be
 * built anywhere. Shapes are checked field by field; the cross-field rules (lengths agree, something can be
 * drawn at step 0) run once the shapes hold, so their messages can trust the types.
 */

interface CommonSpec {
  name: string;
  description?: string;
  /** Step (0-based) from which each arm may be pulled; default all 0. */
  arm_start?: number[];
}

export interface CategoricalSpec extends CommonSpec {
  type: 'categorical';
  arms: string[];
  costs: number[];
  categories: string[];
  /** q[j][a]: success probability of arm a on category j. */
  q: number[][];
  category_probs?: number[];
  context_dim?: number;
  contexts?: number[][];
  category_start?: number[];
}

export interface LogisticSpec extends CommonSpec {
  type: 'logistic';
  arms?: string[];
  costs: number[];
  d: number;
  /** K vectors of length d; exactly one of `theta` and `theta_seed` is given. */
  theta?: number[][];
  /** Draw theta from this seed instead (see logistic.ts), which lets `--d` change the dimension. */
  theta_seed?: number;
}

export type FeatureSpec = { type: 'task-onehot' } | { type: 'hashed-ngrams'; dim?: number } | { type: 'embedding'; model: string; dim?: number };

export interface DatasetSpec extends CommonSpec {
  type: 'dataset';
  /** Display names of the arms; default `models`. */
  arms?: string[];
  /** JSONL file, absolute or relative to the world file's directory. */
  prompts: string;
  models: string[];
  features: FeatureSpec;
  costs: number[] | { per_prompt: string };
  /**
   * Step (0-based) from which each named task's prompts may be drawn (tasks not named: from step 0); new prompt
   * types arriving during the run, as `category_start` for categorical worlds. Task names are checked against
   * the prompts when the world is built.
   */
  task_start?: Record<string, number>;
}

export type WorldSpec = CategoricalSpec | LogisticSpec | DatasetSpec;

const worldTypes = ['categorical', 'logistic', 'dataset'] as const;
const featureTypes = ['task-onehot', 'hashed-ngrams', 'embedding'] as const;

/** Sums within this of 1 count as 1: hand-written thirds (0.333 × 3) should pass, a typo (0.9) should not. */
const PROB_SUM_TOLERANCE = 1e-3;
/** Rounding slack for context norms computed from JSON decimals. */
const NORM_TOLERANCE = 1e-9;

// ---- field types -------------------------------------------------------------------------------------------

const positiveNumber = z.number(expecting('a positive number')).positive(expecting('a positive number'));
const PROBABILITY = 'a probability in [0, 1]';
const probability = z.number(expecting(PROBABILITY)).min(0, expecting(PROBABILITY)).max(1, expecting(PROBABILITY));
const STEP = 'a step index (an integer ≥ 0)';
const stepIndex = z.number(expecting(STEP)).int(expecting(STEP)).min(0, expecting(STEP));
/**
 * A context dimension: the run's `d` check itself (engine/params.ts, the one definition of its bounds and
 * message), applied before anything is allocated.
 */
const DIM = NUMBER_PARAMS.dim;
const dimension = z.number(expecting(DIM.expect)).refine((v) => acceptsNumber(DIM, v), expecting(DIM.expect));
const label = z.string(expecting('a non-empty string')).min(1, expecting('a non-empty string'));
const VECTOR = `an array of 1 to ${fmtCount(DIM.max)} numbers (the largest context dimension)`;
const vector = z
  .array(z.number(expecting('a number')), expecting('an array of numbers'))
  .min(1, expecting(VECTOR))
  .max(DIM.max, expecting(VECTOR));

function listOf<T extends z.ZodType>(item: T, what: string) {
  return z.array(item, expecting(`an array of ${what}`));
}

/** A model or category name: no invisible or control character, and in NFC, so two forms of "café" are one name (names.ts). */
const name = label.refine((n) => nameProblem(n) === null, { error: (issue) => nameProblem(issue.input as string) ?? '' }).transform(nfc);

/** A non-empty list of distinct-to-be names, at most `max` (the bound named in the message). */
function names(what: string, max: number, bound: string) {
  return listOf(name, what)
    .min(1, expecting(`a non-empty array of ${what}`))
    .max(max, { error: (issue) => atMost(issue.input, max, what, bound) });
}

/** The message of a list or record over its bound. */
function atMost(input: unknown, max: number, what: string, bound: string): string {
  return overBound(Array.isArray(input) ? input.length : Object.keys(input ?? {}).length, max, what, bound);
}

/** A list with one entry per arm: at most MAX_ARMS, so a list longer than any world can use is refused by its length first. */
function perArm<T extends z.ZodType>(item: T, what: string) {
  return listOf(item, what).max(MAX_ARMS, { error: (issue) => atMost(issue.input, MAX_ARMS, 'entries', `one per model; ${ARMS_BOUND}`) });
}

/** A list with one entry per category: at most MAX_CATEGORIES. */
function perCategory<T extends z.ZodType>(item: T, what: string) {
  return listOf(item, what).max(MAX_CATEGORIES, {
    error: (issue) => atMost(issue.input, MAX_CATEGORIES, 'entries', `one per category; ${CATEGORIES_BOUND}`),
  });
}

/** Strict objects: a misspelt optional field (`catgory_probs`) must not silently fall back to its default. */
function strict<S extends z.core.$ZodLooseShape>(shape: S, what: string) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field in ${what} (known: ${Object.keys(shape).join(', ')})`
        : `must be an object (got ${show(issue.input)})`,
  });
}

/** Error for a discriminated union's `type`: missing, unknown, or the value is not an object at all. */
function discriminator(what: string, types: readonly string[]) {
  const expected = `expected ${orList(types)}`;
  return {
    error: (issue: z.core.$ZodRawIssue) => {
      if (issue.input === undefined) return `missing (${expected})`;
      if (issue.code !== 'invalid_union') return `must be an object with a "type" field (got ${show(issue.input)})`;
      const type = (issue.input as { type?: unknown }).type;
      return type === undefined ? `missing (${expected})` : `unknown ${what} type ${show(type)} (${expected})`;
    },
  };
}

function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

const common = {
  name: label,
  description: z.string(expecting('a string')).optional(),
  arm_start: perArm(stepIndex, 'step indices, one per arm').optional(),
};
const costList = perArm(positiveNumber, 'positive numbers, one per arm');

// ---- cross-field rules -------------------------------------------------------------------------------------

type Ctx = z.core.$RefinementCtx;

function fail(ctx: Ctx, path: PropertyKey[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

/** `list` (when given) has n entries; `per` says what each one stands for. */
function hasLength(ctx: Ctx, path: PropertyKey[], list: readonly unknown[] | undefined, n: number, per: string, noun = 'values') {
  if (list !== undefined && list.length !== n) fail(ctx, path, `expected ${n} ${noun} (${per}), got ${list.length}`);
}

function unique(ctx: Ctx, field: string, list: readonly string[] | undefined): void {
  if (!list) return;
  const seen = new Map<string, number>();
  list.forEach((item, i) => {
    const first = seen.get(item);
    if (first !== undefined) fail(ctx, [field, i], `duplicate name ${show(item)} (also ${field}[${first}])`);
    else seen.set(item, i);
  });
}

function armsChecks(ctx: Ctx, spec: { arms?: string[]; arm_start?: number[] }, K: number): void {
  hasLength(ctx, ['arms'], spec.arms, K, 'one per arm', 'names');
  unique(ctx, 'arms', spec.arms);
  hasLength(ctx, ['arm_start'], spec.arm_start, K, 'one per arm');
  if (spec.arm_start && spec.arm_start.length > 0 && spec.arm_start.every((start) => start > 0)) {
    fail(ctx, ['arm_start'], `some arm must be available at step 0 (got ${show(spec.arm_start)})`);
  }
}

function costChecks(ctx: Ctx, costs: number[] | { per_prompt: string }, K: number): void {
  if (Array.isArray(costs)) hasLength(ctx, ['costs'], costs, K, 'one per arm');
}

// ---- the three world types ---------------------------------------------------------------------------------

const categoricalShape = {
  type: z.literal('categorical'),
  ...common,
  arms: names('model names', MAX_ARMS, ARMS_BOUND),
  costs: costList,
  categories: names('category names', MAX_CATEGORIES, CATEGORIES_BOUND),
  q: perCategory(perArm(probability, 'probabilities, one per arm'), 'rows of probabilities, one per category'),
  category_probs: perCategory(probability, 'probabilities, one per category').optional(),
  context_dim: dimension.optional(),
  contexts: perCategory(vector, 'context vectors, one per category').optional(),
  category_start: perCategory(stepIndex, 'step indices, one per category').optional(),
};

const categoricalSchema = strict(categoricalShape, 'a categorical world').superRefine((w, ctx) => {
  const K = w.arms.length;
  const M = w.categories.length;
  armsChecks(ctx, w, K);
  costChecks(ctx, w.costs, K);
  unique(ctx, 'categories', w.categories);
  hasLength(ctx, ['q'], w.q, M, 'one per category', 'rows');
  w.q.forEach((row, j) => {
    hasLength(ctx, ['q', j], row, K, 'one per arm');
  });
  hasLength(ctx, ['category_probs'], w.category_probs, M, 'one per category');
  if (w.category_probs && w.category_probs.length === M) {
    const sum = w.category_probs.reduce((s, p) => s + p, 0);
    if (Math.abs(sum - 1) > PROB_SUM_TOLERANCE) fail(ctx, ['category_probs'], `must sum to 1 (got ${sum})`);
  }
  if (w.context_dim !== undefined && w.contexts !== undefined) {
    fail(ctx, ['contexts'], 'give either contexts or context_dim, not both');
  }
  if (w.context_dim !== undefined && w.context_dim < M) {
    fail(ctx, ['context_dim'], `must be at least the number of categories (${M}), got ${w.context_dim}`);
  }
  if (w.contexts) {
    hasLength(ctx, ['contexts'], w.contexts, M, 'one per category', 'vectors');
    const D = w.contexts[0]?.length ?? 0;
    w.contexts.forEach((x, j) => {
      hasLength(ctx, ['contexts', j], x, D, 'like contexts[0]');
      const norm = Math.sqrt(x.reduce((sum, v) => sum + v * v, 0));
      if (norm > 1 + NORM_TOLERANCE) {
        fail(ctx, ['contexts', j], `norm ${round(norm)} exceeds 1 (context vectors must lie in the unit ball)`);
      }
    });
  }
  hasLength(ctx, ['category_start'], w.category_start, M, 'one per category');
  if (w.category_start && w.category_start.length === M) {
    const probs = w.category_probs ?? w.categories.map(() => 1);
    if (!w.category_start.some((start, j) => start === 0 && probs[j] > 0)) {
      fail(ctx, ['category_start'], `some category with positive probability must start at step 0 (got ${show(w.category_start)})`);
    }
  }
});

const logisticShape = {
  type: z.literal('logistic'),
  ...common,
  arms: names('model names', MAX_ARMS, ARMS_BOUND).optional(),
  costs: costList.min(1, expecting('a non-empty array of positive numbers, one per arm')),
  d: dimension,
  theta: perArm(vector, 'vectors, one per arm').optional(),
  theta_seed: z.number(expecting('an integer')).int(expecting('an integer')).optional(),
};

const logisticSchema = strict(logisticShape, 'a logistic world').superRefine((w, ctx) => {
  const K = w.costs.length;
  armsChecks(ctx, w, K);
  if (w.theta === undefined && w.theta_seed === undefined) {
    fail(ctx, ['theta'], `missing (expected ${K} vectors of length d = ${w.d}, or theta_seed to draw them)`);
  }
  if (w.theta !== undefined && w.theta_seed !== undefined) {
    fail(ctx, ['theta_seed'], 'give either theta or theta_seed, not both');
  }
  hasLength(ctx, ['theta'], w.theta, K, 'one per arm', 'vectors');
  w.theta?.forEach((row, a) => {
    hasLength(ctx, ['theta', a], row, w.d, `d = ${w.d}`);
  });
});

const featureSchema = z.preprocess(
  // "task-onehot" is shorthand for {"type": "task-onehot"}.
  (value) => (typeof value === 'string' ? { type: value } : value),
  z.discriminatedUnion(
    'type',
    [
      strict({ type: z.literal('task-onehot') }, 'task-onehot features'),
      strict({ type: z.literal('hashed-ngrams'), dim: dimension.optional() }, 'hashed-ngrams features'),
      strict({ type: z.literal('embedding'), model: label, dim: dimension.optional() }, 'embedding features'),
    ],
    discriminator('feature', featureTypes),
  ),
);

const datasetShape = {
  type: z.literal('dataset'),
  ...common,
  arms: names('model names', MAX_ARMS, ARMS_BOUND).optional(),
  prompts: z.string(expecting('the path of a JSONL file')).min(1, expecting('the path of a JSONL file')),
  models: names('model names', MAX_ARMS, ARMS_BOUND),
  features: featureSchema,
  task_start: z
    .record(label, stepIndex, expecting('an object {"<task>": step index}'))
    .refine((tasks) => Object.keys(tasks).length <= MAX_CATEGORIES, {
      error: (issue) => atMost(issue.input, MAX_CATEGORIES, 'tasks', TASKS_BOUND),
    })
    .optional(),
  costs: z.union([costList, strict({ per_prompt: label }, 'per-prompt costs')], {
    error: (issue) =>
      issue.input === undefined
        ? 'missing (expected an array of positive numbers, one per model, or {"per_prompt": "<field>"})'
        : `must be an array of positive numbers or {"per_prompt": "<field>"} (got ${show(issue.input)})`,
  }),
};

const datasetSchema = strict(datasetShape, 'a dataset world').superRefine((w, ctx) => {
  const K = w.models.length;
  unique(ctx, 'models', w.models);
  armsChecks(ctx, w, K);
  costChecks(ctx, w.costs, K);
});

const worldSchema = z.discriminatedUnion('type', [categoricalSchema, logisticSchema, datasetSchema], discriminator('world', worldTypes));

/** Validates a parsed world (JSON value). Throws WorldFormatError naming the first bad field. */
export function parseWorldSpec(json: unknown, source?: string): WorldSpec {
  const result = worldSchema.safeParse(json);
  if (!result.success) throw issueToError(result.error.issues[0], source);
  const spec = result.data;
  // Task names are user text, and zod's output drops one named __proto__ (userKeys.ts): keep the record as written.
  if (spec.type === 'dataset' && spec.task_start) spec.task_start = recordOf(Object.entries((json as Pick<DatasetSpec, 'task_start'>).task_start ?? {}));
  return spec;
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
