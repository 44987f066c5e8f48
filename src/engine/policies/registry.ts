import { WasmArena } from '../estimators/wasm/arena';
import type { Rng } from '../rng';
import { type BanditParams, type Policy, resolveAlpha } from '../types';
import { ALGORITHM_IDS, type AlgorithmId } from './algorithms';
import { authorsKernelRidgeModel, kernelLogisticModel, kernelRidgeModel, logisticModel, officialLogisticModel } from './armModel';
import { CostRankPolicy, GreedyPolicy, RandomPolicy } from './baselines';
import { CaPakUcbTs } from './caPakUcb';
import { directionModel, linearThompsonModel, linearUcbModel } from './linear';
import { BudgetedLinUcb, CostCascade, EpsilonGreedy, ScoreLearner } from './literature';

export { type AlgorithmId, isAlgorithmId } from './algorithms';

import { BudgetOracle, Prop1Oracle } from './oracles';
import { PromptWise } from './promptwise';

export interface PolicyEnv {
  K: number;
  dim: number;
  params: BanditParams;
  /** The policy's own stream: the random baselines' draws, and the `-official` variants' exploration order and tie-breaks. */
  rng: Rng;
}

const learner = (env: PolicyEnv) => ({ ...env, alpha: resolveAlpha(env.params, env.K) });
/** A learner whose estimators run WebAssembly kernels: one arena that all its arms share (see WasmArena). */
const wasmLearner = (env: PolicyEnv, newArena: () => WasmArena) => ({ ...learner(env), arena: newArena() });

/**
 * CA PAK-UCB-tS as the authors' code runs it (docs/ENGINE.md reading 12): its kernel ridge matrix, random
 * exploration order and tie-breaks, and the −λc term only with its cost-aware option.
 */
function authorsCaPakUcbTs(id: string, env: PolicyEnv, costAware: boolean): Policy {
  const { K, params, alpha } = learner(env);
  return new CaPakUcbTs(id, K, params, alpha, () => authorsKernelRidgeModel(params), { costAware, tieBreak: env.rng }).shuffleExploration(env.rng);
}

/**
 * Linear Thompson sampling's v: the posterior N(θ̂, v²B⁻¹) of a Bayesian linear regression with prior N(0, v²I) and
 * Gaussian noise of standard deviation v = ½, the largest a 0/1 reward has (docs/ENGINE.md, reading 16). Agrawal &
 * Goyal's v = R√(24d ln(1/δ)/ε) serves their regret proof and explores far more.
 */
export const THOMPSON_V = 0.5;

/** LinUCB with the lab's α as its width (Li et al. 2010's α = 1 + √(ln(2/δ)/2) is one choice of it). */
function linUcb(id: string, env: PolicyEnv, newArena: () => WasmArena, tillSuccess: boolean): Policy {
  const { K, dim, params, alpha, arena } = wasmLearner(env, newArena);
  return new ScoreLearner(id, K, params, alpha, () => linearUcbModel(dim, arena), {
    tillSuccess,
    reason: 'highest LinUCB index x·θ̂ + α√(xᵀA⁻¹x) − λc',
  });
}

function linThompson(id: string, env: PolicyEnv, newArena: () => WasmArena, tillSuccess: boolean): Policy {
  const { K, dim, params, arena } = wasmLearner(env, newArena);
  return new ScoreLearner(id, K, params, THOMPSON_V, () => linearThompsonModel(dim, env.rng, arena), {
    tillSuccess,
    reason: 'highest posterior draw x·θ̃ − λc, θ̃ ~ N(θ̂, v²B⁻¹)',
  });
}

function pilot(id: string, env: PolicyEnv, newArena: () => WasmArena, tillSuccess: boolean): Policy {
  const { K, dim, params, alpha, arena } = wasmLearner(env, newArena);
  return new BudgetedLinUcb(id, K, params, alpha, () => directionModel(linearUcbModel(dim, arena), dim), {
    tillSuccess,
    reason: 'the highest UCB among the models whose UCB/c reaches the budget policy’s threshold ψ(z)',
  });
}

function epsGreedy(id: string, env: PolicyEnv, newArena: () => WasmArena, tillSuccess: boolean): Policy {
  const { K, dim, params, arena } = wasmLearner(env, newArena);
  return new EpsilonGreedy(id, K, params, () => logisticModel(dim, params, arena), tillSuccess, env.rng);
}

/** How to create each algorithm of the registry (algorithms.ts: what each is), by the ids of ../shared/spec/cli.md. */
const factories: Record<AlgorithmId, { create(env: PolicyEnv, newArena: () => WasmArena): Policy }> = {
  promptwise: {
    create: (env, newArena) => {
      const { K, dim, params, alpha, arena } = wasmLearner(env, newArena);
      return new PromptWise('promptwise', K, params, alpha, () => logisticModel(dim, params, arena), {
        update: 'pull',
        plan: 'prop1',
      });
    },
  },
  'promptwise-perstep': {
    create: (env, newArena) => {
      const { K, dim, params, alpha, arena } = wasmLearner(env, newArena);
      return new PromptWise('promptwise-perstep', K, params, alpha, () => logisticModel(dim, params, arena), {
        update: 'step',
        plan: 'prop1',
      });
    },
  },
  'promptwise-klr': {
    create: (env, newArena) => {
      const { K, params, alpha, arena } = wasmLearner(env, newArena);
      return new PromptWise('promptwise-klr', K, params, alpha, () => kernelLogisticModel(params, arena), {
        update: 'pull',
        plan: 'prop1',
      });
    },
  },
  'promptwise-budget': {
    create: (env, newArena) => {
      const { K, dim, params, alpha, arena } = wasmLearner(env, newArena);
      return new PromptWise('promptwise-budget', K, params, alpha, () => logisticModel(dim, params, arena), {
        update: 'pull',
        plan: 'budget',
      });
    },
  },
  'promptwise-official': {
    create: (env, newArena) => {
      const { K, dim, params, alpha, arena } = wasmLearner(env, newArena);
      return new PromptWise('promptwise-official', K, params, alpha, () => officialLogisticModel(dim, params, arena), {
        update: 'pull',
        plan: 'prop1',
      }).shuffleExploration(env.rng);
    },
  },
  'ca-pak-ucb-ts': {
    create: (env, newArena) => {
      const { K, params, alpha, arena } = wasmLearner(env, newArena);
      return new CaPakUcbTs('ca-pak-ucb-ts', K, params, alpha, () => kernelRidgeModel(params, arena));
    },
  },
  'ca-pak-ucb-ts-official': {
    create: (env) => authorsCaPakUcbTs('ca-pak-ucb-ts-official', env, false),
  },
  'ca-pak-ucb-ts-official-ca': {
    create: (env) => authorsCaPakUcbTs('ca-pak-ucb-ts-official-ca', env, true),
  },
  linucb: {
    create: (env, newArena) => linUcb('linucb', env, newArena, false),
  },
  'linucb-ts': {
    create: (env, newArena) => linUcb('linucb-ts', env, newArena, true),
  },
  'lin-thompson': {
    create: (env, newArena) => linThompson('lin-thompson', env, newArena, false),
  },
  'lin-thompson-ts': {
    create: (env, newArena) => linThompson('lin-thompson-ts', env, newArena, true),
  },
  'eps-greedy': {
    create: (env, newArena) => epsGreedy('eps-greedy', env, newArena, false),
  },
  'eps-greedy-ts': {
    create: (env, newArena) => epsGreedy('eps-greedy-ts', env, newArena, true),
  },
  pilot: {
    create: (env, newArena) => pilot('pilot', env, newArena, false),
  },
  'pilot-ts': {
    create: (env, newArena) => pilot('pilot-ts', env, newArena, true),
  },
  cascade: {
    create: (env, newArena) => {
      const { K, dim, params, alpha, arena } = wasmLearner(env, newArena);
      return new CostCascade('cascade', K, params, alpha, () => logisticModel(dim, params, arena));
    },
  },
  random: {
    create: (env) => new RandomPolicy('random', false, env.rng, env.K, env.params.tauExp),
  },
  greedy: {
    create: (env) => new GreedyPolicy('greedy', env.K, env.params, false),
  },
  'random-ts': {
    create: (env) => new RandomPolicy('random-ts', true, env.rng, env.K, env.params.tauExp),
  },
  'greedy-ts': {
    create: (env) => new GreedyPolicy('greedy-ts', env.K, env.params, true),
  },
  'lowest-cost': {
    create: () => new CostRankPolicy('lowest-cost', 'lowest'),
  },
  'highest-cost': {
    create: () => new CostRankPolicy('highest-cost', 'highest'),
  },
  oracle: {
    create: (env) => new BudgetOracle(env.params),
  },
  'oracle-prop1': {
    create: (env) => new Prop1Oracle(env.params),
  },
};

// The Record type makes `factories` cover exactly the registry's ids; its order is the registry's by construction.
export const algorithmIds: AlgorithmId[] = [...ALGORITHM_IDS];

/** The WebAssembly arena of each policy that has one, for releasePolicy. */
const arenas = new WeakMap<Policy, WasmArena>();

export function createPolicy(id: AlgorithmId, env: PolicyEnv): Policy {
  let arena: WasmArena | null = null;
  const policy = factories[id].create(env, () => {
    arena ??= new WasmArena();
    return arena;
  });
  if (arena !== null) arenas.set(policy, arena);
  return policy;
}

/**
 * Gives back the WebAssembly memory regions the policy's estimators hold (its arena), for the next trial's policies
 * to reuse; the policy must not be used afterwards. A policy never released gives them back when it is collected.
 */
export function releasePolicy(policy: Policy): void {
  arenas.get(policy)?.release();
  arenas.delete(policy);
}
