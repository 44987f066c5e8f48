/**
 * Recorded outcomes the lab replays (a served ../shared/data folder or a user's import), and the choices a
 * run makes on top of them: which featurizer turns prompts into contexts, and which costs it charges.
 * Plain data in, a DatasetWorld out: the worker fetches or loads the files, the engine does the rest.
 */
import { type ModelInfo, parseModelsJson } from '../import/models';
import { messageOf } from '../messageOf';
import { buildDatasetWorld, type DatasetWorld } from '../worlds/dataset';
import { WorldFormatError } from '../worlds/errors';
import { type DatasetSpec, type FeatureSpec, parseWorldSpec } from '../worlds/schema';
import { type CostMode, type FeatureType, PER_QUERY_COST_SCALE, type StartEntry } from './datasetChoice';

export { type CostMode, type FeatureType, PER_QUERY_COST_SCALE } from './datasetChoice';

export interface DatasetSource {
  name: string;
  /** Model names, in the order the lab shows them. */
  models: string[];
  /** A set price per model (for served folders: models.json's price per 1M tokens), or null if none is known. */
  prices: number[] | null;
  /** The row field holding each query's recorded cost in USD ({model: cost}), if the rows have one. */
  perQueryCostField: string | null;
  /** The prompts, one world-format JSON object per line. */
  promptsJsonl: string;
}

/** How a run turns the dataset into a world. */
export interface DatasetChoice {
  features: FeatureType;
  /** hashed-ngrams: the dimension; embedding: the PCA dimension (absent: the raw embedding). Ignored for task-onehot. */
  dim?: number;
  costs: CostMode;
  /** embedding: the transformers.js model id the embeddings came from (named in the world and its errors). */
  embedModel?: string;
  /** Only the prompts of these tasks (all when absent or empty). */
  tasks?: string[];
  /** Models that join the pool during the run (the world's arm_start; models not listed: from step 0). */
  modelStart?: StartEntry[];
  /** Tasks whose prompts arrive during the run (the world's task_start; tasks not listed: from step 0). */
  taskStart?: StartEntry[];
}

/** The per-query cost field of the first prompt row: `cost_usd` (exact) or `cost_usd_est` (estimated), if any. */
export function detectPerQueryCostField(promptsJsonl: string): string | null {
  const first = promptsJsonl.slice(0, promptsJsonl.indexOf('\n') >>> 0).trim();
  try {
    const row = JSON.parse(first) as Record<string, unknown>;
    return ['cost_usd', 'cost_usd_est'].find((f) => typeof row[f] === 'object' && row[f] !== null) ?? null;
  } catch {
    return null; // the world's own validation reports the bad line with its number
  }
}

/**
 * A served folder: its models.json text (read as an import reads one: a model's set price is `set_price`, else
 * input + output price per 1M tokens, see parseModelsJson) and prompts.jsonl text. Set prices are offered only
 * when every model has one.
 */
export function folderSource(name: string, modelsJsonText: string, promptsJsonl: string): DatasetSource {
  let models: ModelInfo[];
  try {
    models = parseModelsJson(modelsJsonText, `${name}/models.json`);
  } catch (e) {
    throw new WorldFormatError('models', messageOf(e));
  }
  const prices = models.map((m) => m.defaultPrice);
  return {
    name,
    models: models.map((m) => m.name),
    prices: prices.every((p): p is number => p !== undefined) ? prices : null,
    perQueryCostField: detectPerQueryCostField(promptsJsonl),
    promptsJsonl,
  };
}

/** The cost modes a source supports, preferred first. */
export function costModes(source: Pick<DatasetSource, 'prices' | 'perQueryCostField'>): CostMode[] {
  const modes: CostMode[] = [];
  if (source.prices) modes.push('prices');
  if (source.perQueryCostField) modes.push('per-query');
  return modes;
}

function featureSpecOf(choice: DatasetChoice): FeatureSpec {
  switch (choice.features) {
    case 'task-onehot':
      return { type: 'task-onehot' };
    case 'hashed-ngrams':
      return { type: 'hashed-ngrams', dim: choice.dim };
    case 'embedding':
      return { type: 'embedding', model: choice.embedModel ?? 'unknown', dim: choice.dim };
  }
}

/** The world-format spec of `source` under `choice` (its prompts file is named `prompts.jsonl`). */
export function datasetSpecOf(source: DatasetSource, choice: DatasetChoice): DatasetSpec {
  let costs: DatasetSpec['costs'];
  if (choice.costs === 'per-query') {
    if (!source.perQueryCostField) throw new WorldFormatError('costs', `${source.name} has no recorded per-query costs; use set prices`);
    costs = { per_prompt: source.perQueryCostField };
  } else {
    if (!source.prices) throw new WorldFormatError('costs', `${source.name} has no set prices; use its recorded per-query costs`);
    costs = source.prices;
  }
  const spec: DatasetSpec = { type: 'dataset', name: source.name, prompts: 'prompts.jsonl', models: source.models, features: featureSpecOf(choice), costs };
  if (choice.modelStart && choice.modelStart.length > 0) {
    for (const e of choice.modelStart) {
      if (!source.models.includes(e.name)) throw new WorldFormatError('arm_start', `no model named "${e.name}" (models: ${source.models.join(', ')})`);
    }
    spec.arm_start = source.models.map((m) => choice.modelStart!.find((e) => e.name === m)?.step ?? 0);
  }
  if (choice.taskStart && choice.taskStart.length > 0) spec.task_start = Object.fromEntries(choice.taskStart.map((e) => [e.name, e.step]));
  return parseWorldSpec(spec, source.name) as DatasetSpec; // the file format's own checks (some model at step 0, …)
}

/** One field of every prompt line, in file order ('' where a line has no such string or is malformed). */
function promptField(source: Pick<DatasetSource, 'promptsJsonl'>, field: 'text' | 'task'): string[] {
  const out: string[] = [];
  for (const line of source.promptsJsonl.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value = (JSON.parse(line) as Record<string, unknown>)[field];
      out.push(typeof value === 'string' ? value : '');
    } catch {
      out.push(''); // the world's own validation reports the bad line with its number
    }
  }
  return out;
}

/** The prompt texts of a source, in file order (what the embedding worker embeds). */
export function promptTexts(source: Pick<DatasetSource, 'promptsJsonl'>): string[] {
  return promptField(source, 'text');
}

/** The prompts' tasks, in file order. */
export function promptTasks(source: Pick<DatasetSource, 'promptsJsonl'>): string[] {
  return promptField(source, 'task');
}

/** Builds the world; `embeddings` (one per prompt, file order) are needed for embedding features. */
export function datasetWorldOf(source: DatasetSource, choice: DatasetChoice, embeddings?: readonly ArrayLike<number>[]): DatasetWorld {
  const spec = datasetSpecOf(source, choice);
  const io = {
    readText: (path: string) => {
      if (path !== 'prompts.jsonl') throw new Error(`no file ${path}`);
      return source.promptsJsonl;
    },
    resolve: (_base: string, rel: string) => rel,
  };
  return buildDatasetWorld(spec, io, {
    embeddings,
    costScale: choice.costs === 'per-query' ? PER_QUERY_COST_SCALE : 1,
    tasks: choice.tasks,
  });
}
