import { hashedNgrams } from '../features/ngrams';
import { taskCategories, taskOneHot } from '../features/onehot';
import { fitPca } from '../features/pca';
import { unitBallScaler } from '../features/scale';
import { messageOf } from '../messageOf';
import type { Rng } from '../rng';
import type { Prompt, World } from '../types';
import { show, WorldFormatError } from './errors';
import { MAX_CATEGORIES, overBound, TASKS_BOUND } from './limits';
import { type PromptRow, readPromptRows } from './prompts';
import { availability, byPhase } from './schedule';
import type { DatasetSpec, FeatureSpec } from './schema';

/** Default dimension of hashed-ngrams features when neither the world nor --d sets one. */
const DEFAULT_NGRAM_DIM = 64;

/** How a world reaches its files; the engine has no file system of its own (it also runs in a worker). */
export interface WorldIO {
  /** The whole text of a file; throws if it cannot be read. */
  readText(path: string): string;
  /**
   * `rel` as seen from the file `base`: resolved against base's directory, an absolute `rel` standing alone
   * (Node: path.resolve(path.dirname(base), rel); browser: new URL(rel, base)).
   */
  resolve(base: string, rel: string): string;
}

/** What the lab shows of a replayed prompt; `Prompt.row` indexes `rows`. */
interface DatasetRow {
  readonly id: string;
  readonly text: string;
  readonly task: string;
  readonly line: number;
}

/** A new prompt to featurise as the dataset's rows were (the prompt playground). */
interface NewPrompt {
  text: string;
  /** For task-onehot features; an unknown or absent task gives the zero vector. */
  task?: string;
  /** The raw embedding of `text`, for embedding features (same model as the rows'). */
  embedding?: ArrayLike<number>;
}

/** How the dataset's prompts became contexts. */
interface DatasetFeatures {
  type: FeatureSpec['type'];
  /** Context dimension. */
  dim: number;
  /** Embedding features projected by PCA: the share of the embeddings' variance the projection keeps. */
  explainedVariance?: number;
  /** The context of a prompt outside the file, in the same coordinates and scale as the rows'. */
  contextOf(prompt: NewPrompt): Float64Array;
}

export interface DatasetWorld extends World {
  readonly rows: readonly DatasetRow[];
  readonly features: DatasetFeatures;
  /** The context of row i (as `draw` gives it). */
  rowContext(i: number): Float64Array;
  /** The true success probability per model of row i. */
  rowQ(i: number): Float64Array;
  /** The cost per model of a pull on row i. */
  rowCosts(i: number): Float64Array;
}

export interface DatasetOptions {
  /** --d: the hashed-ngrams dimension. */
  d?: number;
  /** The world file: relative `prompts` paths start from its directory; errors name it as their source. */
  worldPath?: string;
  /**
   * For `embedding` features: one raw embedding per prompt row, in file order, computed by the caller
   * (the lab's embedding worker) with the spec's model. The engine only projects and scales them.
   */
  embeddings?: readonly ArrayLike<number>[];
  /**
   * Multiplies every cost (default 1). The lab shows per-query costs recorded in USD (~1e-5) in µ$ (×1e6),
   * so that λ on its usual 1e-4…1 scale trades cost against success; utility is unchanged if λ is divided
   * by the same factor.
   */
  costScale?: number;
  /** Keep only the prompts of these tasks (all when absent or empty), e.g. one benchmark of a mixed file. */
  tasks?: readonly string[];
}

/**
 * Replay of recorded outcomes: each step draws a prompt uniformly with replacement; pulling model a returns
 * one of its recorded trials (indexed by u) or, given only a score s, a Bernoulli(s) draw.
 */
export function buildDatasetWorld(spec: DatasetSpec, io: WorldIO, opts: DatasetOptions = {}): DatasetWorld {
  const source = opts.worldPath;
  const K = spec.models.length;
  const featurizer = featureMaker(spec, opts, source); // before any I/O: a bad --d fails fast
  // A spec that came from no file (built in code, pasted in the lab) names its prompts file as io sees it.
  const path = opts.worldPath === undefined ? spec.prompts : io.resolve(opts.worldPath, spec.prompts);
  let text: string;
  try {
    text = io.readText(path);
  } catch (e) {
    throw new WorldFormatError('prompts', `cannot read ${show(path)} (${messageOf(e)})`, source);
  }
  const costField = Array.isArray(spec.costs) ? undefined : spec.costs.per_prompt;
  const allRows = readPromptRows(text, { models: spec.models, costField, file: spec.prompts, source });
  const keep = rowFilter(allRows, opts.tasks, source);
  const rows = keep ? allRows.filter((_, i) => keep[i]) : allRows;
  const embeddings = keep && opts.embeddings ? opts.embeddings.filter((_, i) => keep[i]) : opts.embeddings;

  const fitted = featurizer(rows, embeddings);
  const scale = unitBallScaler(fitted.vectors);
  const vectors = fitted.vectors.map(scale);
  const features: DatasetFeatures = {
    type: spec.features.type,
    dim: vectors[0].length,
    explainedVariance: fitted.explainedVariance,
    contextOf: (prompt) => scale(fitted.contextOf(prompt)),
  };
  const categories = taskCategories(rows.map((r) => r.task));
  const categoryOf = new Map(categories.map((name, j) => [name, j]));
  const costScale = opts.costScale ?? 1;
  if (!(costScale > 0 && Number.isFinite(costScale))) throw new RangeError(`costScale must be a positive number (got ${costScale})`);
  const scaleCosts = (c: Float64Array) => (costScale === 1 ? c : c.map((x) => x * costScale));
  const sharedCosts = Array.isArray(spec.costs) ? scaleCosts(Float64Array.from(spec.costs)) : null;
  const base = rows.map((r, i) => ({
    x: vectors[i],
    category: categoryOf.get(r.task)!,
    row: i,
    q: r.q,
    costs: sharedCosts ?? scaleCosts(r.costs!),
  }));
  const trials = rows.map((r) => r.trials);
  const availableAt = availability(spec.arm_start, K);
  const poolAt = promptPools(base, categories, spec.task_start, source);

  return {
    name: spec.name,
    arms: [...(spec.arms ?? spec.models)],
    dim: vectors[0].length,
    categories,
    rows: rows.map(({ id, text, task, line }) => ({ id, text, task, line })),
    features,
    rowContext: (i) => base[i].x,
    rowQ: (i) => base[i].q,
    rowCosts: (i) => base[i].costs,
    draw(t: number, rng: Rng): Prompt {
      const pool = poolAt(t);
      return { ...base[pool === null ? rng.int(base.length) : pool[rng.int(pool.length)]], available: availableAt(t) };
    },
    pull(prompt: Prompt, arm: number, u: number): 0 | 1 {
      const recorded = trials[prompt.row][arm];
      if (recorded) return recorded[Math.min(recorded.length - 1, Math.floor(u * recorded.length))] as 0 | 1;
      return u < prompt.q[arm] ? 1 : 0;
    },
  };
}

/**
 * The rows a step may draw from under `task_start` (null: every row, as without a schedule, so such worlds draw
 * exactly as before): each task's prompts join at its start step, like category_start in categorical worlds.
 */
function promptPools(
  base: readonly { category: number }[],
  categories: readonly string[],
  taskStart: Readonly<Record<string, number>> | undefined,
  source?: string,
): (t: number) => readonly number[] | null {
  if (taskStart === undefined) return () => null;
  const starts = categories.map(() => 0);
  for (const [task, step] of Object.entries(taskStart)) {
    const j = categories.indexOf(task);
    if (j < 0) throw new WorldFormatError('task_start', `no prompt has task ${show(task)} (tasks: ${categories.join(', ')})`, source);
    starts[j] = step;
  }
  if (!starts.includes(0)) {
    throw new WorldFormatError('task_start', `some task must start at step 0 (got ${show(taskStart)}; tasks: ${categories.join(', ')})`, source);
  }
  return byPhase(starts, categories.length, (active) => base.flatMap((row, i) => (active[row.category] ? [i] : [])));
}

/** Which rows to keep for `tasks` (null: all); an unknown task is an error naming the ones there are. */
function rowFilter(rows: readonly PromptRow[], tasks: readonly string[] | undefined, source?: string): boolean[] | null {
  if (!tasks || tasks.length === 0) return null;
  const present = taskCategories(rows.map((r) => r.task));
  for (const t of tasks) {
    if (!present.includes(t)) throw new WorldFormatError('tasks', `no prompt has task ${show(t)} (tasks: ${present.join(', ')})`, source);
  }
  const wanted = new Set(tasks);
  return rows.map((r) => wanted.has(r.task));
}

/** Raw (unscaled) contexts of the rows, and the same map for a new prompt. */
interface FittedFeatures {
  vectors: Float64Array[];
  explainedVariance?: number;
  contextOf(prompt: NewPrompt): Float64Array;
}

function featureMaker(
  spec: DatasetSpec,
  opts: DatasetOptions,
  source?: string,
): (rows: readonly PromptRow[], embeddings?: readonly ArrayLike<number>[]) => FittedFeatures {
  const f = spec.features;
  const d = opts.d;
  switch (f.type) {
    case 'task-onehot':
      if (d !== undefined) {
        throw new WorldFormatError(
          'd',
          `task-onehot features have one dimension per task; --d sets the dimension of hashed-ngrams or embedding features (got --d ${d})`,
          source,
        );
      }
      return (rows) => {
        const categories = taskCategories(rows.map((r) => r.task));
        // Each task is a dimension: more than the largest context has are refused by count, before the vectors are made.
        if (categories.length > MAX_CATEGORIES) {
          throw new WorldFormatError('features', `task-onehot: the prompts file ${overBound(categories.length, MAX_CATEGORIES, 'tasks', TASKS_BOUND)}`, source);
        }
        return {
          vectors: taskOneHot(rows.map((r) => r.task)),
          contextOf: ({ task }) => {
            const x = new Float64Array(categories.length);
            const j = task === undefined ? -1 : categories.indexOf(task);
            if (j >= 0) x[j] = 1;
            return x;
          },
        };
      };
    case 'hashed-ngrams': {
      const dim = d ?? f.dim ?? DEFAULT_NGRAM_DIM;
      return (rows) => ({
        vectors: hashedNgrams(
          rows.map((r) => r.text),
          dim,
        ),
        contextOf: ({ text }) => hashedNgrams([text], dim)[0],
      });
    }
    case 'embedding': {
      if (!opts.embeddings) {
        throw new WorldFormatError(
          'features',
          `embedding features need the prompts' embeddings by ${show(f.model)}, which the browser lab computes; here use task-onehot or hashed-ngrams`,
          source,
        );
      }
      const dim = d ?? f.dim;
      return (rows, embeddings = []) => {
        if (embeddings.length !== rows.length) {
          throw new WorldFormatError('features', `got ${embeddings.length} embeddings for ${rows.length} prompts`, source);
        }
        const D = embeddings[0].length;
        if (dim === undefined || dim >= D) {
          if (dim !== undefined && dim > D) {
            throw new WorldFormatError('features.dim', `must be at most the embedding's dimension ${D} (got ${dim})`, source);
          }
          return { vectors: embeddings.map((e) => Float64Array.from(e)), contextOf: ({ embedding }) => raw(embedding, D) };
        }
        // Sec. 5: contexts are the prompt embeddings; projecting them keeps V_a (d×d) small and well conditioned.
        const pca = fitPca(embeddings, dim);
        return {
          vectors: embeddings.map((e) => pca.project(e)),
          explainedVariance: pca.explainedTotal,
          contextOf: ({ embedding }) => pca.project(raw(embedding, D)),
        };
      };
    }
  }
}

function raw(embedding: ArrayLike<number> | undefined, D: number): Float64Array {
  if (!embedding || embedding.length !== D) {
    throw new RangeError(`contextOf: an embedding of length ${D} is needed (got ${embedding ? embedding.length : 'none'})`);
  }
  return Float64Array.from(embedding);
}
