/**
 * One preset per experiment of the paper (and its ablations): the world, algorithms and parameters a run
 * needs, what the paper reports for it, and the `npm run sim` command that reproduces the lab's numbers.
 * Plain data; the page turns a preset into a link (src/state/presets.ts), the report runs them in Node.
 */
import { ALGORITHM_IDS, ALGORITHMS } from '../policies/algorithms';
import type { BanditParams } from '../types';

/** Algorithms in the registry's order (the order the lab lists and links them in). */
const inOrder = (ids: readonly string[]): string[] => ALGORITHM_IDS.filter((id) => ids.includes(id));

import { NUMBER_PARAMS } from '../params';
import { type CostMode, DATASET_PARAMS, type DatasetParam, type FeatureType, type StartEntry } from './datasetChoice';

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
   * What the paper states of this experiment, quoted or closely paraphrased with its line in
   * ../shared/paper/promptwise.tex; where it shows the result only in a figure (not in the source), it says so. Null
   * for an experiment of ours.
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
    paper:
      'Task 4 (l. 417, l. 954): the setup only (five synthetic experts, the i-th good on the first i prompt types, 50% on the rest, priced as Tasks 1–3). Its results are in a figure (l. 965) that the source does not include: the text makes no claim to compare.',
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
      'Task 1 (l. 381): "PromptWise can significantly outperform the baseline methods on utility and achieve a good balance between the success rate and the cost", shown in a figure not in the source.',
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
      'Table 1 (l. 386–402), five models priced 0.75–90: success PromptWise-KLR 97.84% > PromptWise 95.56% > CA PAK-UCB-tS 92.16% > Greedy 89.67% > Random 74.99%, at 1.35×, 1.99×, 13.9×, 1.91× and 28.2× the cheapest model\'s price; l. 404: PromptWise "can consistently outperform the baseline methods on utility across the benchmarks". This replay has two of the models (0.75 and 1.6): compare the ranking and the ratios, not the costs.',
    focus: 'curves',
  },
  {
    id: 'humaneval-x',
    title: 'Code translation (HumanEval-X Java→C++)',
    description: 'Replay of the recorded outcomes of the same two models on the 164 Java→C++ translation tasks.',
    world: { folder: 'humaneval-paper', features: 'hashed-ngrams', dim: 64, costs: 'prices', tasks: ['java-to-cpp'] },
    algos: inOrder(['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts', 'random', 'greedy', 'oracle']),
    ...base,
    paper: 'Task 3 (l. 415): the setup only (HumanEval-X translation, CodeBERT contexts); its results are in figures that the source does not include.',
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
      'Appendix "Testing Adaptability" (l. 971): with models added every 200 steps, "the proposed PromptWise can adapt to new models and prompts in the model selection process and significantly outperform the baselines" (five models in the paper, two recorded here).',
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
    paper:
      'Appendix "Testing Adaptability" (l. 971): with translation directions added during the run, "the proposed PromptWise can adapt to new models and prompts in the model selection process and significantly outperform the baselines".',
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
    paper:
      'Task 2 (l. 406, Figure 4 caption l. 411): between Claude-Sonnet-4 ($18 PMT) and Claude-Opus-4 ($75 PMT) at τ_max = 1, 2, 4, 8, 16, "our proposed PromptWise method yields a better trade-off between model costs and performance"; the figure is not in the source.',
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
      paper: 'Appendix ablation on λ (l. 688–707): figures for λ = 0.01, 0.05 and 0.1 only, not in the source; the text states no result.',
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
      paper: 'Appendix ablation on τ_max (l. 709–729): figures for τ_max = 1, 5 and 10 only, not in the source; the text states no result.',
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
  {
    id: 'literature',
    title: 'PromptWise against the online-routing literature',
    description:
      'Synthetic text-to-image (5 experts priced 0.75…90): PromptWise beside LinUCB, linear Thompson sampling, ε-greedy and PILOT-style LinUCB (one query per prompt, and till success) and a cost cascade. Look at cost against success: who pays for one query to a dear model, and who escalates.',
    world: 't2i',
    algos: inOrder(['promptwise', ...ALGORITHMS.filter((a) => a.family === 'literature').map((a) => a.id), 'oracle']),
    ...base,
    paper: null,
    focus: 'tradeoff',
  },
];

export function presetById(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** `npm run sim -- …` arguments that reproduce the preset's numbers (`dataRoot`: where ../shared/data is). */
export function presetCliArgs(preset: Preset, dataRoot = '../shared/data'): string[] {
  const w = preset.world;
  // Every flag as its registry spells it (engine/params.ts, datasetChoice.ts).
  const args: string[] = [];
  const number = (key: keyof typeof NUMBER_PARAMS, v: number | undefined) => {
    if (v !== undefined) args.push(`--${NUMBER_PARAMS[key].cli}`, String(v));
  };
  const choice = <T>(p: DatasetParam<T>, v: T | undefined) => {
    const text = v === undefined ? '' : p.write(v);
    if (text !== '') args.push(`--${p.cli}`, text);
  };
  if (typeof w === 'string') args.push('--world', w);
  else {
    args.push('--world', `${dataRoot}/${w.folder}`);
    choice(DATASET_PARAMS.features, w.features);
    number('dim', w.features !== 'task-onehot' ? w.dim : undefined);
    choice(DATASET_PARAMS.costs, w.costs);
    choice(DATASET_PARAMS.tasks, w.tasks);
    choice(DATASET_PARAMS.modelStart, w.modelStart);
    choice(DATASET_PARAMS.taskStart, w.taskStart);
  }
  args.push('--algos', preset.algos.join(','));
  number('T', preset.T);
  number('trials', preset.trials);
  number('seed', preset.seed);
  number('lambda', preset.params.lambda);
  number('tauMax', preset.params.tauMax);
  number('tauExp', preset.params.tauExp);
  return args;
}

/** The command line as a person types it. */
export function presetCommand(preset: Preset): string {
  return `npm run sim -- ${presetCliArgs(preset).join(' ')}`;
}
