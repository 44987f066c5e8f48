/**
 * What the lab can choose from: built-in worlds and algorithm ids, with labels and one-line descriptions.
 *
 * The worker's `catalog()` is the authority at run time, but the URL must be validated before the worker has
 * started (and the main bundle should not carry the engine). The algorithms come from the engine's registry
 * (engine/policies/algorithms.ts, plain data with no imports); the worlds are listed here, and `catalog.test.ts`
 * checks them against the engine. Plain data: no DOM, importable from Node tests.
 */
import { algorithmSpec, ALGORITHMS as ENGINE_ALGORITHMS } from '../engine/policies/algorithms';

interface AlgoEntry {
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

/** The engine's algorithm registry (engine/policies/algorithms.ts, plain data) as the controls list it. */
const ALGORITHMS: readonly AlgoEntry[] = ENGINE_ALGORITHMS.map(({ id, label, description }) => ({ id, label, description }));

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
const OFFICIAL_CODE_IDS: readonly string[] = ENGINE_ALGORITHMS.filter((a) => a.officialCode).map((a) => a.id);
/** "All algorithms" (`algos=all` in the link): every algorithm of the paper and ours, not the authors'-code readings. */
export const ALL_ALGO_IDS: readonly string[] = ALGO_IDS.filter((id) => !OFFICIAL_CODE_IDS.includes(id));
/**
 * What a fresh page runs (issue 15, item 1): the learner, the paper's Greedy and the DP oracle, a few lines in every
 * chart instead of thirteen; the best single model is the stakeholder line's reference beside them (state/stakeholder.ts).
 * PromptWise-Budget stands beside PromptWise (issue 41, item 2): PromptWise's order of models is c/q̂ whatever λ is
 * (Proposition 1), so on the first world its cost moves in one decade of the λ slider only, while the budget plan on
 * q̂ responds to λ across the slider at a finite τ_max (lessons.ts; lessons.test.ts holds it).
 */
export const FOCUSED_ALGO_IDS: readonly string[] = ['promptwise', 'promptwise-budget', 'greedy', 'oracle'];
/** Whether `ids` is exactly the "all algorithms" selection (in any order). */
export function isAllAlgos(ids: readonly string[]): boolean {
  return ids.length === ALL_ALGO_IDS.length && ALL_ALGO_IDS.every((id) => ids.includes(id));
}
export const WORLD_NAMES: readonly string[] = WORLDS.map((w) => w.name);

/** The ids that are oracles (they know q): never "the best baseline". */
export const ORACLE_IDS: readonly string[] = ENGINE_ALGORITHMS.filter((a) => a.knowsQ).map((a) => a.id);

/** The DP oracle: regret is measured against its expected utility (engine/simulate.ts), so its own is noise. */
export const REGRET_BENCHMARK_ID = 'oracle';

export function isPromptWise(id: string): boolean {
  return algorithmSpec(id)?.family === 'promptwise';
}

/** The algorithm a summary features: PromptWise when it ran, else the first PromptWise variant that did. */
export function featuredAlgo(algos: readonly string[]): string | null {
  if (algos.includes('promptwise')) return 'promptwise';
  return algos.find(isPromptWise) ?? null;
}

export interface Catalog {
  algorithms: AlgoEntry[];
  worlds: WorldEntry[];
  /** Recorded datasets the server offers, as world names `data:<folder>` (none until the worker says). */
  datasets: string[];
}

export const STATIC_CATALOG: Catalog = { algorithms: [...ALGORITHMS], worlds: [...WORLDS], datasets: [] };

/**
 * The catalog once the worker has answered: the registry's algorithms, the worker's worlds (with their arms, costs
 * and categories) and the recorded datasets its server offers.
 */
export function catalogFrom(answer: { worlds: readonly WorldEntry[]; datasets: readonly string[] }): Catalog {
  return {
    algorithms: [...ALGORITHMS],
    worlds: answer.worlds.map(({ name, description, arms, costs, categories }) => ({ name, description, arms, costs, categories })),
    datasets: answer.datasets.filter((name) => name.startsWith('data:')),
  };
}

export function algoLabel(catalog: Catalog, id: string): string {
  return catalog.algorithms.find((a) => a.id === id)?.label ?? ALGORITHMS.find((a) => a.id === id)?.label ?? id;
}
