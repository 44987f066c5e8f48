import { WasmArena } from '../estimators/wasm/arena';
import type { Rng } from '../rng';
import { type BanditParams, type Policy, resolveAlpha } from '../types';
import { authorsKernelRidgeModel, kernelLogisticModel, kernelRidgeModel, logisticModel, officialLogisticModel } from './armModel';
import { CostRankPolicy, GreedyPolicy, RandomPolicy } from './baselines';
import { CaPakUcbTs } from './caPakUcb';
import { ALGORITHM_IDS } from './ids';
import { BudgetOracle, Prop1Oracle } from './oracles';
import { PromptWise } from './promptwise';

export interface PolicyEnv {
  K: number;
  dim: number;
  params: BanditParams;
  /** The policy's own stream: the random baselines' draws, and the `-official` variants' exploration order and tie-breaks. */
  rng: Rng;
}

interface AlgorithmInfo {
  label: string;
  description: string;
  create(env: PolicyEnv): Policy;
}

const learner = (env: PolicyEnv) => ({ ...env, alpha: resolveAlpha(env.params, env.K) });
/** A learner whose estimators run WebAssembly kernels: one memory that all its arms share (see WasmArena). */
const wasmLearner = (env: PolicyEnv) => ({ ...learner(env), arena: new WasmArena() });

/**
 * CA PAK-UCB-tS as the authors' code runs it (docs/ENGINE.md reading 12): its kernel ridge matrix, random
 * exploration order and tie-breaks, and the −λc term only with its cost-aware option.
 */
function authorsCaPakUcbTs(id: string, env: PolicyEnv, costAware: boolean): Policy {
  const { K, params, alpha } = learner(env);
  return new CaPakUcbTs(id, K, params, alpha, () => authorsKernelRidgeModel(params), { costAware, tieBreak: env.rng }).shuffleExploration(env.rng);
}

/** Every algorithm the lab and the CLI know, by the ids of ../shared/spec/cli.md. */
export const algorithms = {
  promptwise: {
    label: 'PromptWise',
    description: 'Algorithm 1: logistic UCB per model, Proposition 1 on q̂, update after every pull',
    create: (env) => {
      const { K, dim, params, alpha, arena } = wasmLearner(env);
      return new PromptWise('promptwise', K, params, alpha, () => logisticModel(dim, params, arena), {
        update: 'pull',
        plan: 'prop1',
      });
    },
  },
  'promptwise-perstep': {
    label: 'PromptWise (per-step update)',
    description: 'Algorithm 3: as PromptWise, but estimates are updated once per prompt',
    create: (env) => {
      const { K, dim, params, alpha, arena } = wasmLearner(env);
      return new PromptWise('promptwise-perstep', K, params, alpha, () => logisticModel(dim, params, arena), {
        update: 'step',
        plan: 'prop1',
      });
    },
  },
  'promptwise-klr': {
    label: 'PromptWise-KLR',
    description: 'PromptWise with kernel logistic regression (RBF σ, β) and its kernel bonus',
    create: (env) => {
      const { K, params, alpha, arena } = wasmLearner(env);
      return new PromptWise('promptwise-klr', K, params, alpha, () => kernelLogisticModel(params, arena), {
        update: 'pull',
        plan: 'prop1',
      });
    },
  },
  'promptwise-budget': {
    label: 'PromptWise-Budget',
    description: 'Beyond the paper: the finite-budget DP on q̂ with the rounds left, re-planned after each failure',
    create: (env) => {
      const { K, dim, params, alpha, arena } = wasmLearner(env);
      return new PromptWise('promptwise-budget', K, params, alpha, () => logisticModel(dim, params, arena), {
        update: 'pull',
        plan: 'budget',
      });
    },
  },
  'promptwise-official': {
    label: 'PromptWise (official code)',
    description: "The authors' code: bonus α·xᵀV⁻¹x with V⁻¹ from 10⁻⁶·I (about zero), MLE under ½‖θ‖²; exploration only from τ_exp",
    create: (env) => {
      const { K, dim, params, alpha, arena } = wasmLearner(env);
      return new PromptWise('promptwise-official', K, params, alpha, () => officialLogisticModel(dim, params, arena), {
        update: 'pull',
        plan: 'prop1',
      }).shuffleExploration(env.rng);
    },
  },
  'ca-pak-ucb-ts': {
    label: 'CA PAK-UCB-tS',
    description: 'Kernel ridge UCB: argmax q̂ − λc once per prompt, repeated until success or budget',
    create: (env) => {
      const { K, params, alpha, arena } = wasmLearner(env);
      return new CaPakUcbTs('ca-pak-ucb-ts', K, params, alpha, () => kernelRidgeModel(params, arena));
    },
  },
  'ca-pak-ucb-ts-official': {
    label: 'CA PAK-UCB-tS (official code)',
    description:
      "The authors' code, bugs included: argmax q̂ without the −λc term, ties drawn at random, and its first-pull inverse 1/k(x,x) + β, which locks a trial onto the first model to succeed",
    create: (env) => authorsCaPakUcbTs('ca-pak-ucb-ts-official', env, false),
  },
  'ca-pak-ucb-ts-official-ca': {
    label: 'CA PAK-UCB-tS (official code, cost-aware)',
    description:
      "The authors' code with its cost-aware option (cost_aware_greedy): as CA PAK-UCB-tS (official code), but choosing argmax q̂ − λc, the paper's rule",
    create: (env) => authorsCaPakUcbTs('ca-pak-ucb-ts-official-ca', env, true),
  },
  random: {
    label: 'Random',
    description: 'One uniformly random model per prompt',
    create: (env) => new RandomPolicy('random', false, env.rng, env.K, env.params.tauExp),
  },
  greedy: {
    label: 'Greedy',
    description: 'One query to the model with the highest average success rate less λ·c (context-free running means)',
    create: (env) => new GreedyPolicy('greedy', env.K, env.params, false),
  },
  'random-ts': {
    label: 'Random-till-Succeed',
    description: 'Random models until one succeeds or the budget is spent',
    create: (env) => new RandomPolicy('random-ts', true, env.rng, env.K, env.params.tauExp),
  },
  'greedy-ts': {
    label: 'Greedy-till-Succeed',
    description: 'Greedy, ranking again (with the updated means) after each failure until success or budget',
    create: (env) => new GreedyPolicy('greedy-ts', env.K, env.params, true),
  },
  'lowest-cost': {
    label: 'Lowest-cost',
    description: 'One query to the cheapest model',
    create: () => new CostRankPolicy('lowest-cost', 'lowest'),
  },
  'highest-cost': {
    label: 'Highest-cost',
    description: 'One query to the most expensive model',
    create: () => new CostRankPolicy('highest-cost', 'highest'),
  },
  oracle: {
    label: 'Oracle (DP)',
    description: 'Knows q: the exact finite-budget optimum by dynamic programming',
    create: (env) => new BudgetOracle(env.params),
  },
  'oracle-prop1': {
    label: 'Oracle (Prop. 1)',
    description: 'Knows q: Proposition 1 (argmin c/q until success), truncated at τ_max',
    create: (env) => new Prop1Oracle(env.params),
  },
} satisfies Record<string, AlgorithmInfo>;

export type AlgorithmId = keyof typeof algorithms;

// ids.ts lists the same ids in the same order (for code that must not load the policies); the types check
// the set both ways, and the order is checked here once at load.
const sameIds: [AlgorithmId, (typeof ALGORITHM_IDS)[number]] extends [(typeof ALGORITHM_IDS)[number], AlgorithmId] ? true : never = true;
void sameIds;
if (Object.keys(algorithms).join() !== ALGORITHM_IDS.join()) throw new Error('policies/ids.ts and the registry disagree on the algorithm ids');

export const algorithmIds: AlgorithmId[] = [...ALGORITHM_IDS];

export function isAlgorithmId(id: string): id is AlgorithmId {
  return Object.hasOwn(algorithms, id);
}

export function createPolicy(id: AlgorithmId, env: PolicyEnv): Policy {
  return algorithms[id].create(env);
}
