/**
 * The prompt playground's learner: a PromptWise learner warmed up on a world's prompt stream, then asked
 * about prompts one at a time — what it estimates for each model, what it would do, and what a person's ✓/✗
 * on a model's answer teaches it. Pure engine: the worker holds one session; tests drive it directly.
 */
import { decisionOf } from '../lab/trace';
import type { Decision, DecisionArm } from '../lab/types';
import { planBudget, prop1Arm } from '../oracle';
import { type AlgorithmId, createPolicy } from '../policies/registry';
import { playStep } from '../protocol';
import { createRng, deriveSeed } from '../rng';
import { type BanditParams, defaultParams, NULL_ACTION, type Policy, type World } from '../types';
import type { PlaygroundAlgo } from './algos';

export interface PlaygroundOptions {
  algo: PlaygroundAlgo;
  params: Partial<BanditParams>;
  seed: number;
  /** Prompts of the world the learner plays (and learns from) before the user's first prompt. */
  warmup: number;
}

/** A prompt as the playground sees it: its context, and the truth where the world knows it. */
export interface PlaygroundPrompt {
  x: Float64Array;
  costs: Float64Array;
  available: Uint8Array;
  /** True success probabilities (a recorded or synthetic prompt), or null for a typed one. */
  q: Float64Array | null;
}

/** A model as the decision records it (q̂, the bonus in logit units, c/q̂, the truth q or NaN), and how often seen. */
interface PlaygroundArm extends DecisionArm {
  /** Times the learner has seen this model's outcome (warm-up and feedback). */
  observations: number;
}

/** A plan for one prompt: the model to query with n rounds left, n = τ_max … 1, and what it costs on average. */
export interface PromptPlan {
  /** order[i] = arm for the (i+1)-th attempt if all before it fail; −1 = stop. */
  order: number[];
  /** Expected cost Σ_k c_{a_k} Π_{j<k} (1 − q_{a_j}) under the plan's own probabilities. */
  expectedCost: number;
  /** Probability that some attempt succeeds, under the same probabilities. */
  expectedSuccess: number;
}

export interface PlaygroundView {
  arms: PlaygroundArm[];
  /** The model the learner would query now (−1: the null action). */
  next: number;
  /**
   * The next query's decision as the lab's trace records one (lab/trace.ts decisionOf), for the same words: whether it
   * is forced exploration, and the stop value max_a (q̂_a − λc_a).
   */
  decision: Decision;
  /** The learner's plan under its current estimates (it re-plans after every answer it learns from). */
  plan: PromptPlan;
  /** The finite-budget oracle's plan with the true q, when known. */
  oracle: PromptPlan | null;
}

/**
 * The order a rule follows if every attempt fails, with q held fixed: Proposition 1 repeats its arm
 * (paper §4), the DP may switch (oracle.ts). Expected cost and success follow from independent attempts.
 */
export function planOf(
  q: ArrayLike<number>,
  costs: ArrayLike<number>,
  available: ArrayLike<number>,
  lambda: number,
  tauMax: number,
  rule: 'prop1' | 'budget',
): PromptPlan {
  const dp = rule === 'budget' ? planBudget(q, costs, available, lambda, tauMax) : null;
  const first = rule === 'prop1' ? prop1Arm(q, costs, available, lambda) : NULL_ACTION;
  const order: number[] = [];
  let reach = 1; // probability that every attempt so far failed
  let expectedCost = 0;
  for (let n = tauMax; n >= 1; n--) {
    const arm = dp ? dp.arm[n] : first;
    order.push(arm);
    if (arm === NULL_ACTION) break;
    expectedCost += reach * costs[arm];
    reach *= 1 - q[arm];
  }
  return { order, expectedCost, expectedSuccess: 1 - reach };
}

export class PlaygroundSession {
  private readonly policy: Policy;
  private readonly params: BanditParams;
  private readonly observations: Int32Array;
  private t: number;

  constructor(
    private readonly world: World,
    private readonly options: PlaygroundOptions,
  ) {
    this.params = { ...defaultParams, ...options.params };
    const K = world.arms.length;
    this.observations = new Int32Array(K);
    this.policy = createPolicy(options.algo as AlgorithmId, {
      K,
      dim: world.dim,
      params: this.params,
      rng: createRng(deriveSeed(options.seed, 'playground', 'policy')),
    });
    const contexts = createRng(deriveSeed(options.seed, 'playground', 'contexts'));
    const rewards = createRng(deriveSeed(options.seed, 'playground', 'rewards'));
    for (this.t = 0; this.t < options.warmup; this.t++) {
      const prompt = world.draw(this.t, contexts);
      const record = playStep(this.policy, this.t, prompt, world, this.params.lambda, this.params.tauMax, () => rewards.uniform());
      for (const pull of record.pulls) this.observations[pull.arm]++;
    }
  }

  get armNames(): readonly string[] {
    return this.world.arms;
  }

  /** What the learner thinks of `prompt` now. Asking changes nothing it will do later. */
  inspect(prompt: PlaygroundPrompt): PlaygroundView {
    const { lambda, tauMax } = this.params;
    const { costs, available } = prompt;
    this.policy.begin({ t: this.t, x: prompt.x, costs, available }, prompt.q ?? new Float64Array(costs.length));
    const next = this.policy.next(tauMax);
    // The learner's numbers as the trace records a decision (q̂, bonus, c/q̂, the truth where known, the stop value).
    const decision = decisionOf(this.policy, { costs, available, q: prompt.q ?? new Float64Array(costs.length).fill(Number.NaN) }, next, tauMax, lambda);
    this.policy.end();
    const { forced } = decision;
    const arms = decision.arms.map((d, a): PlaygroundArm => ({ ...d, observations: this.observations[a] }));
    const rule = this.options.algo === 'promptwise-budget' ? 'budget' : 'prop1';
    const q = arms.map((a) => (Number.isNaN(a.qHat) ? 0 : a.qHat));
    return {
      arms,
      next,
      decision,
      // A forced exploration pull is the prompt's one query (Algorithm 1, line 2: pull, then move to the next
      // context): the plan is that pull, then stop, so it never names another model than `next` (issue 41, item 1).
      plan: forced ? { order: [next, NULL_ACTION], expectedCost: costs[next], expectedSuccess: q[next] } : planOf(q, costs, available, lambda, tauMax, rule),
      oracle: prompt.q ? planOf(prompt.q, costs, available, lambda, tauMax, 'budget') : null,
    };
  }

  /**
   * A person's verdict on `arm`'s answer to `prompt`: the learner updates that model exactly as after a pull
   * of the simulation (Algorithm 1, the update after every pull).
   */
  feedback(prompt: PlaygroundPrompt, arm: number, reward: 0 | 1): void {
    if (!(arm >= 0 && arm < prompt.costs.length) || !prompt.available[arm]) {
      throw new RangeError(`feedback: model ${arm} is not available for this prompt`);
    }
    const { costs, available } = prompt;
    this.policy.begin({ t: this.t, x: prompt.x, costs, available }, prompt.q ?? new Float64Array(costs.length));
    this.policy.observe(arm, reward);
    this.policy.end();
    this.observations[arm]++;
    this.t++;
  }
}
