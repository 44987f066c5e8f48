/**
 * One preset per experiment of the paper (and its ablations): the world, algorithms and parameters a run
 * needs, what the paper reports for it, and the `npm run sim` command that reproduces the lab's numbers.
 * Plain data; the page turns a preset into a link (src/state/presets.ts), the report runs them in Node.
 */
import { ALGORITHM_IDS } from '../policies/algorithms';
import type { BanditParams } from '../types';

/** Algorithms in the registry's order (the order the lab lists and links them in). */
const inOrder = (ids: readonly string[]): string[] => ALGORITHM_IDS.filter((id) => ids.includes(id));

import { type CostMode, type FeatureType, formatStartList, type StartEntry } from './datasetChoice';

/** The paper's algorithms and baselines, as its tables list them, with both oracles for reference. */
const PAPER_ALGOS = ['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts', 'random', 'greedy', 'random-ts', 'greedy-ts', 'lowest-cost', 'highest-cost', 'oracle'];

interface PresetDataset {
  /** A folder of ../shared/data. */
  folder: string;
  features: FeatureType;
  dim?: number;
  costs: CostMode;
  tasks?: string[];
  /** Models that join during the run (the adaptation experiments). */
  modelStart?: StartEntry[];
  /** Tasks whose prompts arrive during the run. */
  taskStart?: StartEntry[];
}

export interface Preset {
  id: string;
  title: string;
  /** The experiment of the paper it re-runs, and what to look at. */
  description: string;
  /** A built-in world, or a recorded dataset. */
  world: string | PresetDataset;
  algos: string[];
  T: number;
  trials: number;
  seed: number;
  params: Pick<BanditParams, 'lambda' | 'tauMax'> & Partial<Pick<BanditParams, 'tauExp'>>;
  /**
   * What the paper claims for this experiment, in our words (its text was not available offline; only
   * HumanEval's numbers are quoted, as the project's brief cites them), or null for an experiment of ours.
   */
  paper: string | null;
  /** The view that shows the point of the experiment. */
  focus: 'curves' | 'tradeoff' | 'lambda' | 'usage' | 'ablation';
}

const base = { T: 1000, trials: 20, seed: 0, params: { lambda: 0.01, tauMax: 5 } };

export const PRESETS: readonly Preset[] = [
  {
    id: 't2i',
    title: 'Synthetic text-to-image',
    description: '5 prompt types, 5 experts priced 0.75…90; expert i always handles types 1..i. All algorithms.',
    world: 't2i',
    algos: inOrder([...PAPER_ALGOS, 'promptwise-budget', 'oracle-prop1']),
    ...base,
    paper: 'PromptWise reaches the highest utility among the learners and approaches the oracle; cost-blind baselines pay for the 90-cost expert.',
    focus: 'curves',
  },
  {
    id: 'sudoku',
    title: 'Sudoku by number of blanks',
    description:
      "The paper's Task 1: 5–30 blanks in five one-hot buckets, its five models at their set prices (0.75…90). The success rates are our illustration: the paper reports none per bucket.",
    world: 'sudoku',
    algos: inOrder(PAPER_ALGOS),
    ...base,
    paper:
      'Task 1 (§5.2): PromptWise outperforms the baselines on utility and balances success against cost, routing easy puzzles to cheap models and escalating hard ones.',
    focus: 'usage',
  },
  {
    id: 'humaneval',
    title: 'Code completion (HumanEval)',
    description: 'Replay of the recorded pass/fail of Gemini-2.5-Flash-preview (cost 0.75) and Qwen-Plus (1.6) on the 164 HumanEval tasks, 10 trials each.',
    world: { folder: 'humaneval-paper', features: 'hashed-ngrams', dim: 64, costs: 'prices', tasks: ['python-completion'] },
    algos: inOrder(['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts', 'random', 'greedy', 'oracle']),
    ...base,
    paper:
      "Table 1, five models priced 0.75–90: success PromptWise-KLR 97.84% > PromptWise 95.56% > CA PAK-UCB-tS 92.16% > Greedy 89.67% > Random 74.99%, at 1.35×, 1.99×, 13.9×, 1.91× and 28.2× the cheapest model's price. This replay has two of the models (0.75 and 1.6): compare the ranking and the ratios, not the costs.",
    focus: 'curves',
  },
  {
    id: 'humaneval-x',
    title: 'Code translation (HumanEval-X Java→C++)',
    description: 'Replay of the recorded outcomes of the same two models on the 164 Java→C++ translation tasks.',
    world: { folder: 'humaneval-paper', features: 'hashed-ngrams', dim: 64, costs: 'prices', tasks: ['java-to-cpp'] },
    algos: inOrder(['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts', 'random', 'greedy', 'oracle']),
    ...base,
    paper: 'PromptWise and PromptWise-KLR keep most prompts on the cheaper model and escalate the rest, at a lower cost than the baselines.',
    focus: 'curves',
  },
  {
    id: 'new-models',
    title: 'Adaptation: a new model joins (code translation)',
    description:
      'Replay of the recorded Java→C++ outcomes: Qwen-Plus alone at first, Gemini-2.5-Flash-preview (cheaper and better here) joins at step 200. The paper starts with both and adds GPT-4o, DeepSeek-Chat and Claude-Opus-4 every 200 steps; those three are not in the recorded data.',
    world: {
      folder: 'humaneval-paper',
      features: 'hashed-ngrams',
      dim: 64,
      costs: 'prices',
      tasks: ['java-to-cpp'],
      modelStart: [{ name: 'gemini-2.5-flash-preview', step: 200 }],
    },
    algos: inOrder(['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts', 'greedy', 'oracle']),
    ...base,
    paper:
      'Appendix "Testing Adaptability": PromptWise adopts the models added during the run and keeps the best utility among the learners (five models in the paper, two recorded here).',
    focus: 'usage',
  },
  {
    id: 'new-prompts',
    title: 'Adaptation: a new task arrives (code)',
    description:
      'Replay of the recorded outcomes: Java→C++ translation from step 0, Python completion (HumanEval) from step 250. The paper adds C++→Java and Python→C++ translation every 250 steps; those directions are not recorded, so Python completion stands in as the new prompt type.',
    world: {
      folder: 'humaneval-paper',
      features: 'hashed-ngrams',
      dim: 64,
      costs: 'prices',
      taskStart: [{ name: 'python-completion', step: 250 }],
    },
    algos: inOrder(['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts', 'greedy', 'oracle']),
    ...base,
    paper: 'Appendix "Testing Adaptability": PromptWise adapts to the new prompt type and keeps the best utility among the learners.',
    focus: 'curves',
  },
  {
    id: 'sudoku-new-models',
    title: 'Adaptation on Sudoku: five models join',
    description:
      "The paper's adaptation order on the Sudoku world (illustrative success rates): Qwen-Plus and Gemini-2.5-Flash from the start, then GPT-4o, DeepSeek-Chat and Claude-Opus-4, one every 200 steps.",
    world: 'sudoku-new-arms',
    algos: inOrder(['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts', 'greedy', 'oracle']),
    ...base,
    paper: null,
    focus: 'usage',
  },
  {
    id: 'sudoku-new-prompts',
    title: 'Adaptation on Sudoku: harder puzzles arrive',
    description: 'Sudoku (illustrative success rates) where a harder bucket of blanks appears every 250 steps.',
    world: 'sudoku-new-prompts',
    algos: inOrder(['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts', 'greedy', 'oracle']),
    ...base,
    paper: null,
    focus: 'curves',
  },
  {
    id: 'round-budget',
    title: 'Round-budget trade-off (Figure 4)',
    description: 'Two models priced 18 and 75; the trade-off plot shows cost against success for τ_max ∈ {1, 2, 4, 8, 16}.',
    world: 'two-models',
    algos: inOrder(['promptwise', 'promptwise-budget', 'ca-pak-ucb-ts', 'greedy-ts', 'oracle']),
    ...base,
    paper: 'A larger round budget raises success and cost together; PromptWise lets the cheap model retry before escalating.',
    focus: 'tradeoff',
  },
  ...[0.05, 0.1].map(
    (lambda): Preset => ({
      id: `lambda-${lambda}`,
      title: `Ablation: λ = ${lambda}`,
      description: `The text-to-image experiment with a ${lambda === 0.05 ? '5' : '10'}× higher cost weight (λ = 0.01 is the t2i preset).`,
      world: 't2i',
      algos: inOrder(PAPER_ALGOS),
      ...base,
      params: { lambda, tauMax: 5 },
      paper: 'With a larger λ the learners shift to cheaper models and stop earlier; PromptWise keeps the best utility.',
      focus: 'lambda',
    }),
  ),
  ...[1, 10].map(
    (tauMax): Preset => ({
      id: `tau-${tauMax}`,
      title: `Ablation: τ_max = ${tauMax}`,
      description: `The text-to-image experiment with a round budget of ${tauMax} (τ_max = 5 is the t2i preset).`,
      world: 't2i',
      algos: inOrder(PAPER_ALGOS),
      ...base,
      params: { lambda: 0.01, tauMax },
      paper: tauMax === 1 ? 'With one round there is no escalation: every algorithm must pick once.' : 'More rounds help the till-succeed strategies most.',
      focus: 'tradeoff',
    }),
  ),
  {
    id: 'featurizers',
    title: 'Ablation: prompt features',
    description:
      'RouteProfile (600 prompts, 8 open LLMs, 12 tasks, exact per-query costs in µ$) with hashed n-grams; run the featurizer ablation to compare task one-hot, n-grams and embeddings.',
    world: { folder: 'routeprofile-ulab', features: 'hashed-ngrams', dim: 64, costs: 'per-query' },
    algos: inOrder(['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts', 'greedy', 'oracle']),
    ...base,
    params: { lambda: 0.001, tauMax: 5 },
    paper: null,
    focus: 'ablation',
  },
];

export function presetById(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** `npm run sim -- …` arguments that reproduce the preset's numbers (`dataRoot`: where ../shared/data is). */
export function presetCliArgs(preset: Preset, dataRoot = '../shared/data'): string[] {
  const w = preset.world;
  const args: string[] = [];
  if (typeof w === 'string') args.push('--world', w);
  else {
    args.push('--world', `${dataRoot}/${w.folder}`, '--features', w.features);
    if (w.dim !== undefined && w.features !== 'task-onehot') args.push('--d', String(w.dim));
    args.push('--costs', w.costs);
    if (w.tasks && w.tasks.length > 0) args.push('--tasks', w.tasks.join(','));
    if (w.modelStart && w.modelStart.length > 0) args.push('--model-start', formatStartList(w.modelStart));
    if (w.taskStart && w.taskStart.length > 0) args.push('--task-start', formatStartList(w.taskStart));
  }
  args.push('--algos', preset.algos.join(','), '--T', String(preset.T), '--trials', String(preset.trials), '--seed', String(preset.seed));
  args.push('--lambda', String(preset.params.lambda), '--tau-max', String(preset.params.tauMax));
  if (preset.params.tauExp !== undefined) args.push('--tau-exp', String(preset.params.tauExp));
  return args;
}

/** The command line as a person types it. */
export function presetCommand(preset: Preset): string {
  return `npm run sim -- ${presetCliArgs(preset).join(' ')}`;
}
