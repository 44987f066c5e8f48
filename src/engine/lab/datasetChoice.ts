/**
 * The choices a run makes on a recorded dataset, and their registry (DATASET_PARAMS, beside the numbers'
 * NUMBER_PARAMS in engine/params.ts): plain constants, types and functions importing only the parameter
 * registry, so the page's main bundle (links, controls) can use them without pulling in the engine (see
 * datasetSource.ts).
 */
import { NUMBER_PARAMS } from '../params';

export type FeatureType = 'task-onehot' | 'hashed-ngrams' | 'embedding';
export const FEATURE_TYPES: readonly FeatureType[] = ['task-onehot', 'hashed-ngrams', 'embedding'];
export type CostMode = 'prices' | 'per-query';
const COST_MODES: readonly CostMode[] = ['prices', 'per-query'];

/** The dimension n-gram and projected embedding features get in the lab unless one is chosen (engine/params.ts). */
export const DEFAULT_FEATURE_DIM = NUMBER_PARAMS.dim.lab.default;

/** Recorded per-query USD costs are charged in µ$, on the scale of the $-per-1M-token prices (see costScale). */
export const PER_QUERY_COST_SCALE = 1e6;

/** The unit a cost mode charges in, in words, for the dataset controls (a run's short unit: state/stakeholder.ts costUnitOf). */
export function costModeUnit(choice: { costs: CostMode }): string {
  return choice.costs === 'per-query' ? 'µ$ per query (recorded)' : '$ per 1M tokens (set price)';
}

/**
 * What a run stands on: its world and, for a dataset, the mode its costs are charged in; also what says the unit of its
 * costs (state/stakeholder.ts costUnitOf: a run's config, or a sweep cell's).
 */
export type Ground = { world: string; dataset?: { costs: CostMode } };

/**
 * Whether two runs stand on the same ground: the same world (its prompts and models) and costs in the same unit. Only
 * then may the page draw one beside the other (the picture's run before) or keep one's trace and sweeps on screen
 * while the other computes (state/lab/controller.ts): another world's points or prompts would show a change that no
 * parameter made.
 */
export function sameGround(a: Ground, b: Ground): boolean {
  return a.world === b.world && a.dataset?.costs === b.dataset?.costs;
}

/** A model or task that joins a dataset run at a given step (the paper's adaptation experiments). */
export interface StartEntry {
  name: string;
  /** 0-based step from which it is available. */
  step: number;
}

const START_ENTRY = /^([^,:]{1,120}):(\d{1,7})$/;

/**
 * "qwen-plus:0,gemini-2.5-flash-preview:200" → entries: the one format of the link keys `modelStart`/`taskStart`
 * and the CLI's `--model-start`/`--task-start`. Names not listed start at step 0. Returns a message on bad input.
 */
export function parseStartList(text: string): StartEntry[] | { error: string } {
  const entries: StartEntry[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const m = START_ENTRY.exec(item);
    if (m === null) return { error: `"${item.slice(0, 60)}" is not NAME:STEP (a name and a step index ≥ 0)` };
    const name = m[1].trim();
    if (entries.some((e) => e.name === name)) return { error: `${name} is given more than once` };
    entries.push({ name, step: Number(m[2]) });
  }
  return entries;
}

/** The inverse of parseStartList. */
export function formatStartList(entries: readonly StartEntry[]): string {
  return entries.map((e) => `${e.name}:${e.step}`).join(',');
}

/** A task name, as a link and the CLI's `--tasks` take one: any text but a comma (MMLU-Pro has "computer science"). */
const TASK_NAME = /^[^,\p{Cc}]{1,120}$/u;

/** Lists of tasks or start entries hold at most this many (a link is not a place for more). */
const MAX_LIST = 100;

/**
 * One choice of a dataset run, written as text (after the numbers' registry, engine/params.ts): its key in
 * LabParams and the link, its CLI flag, its control's label, what it accepts, its default, and its one reading
 * and writing, which the link codec (state/urlCodec.ts), the CLI (cli/args.ts) and the controls
 * (ui/controls/DatasetControls.tsx) derive from. An empty text is its default, left out of the short link.
 */
export interface DatasetParam<T> {
  readonly key: string;
  readonly cli: string;
  /** Its control's label, where the lab has a control for it (who joins when comes from a link alone). */
  readonly label?: string;
  /** One line for the CLI's help. */
  readonly help: string;
  /** The accepted values in words, completing "must be …". */
  readonly expect: string;
  readonly default: T;
  /** What an empty text (the default) means, for notices; set where the default writes as ''. */
  readonly emptyMeans?: string;
  /** Words to choose among, with each one's label and help (the control's options). */
  readonly options?: Readonly<Record<string, WordOption>>;
  /** The text read: its value, or what is wrong ("must be …", or the parser's message). */
  read(text: string): T | { error: string };
  write(v: T): string;
}

const param = <T>(p: DatasetParam<T>): DatasetParam<T> => p;

/** What is wrong with a reading (`DatasetParam.read`), or null when it is a value: the one test of both outcomes. */
export const readProblem = (v: unknown): string | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'error' in v ? String((v as { error: unknown }).error) : null;

/** One word of a choice: its label and help (the control's option), and why only the browser lab takes it, if so. */
export interface WordOption {
  readonly label: string;
  readonly help: string;
  readonly browserOnly?: string;
}

/** A word among `options`' keys. */
function wordParam<T extends string>(p: Omit<DatasetParam<T>, 'read' | 'write' | 'options'> & { options: Record<T, WordOption> }) {
  return {
    ...p,
    read: (text: string): T | { error: string } =>
      Object.hasOwn(p.options, text.trim()) ? (text.trim() as T) : { error: `must be ${p.expect} (got "${text}")` },
    write: (v: T) => v,
  } satisfies DatasetParam<T>;
}

/** A list of `what`:step entries (parseStartList). */
function startParam(what: 'model' | 'task', key: string, cli: string, help: string) {
  return param<StartEntry[]>({
    key,
    cli,
    help,
    expect: `a comma-separated list of ${what}:step`,
    default: [],
    emptyMeans: `every ${what} from step 0`,
    read: (text) => {
      const parsed = parseStartList(text);
      if (!('error' in parsed) && parsed.length > MAX_LIST) return { error: `at most ${MAX_LIST} entries (got ${parsed.length})` };
      return parsed;
    },
    write: formatStartList,
  });
}

/** The registry of a dataset run's choices, in the order the link writes them. */
export const DATASET_PARAMS = {
  features: wordParam<FeatureType>({
    key: 'features',
    cli: 'features',
    label: 'Prompt features',
    help: 'how prompts become contexts',
    expect: `one of ${FEATURE_TYPES.join(', ')}`,
    default: 'task-onehot',
    options: {
      'task-onehot': { label: 'Task one-hot', help: 'One coordinate per task: the learner tells tasks apart, not prompts within a task.' },
      'hashed-ngrams': { label: 'Hashed n-grams', help: 'Character 3-grams hashed into d buckets: instant, no model, sees the words of each prompt.' },
      embedding: {
        label: 'Embedding',
        help: 'Sentence embeddings computed in this browser (settings under "Embeddings"), projected by PCA to d dimensions.',
        browserOnly: 'embedding features are computed in the browser lab',
      },
    },
  }),
  costs: wordParam<CostMode>({
    key: 'costs',
    cli: 'costs',
    label: 'Costs',
    help: 'set prices, or the recorded per-query costs (in µ$)',
    expect: COST_MODES.join(' or '),
    default: 'prices',
    options: {
      prices: { label: 'Set prices', help: "Each model's set price ($ per 1M tokens, input + output) per query." },
      'per-query': { label: 'Recorded per-query cost', help: 'What each recorded query really cost, in µ$ (millionths of a dollar).' },
    },
  }),
  tasks: param<string[]>({
    key: 'tasks',
    cli: 'tasks',
    label: 'Tasks',
    help: 'only the prompts of these tasks',
    expect: 'a comma-separated list of task names',
    default: [],
    emptyMeans: 'all tasks',
    read: (text) => {
      const tasks = text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      const bad = tasks.find((t) => !TASK_NAME.test(t));
      if (bad !== undefined) return { error: `"${bad.slice(0, 60)}" is not a task name (at most 120 characters)` };
      return tasks.length > MAX_LIST ? { error: `at most ${MAX_LIST} tasks (got ${tasks.length})` } : tasks;
    },
    write: (v) => v.join(','),
  }),
  modelStart: startParam('model', 'modelStart', 'model-start', 'models that join during the run'),
  taskStart: startParam('task', 'taskStart', 'task-start', 'tasks whose prompts arrive during the run'),
} as const;

/** The words of a choice that a run outside the browser takes (the CLI, a sweep): the lab alone computes some (embedding features). */
export const headlessWords = (p: DatasetParam<unknown>): string[] => Object.entries(p.options ?? {}).flatMap(([w, o]) => (o.browserOnly ? [] : [w]));

export type DatasetParamKey = keyof typeof DATASET_PARAMS;

/** The values of the dataset choices, one per entry, of its type. */
export type DatasetParamValues = { -readonly [K in DatasetParamKey]: (typeof DATASET_PARAMS)[K] extends DatasetParam<infer T> ? T : never };
