/**
 * What the lab can choose from: built-in worlds and algorithm ids, with labels and one-line descriptions.
 *
 * The worker's `catalog()` is the authority at run time, but the URL must be validated before the worker has
 * started (and the main bundle should not carry the engine), so the ids are also listed here.
 * `catalog.test.ts` checks these lists against the engine's registry, so they cannot drift apart.
 * Plain data: no DOM, importable from Node tests.
 */

export interface AlgoEntry {
  id: string;
  label: string;
  description: string;
}

export interface WorldEntry {
  name: string;
  description: string;
  /** Model names and costs, when the worker's catalog has told us (else empty). */
  arms: string[];
  costs: number[];
  categories: string[];
}

export const ALGORITHMS: readonly AlgoEntry[] = [
  { id: 'promptwise', label: 'PromptWise', description: 'Algorithm 1: logistic UCB per model, Proposition 1 on q̂, update after every pull' },
  { id: 'promptwise-perstep', label: 'PromptWise (per-step update)', description: 'Algorithm 3: as PromptWise, but estimates are updated once per prompt' },
  { id: 'promptwise-klr', label: 'PromptWise-KLR', description: 'PromptWise with kernel logistic regression and its kernel bonus' },
  { id: 'promptwise-budget', label: 'PromptWise-Budget', description: 'Beyond the paper: the finite-budget DP on q̂, re-planned after each failure' },
  {
    id: 'promptwise-official',
    label: 'PromptWise (official code)',
    description: "The authors' code: bonus α·xᵀV⁻¹x with V⁻¹ from 10⁻⁶·I (about zero), MLE under ½‖θ‖²; exploration only from τ_exp",
  },
  { id: 'ca-pak-ucb-ts', label: 'CA PAK-UCB-tS', description: 'Kernel ridge UCB: argmax q̂ − λc once per prompt, repeated until success or budget' },
  {
    id: 'ca-pak-ucb-ts-official',
    label: 'CA PAK-UCB-tS (official code)',
    description:
      "The authors' code, bugs included: argmax q̂ without the −λc term, ties drawn at random, and its first-pull inverse 1/k(x,x) + β, which locks a trial onto the first model to succeed",
  },
  {
    id: 'ca-pak-ucb-ts-official-ca',
    label: 'CA PAK-UCB-tS (official code, cost-aware)',
    description:
      "The authors' code with its cost-aware option (cost_aware_greedy): as CA PAK-UCB-tS (official code), but choosing argmax q̂ − λc, the paper's rule",
  },
  { id: 'random', label: 'Random', description: 'One uniformly random model per prompt' },
  { id: 'greedy', label: 'Greedy', description: 'One query to the model with the highest average success less λ·c' },
  { id: 'random-ts', label: 'Random-till-Succeed', description: 'Random models until one succeeds or the budget is spent' },
  { id: 'greedy-ts', label: 'Greedy-till-Succeed', description: 'Greedy, ranked again after each failure, until success or budget' },
  { id: 'lowest-cost', label: 'Lowest-cost', description: 'One query to the cheapest model' },
  { id: 'highest-cost', label: 'Highest-cost', description: 'One query to the most expensive model' },
  { id: 'oracle', label: 'Oracle (DP)', description: 'Knows q: the exact finite-budget optimum by dynamic programming' },
  { id: 'oracle-prop1', label: 'Oracle (Prop. 1)', description: 'Knows q: Proposition 1 (argmin c/q until success), truncated at τ_max' },
];

export const WORLDS: readonly WorldEntry[] = [
  {
    name: 't2i',
    description: 'Synthetic text-to-image (paper): expert i always handles prompt types 1..i, 50% on the others',
    arms: [],
    costs: [],
    categories: [],
  },
  {
    name: 'sudoku',
    description: "Sudoku (paper's Task 1): 5–30 blanks in five buckets, the paper's five models at set prices; success rates illustrative",
    arms: [],
    costs: [],
    categories: [],
  },
  {
    name: 'sudoku-new-arms',
    description: "Sudoku with models joining over time (paper's order): Qwen-Plus and Gemini first, then GPT-4o, DeepSeek, Claude-Opus-4 every 200 steps",
    arms: [],
    costs: [],
    categories: [],
  },
  {
    name: 'sudoku-new-prompts',
    description: 'Sudoku with harder puzzle types appearing over time: one more every 250 steps',
    arms: [],
    costs: [],
    categories: [],
  },
  {
    name: 'two-models',
    description: 'Round-budget trade-off (paper, Figure 4): two models priced 18 and 75 (illustrative success rates)',
    arms: [],
    costs: [],
    categories: [],
  },
  { name: 'logistic', description: 'q = sigmoid(⟨θ_a, x⟩), x uniform in the unit ball; θ drawn from a seed', arms: [], costs: [], categories: [] },
];

export const ALGO_IDS: readonly string[] = ALGORITHMS.map((a) => a.id);

/** The readings of the authors' code (docs/ENGINE.md): selectable, but not run by default. */
export const OFFICIAL_CODE_IDS: readonly string[] = ALGO_IDS.filter((id) => id.includes('-official'));
/** What a fresh page runs: every algorithm of the paper and ours. */
export const DEFAULT_ALGO_IDS: readonly string[] = ALGO_IDS.filter((id) => !OFFICIAL_CODE_IDS.includes(id));
export const WORLD_NAMES: readonly string[] = WORLDS.map((w) => w.name);

/** The ids that are oracles (they know q): never "the best baseline". */
export const ORACLE_IDS: readonly string[] = ['oracle', 'oracle-prop1'];

/** The DP oracle: regret is measured against its expected utility (engine/simulate.ts), so its own is noise. */
export const REGRET_BENCHMARK_ID = 'oracle';

export function isPromptWise(id: string): boolean {
  return id === 'promptwise' || id.startsWith('promptwise-');
}

export interface Catalog {
  algorithms: AlgoEntry[];
  worlds: WorldEntry[];
  /** Recorded datasets the server offers, as world names `data:<folder>` (none until the worker says). */
  datasets: string[];
}

export const STATIC_CATALOG: Catalog = { algorithms: [...ALGORITHMS], worlds: [...WORLDS], datasets: [] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/**
 * Reads the worker's catalog, whatever richer form it grows into: `algorithms` as ids or as
 * `{ id, label, description }`, optional `algorithmInfo` / `labels` / `descriptions` maps keyed by id, `worlds` as names or as
 * `{ name, description, arms, costs, categories }`, optional `worldInfo` keyed by name. What it does not
 * say is filled from the static lists.
 */
export function normalizeCatalog(raw: unknown): Catalog {
  if (!isRecord(raw)) return STATIC_CATALOG;
  const labels = isRecord(raw.labels) ? raw.labels : {};
  const descriptions = isRecord(raw.descriptions) ? raw.descriptions : {};
  const algoInfo = isRecord(raw.algorithmInfo) ? raw.algorithmInfo : {};
  const algorithms: AlgoEntry[] = [];
  for (const item of Array.isArray(raw.algorithms) ? raw.algorithms : []) {
    const id = typeof item === 'string' ? item : isRecord(item) ? str(item.id) : undefined;
    if (!id || algorithms.some((a) => a.id === id)) continue;
    const known = ALGORITHMS.find((a) => a.id === id);
    const info = algoInfo[id];
    const rec = isRecord(item) ? item : isRecord(info) ? info : {};
    algorithms.push({
      id,
      label: str(rec.label) ?? str(labels[id]) ?? known?.label ?? id,
      description: str(rec.description) ?? str(descriptions[id]) ?? known?.description ?? '',
    });
  }
  const worldInfo = isRecord(raw.worldInfo) ? raw.worldInfo : isRecord(raw.worldsInfo) ? raw.worldsInfo : {};
  const worlds: WorldEntry[] = [];
  for (const item of Array.isArray(raw.worlds) ? raw.worlds : []) {
    const name = typeof item === 'string' ? item : isRecord(item) ? (str(item.name) ?? str(item.id)) : undefined;
    if (!name || worlds.some((w) => w.name === name)) continue;
    const known = WORLDS.find((w) => w.name === name);
    const rec = isRecord(item) ? item : isRecord(worldInfo[name]) ? (worldInfo[name] as Record<string, unknown>) : {};
    worlds.push({
      name,
      description: str(rec.description) ?? known?.description ?? '',
      arms: strings(rec.arms),
      costs: numbers(rec.costs),
      categories: strings(rec.categories),
    });
  }
  return {
    algorithms: algorithms.length > 0 ? algorithms : [...ALGORITHMS],
    worlds: worlds.length > 0 ? worlds : [...WORLDS],
    datasets: strings(raw.datasets).filter((name) => name.startsWith('data:')),
  };
}

export function algoLabel(catalog: Catalog, id: string): string {
  return catalog.algorithms.find((a) => a.id === id)?.label ?? ALGORITHMS.find((a) => a.id === id)?.label ?? id;
}
