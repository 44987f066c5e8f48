import { hashedNgrams } from '../features/ngrams';
import { taskCategories, taskOneHot } from '../features/onehot';
import { scaleIntoUnitBall } from '../features/scale';
import type { Rng } from '../rng';
import type { Prompt, World } from '../types';
import { WorldFormatError, show } from './errors';
import { readPromptRows, type PromptRow } from './prompts';
import { availability } from './schedule';
import type { DatasetSpec } from './schema';

/** Default dimension of hashed-ngrams features when neither the world nor --d sets one. */
export const DEFAULT_NGRAM_DIM = 64;

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
export interface DatasetRow {
  readonly id: string;
  readonly text: string;
  readonly task: string;
  readonly line: number;
}

export interface DatasetWorld extends World {
  readonly rows: readonly DatasetRow[];
}

export interface DatasetOptions {
  /** --d: the hashed-ngrams dimension. */
  d?: number;
  /** The world file: relative `prompts` paths start from its directory; errors name it as their source. */
  worldPath?: string;
}

/**
 * Replay of recorded outcomes: each step draws a prompt uniformly with replacement; pulling model a returns
 * one of its recorded trials (indexed by u) or, given only a score s, a Bernoulli(s) draw.
 */
export function buildDatasetWorld(spec: DatasetSpec, io: WorldIO, opts: DatasetOptions = {}): DatasetWorld {
  const source = opts.worldPath;
  const K = spec.models.length;
  const computeFeatures = featureMaker(spec, opts.d, source); // before any I/O: a bad --d fails fast
  // A spec that came from no file (built in code, pasted in the lab) names its prompts file as io sees it.
  const path = opts.worldPath === undefined ? spec.prompts : io.resolve(opts.worldPath, spec.prompts);
  let text: string;
  try {
    text = io.readText(path);
  } catch (e) {
    throw new WorldFormatError('prompts', `cannot read ${show(path)} (${e instanceof Error ? e.message : String(e)})`, source);
  }
  const costField = Array.isArray(spec.costs) ? undefined : spec.costs.per_prompt;
  const rows = readPromptRows(text, { models: spec.models, costField, file: spec.prompts, source });

  const vectors = scaleIntoUnitBall(computeFeatures(rows));
  const categories = taskCategories(rows.map((r) => r.task));
  const categoryOf = new Map(categories.map((name, j) => [name, j]));
  const sharedCosts = Array.isArray(spec.costs) ? Float64Array.from(spec.costs) : null;
  const base = rows.map((r, i) => ({
    x: vectors[i],
    category: categoryOf.get(r.task)!,
    row: i,
    q: r.q,
    costs: sharedCosts ?? r.costs!,
  }));
  const trials = rows.map((r) => r.trials);
  const availableAt = availability(spec.arm_start, K);

  return {
    name: spec.name,
    arms: [...(spec.arms ?? spec.models)],
    dim: vectors[0].length,
    categories,
    rows: rows.map(({ id, text, task, line }) => ({ id, text, task, line })),
    draw(t: number, rng: Rng): Prompt {
      return { ...base[rng.int(base.length)], available: availableAt(t) };
    },
    pull(prompt: Prompt, arm: number, u: number): 0 | 1 {
      const recorded = trials[prompt.row][arm];
      if (recorded) return recorded[Math.min(recorded.length - 1, Math.floor(u * recorded.length))] as 0 | 1;
      return u < prompt.q[arm] ? 1 : 0;
    },
  };
}

function featureMaker(
  spec: DatasetSpec,
  d: number | undefined,
  source?: string,
): (rows: readonly PromptRow[]) => Float64Array[] {
  const f = spec.features;
  switch (f.type) {
    case 'task-onehot':
      if (d !== undefined) {
        throw new WorldFormatError(
          'd',
          `task-onehot features have one dimension per task; --d sets the dimension of hashed-ngrams features (got --d ${d})`,
          source,
        );
      }
      return (rows) => taskOneHot(rows.map((r) => r.task));
    case 'hashed-ngrams': {
      const dim = d ?? f.dim ?? DEFAULT_NGRAM_DIM;
      return (rows) => hashedNgrams(rows.map((r) => r.text), dim);
    }
    case 'embedding':
      throw new WorldFormatError(
        'features',
        'embedding features are computed in the browser lab (not yet supported here); use task-onehot or hashed-ngrams',
        source,
      );
  }
}
