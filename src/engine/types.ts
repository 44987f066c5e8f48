/**
 * Core shapes of the cost-aware contextual bandit (CA-CMAB, paper §3, Protocol 1).
 * Plain data and small interfaces only: no DOM, no Node APIs.
 */

import type { BanditParams } from './params';

/** The null action: stop querying models for this prompt (paper §3). */
export const NULL_ACTION = -1;

/** One prompt as the world draws it at step t. */
export interface Prompt {
  /** Context vector x_t (features scaled into the unit ball). */
  readonly x: Float64Array;
  /** Category / task index for reporting (arm usage per category); -1 when the world has none. */
  readonly category: number;
  /** Row of the dataset this prompt replays; -1 for synthetic worlds. */
  readonly row: number;
  /** True success probability q_a(x_t) per arm. Hidden from learners; oracles and regret read it. */
  readonly q: Float64Array;
  /** Cost c_a of one pull of arm a on this prompt (constant per arm unless costs are per prompt). */
  readonly costs: Float64Array;
  /** 1 where arm a may be pulled at this step (models that joined later are 0 before their start). */
  readonly available: Uint8Array;
}

/** An environment: arms with costs, a context distribution and success probabilities. */
export interface World {
  readonly name: string;
  /** Model names, K of them. */
  readonly arms: readonly string[];
  /** Context dimension d. */
  readonly dim: number;
  /** Category / task names, indexed by Prompt.category (empty when none). */
  readonly categories: readonly string[];
  /** Draws the prompt of step t (0-based) from the world's context stream. */
  draw(t: number, rng: import('./rng').Rng): Prompt;
  /**
   * Outcome of pulling arm a on this prompt, given one uniform u in [0,1) from the reward stream.
   * Taking u instead of an Rng lets every policy see the same outcome for the same (step, arm, k-th pull):
   * common random numbers make the algorithms' comparison sharper.
   */
  pull(prompt: Prompt, arm: number, u: number): 0 | 1;
}

/** The policies' parameters and their defaults: derived from the parameter registry's `bandit` entries (params.ts). */
export { type BanditParams, defaultParams } from './params';

/** α = √(2 ln(2K/δ)) unless set. */
export function resolveAlpha(params: BanditParams, K: number): number {
  return params.alpha ?? Math.sqrt(2 * Math.log((2 * K) / params.delta));
}

/** What a learner may see of a prompt: everything but the true q. */
export interface StepView {
  readonly t: number;
  readonly x: Float64Array;
  readonly costs: Float64Array;
  readonly available: Uint8Array;
}

/** Per-arm numbers behind one decision, for the lab's "why this model?" panel. */
export interface ArmEstimate {
  /** Estimated (optimistic) success probability q̂_a. */
  qHat: number;
  /** The exploration bonus added (in the policy's own units: logit for PromptWise). */
  bonus: number;
}

/**
 * A policy plays one prompt at a time: `begin`, then `next`/`observe` until it returns NULL_ACTION,
 * the prompt succeeds, or the budget runs out, then `end`.
 */
export interface Policy {
  readonly id: string;
  /** A new prompt. `truth` is the true q: only the oracles may read it. */
  begin(step: StepView, truth: Float64Array): void;
  /** The next arm to pull, or NULL_ACTION. `pullsLeft` ≥ 1 rounds remain in this prompt's budget. */
  next(pullsLeft: number): number;
  /** Result of the pull just made. */
  observe(arm: number, reward: 0 | 1): void;
  /** The prompt is over (success, null action or budget spent). */
  end(): void;
  /** Current estimates for the prompt in play, if the policy has any (learners only). */
  estimates?(): ArmEstimate[] | null;
  /**
   * Why the last `next` chose what it did (learners only; the lab's decision trace). Called between `next`
   * and the pull; it must not change any later decision.
   */
  explain?(): PolicyExplanation;
}

/** What a learner reports about its last decision. */
export interface PolicyExplanation {
  /** The arm was a forced exploration pull (τ_exp phase), not chosen from the estimates. */
  forced: boolean;
  /** Per arm, the estimates the rule saw (NaN for arms not available at this step). */
  estimates: ArmEstimate[];
  /**
   * The learner's own reason, for a rule the lab's shared scores (c/q̂, q̂ − λc, q̂) do not state: its UCB, its
   * posterior draw, its coin or its threshold test, in words, with the number it compared (the chosen arm's).
   */
  own?: OwnReason;
}

/** A learner's reason for a decision in its own terms: e.g. "highest LinUCB index x·θ̂ + α‖x‖_{A⁻¹} − λc" and its value. */
export interface OwnReason {
  reason: string;
  value?: number;
}

/** One pull inside a step: the escalation trace the lab animates. */
export interface Pull {
  arm: number;
  reward: 0 | 1;
  cost: number;
}

/** The outcome of one prompt. */
export interface StepRecord {
  pulls: Pull[];
  /** max reward − λ·Σ cost (paper eq. (1)). */
  utility: number;
  cost: number;
  success: 0 | 1;
}
