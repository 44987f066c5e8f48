/**
 * What the lab shows, as plain data the worker sends to the page (the contract between
 * src/engine/lab, src/workers and src/ui). Everything is computed by the engine; the UI only renders it.
 */

import type { DecisionRule } from '../policies/algorithms';
import type { SimResult } from '../simulate';
import type { SingleModelSummary } from '../singleModels';
import type { OwnReason } from '../types';

/** One point of a curve: the mean over trials at step t (1-based count of prompts seen) and its population std. */
export interface CurvePoint {
  t: number;
  mean: number;
  std: number;
}

/** The four curves of one algorithm, downsampled to at most `LabConfig.curvePoints` points each. */
export interface AlgoCurves {
  /** Running average utility (1/t) Σ_{s≤t} u_s. */
  utility: CurvePoint[];
  /** Running average cost per prompt. */
  cost: CurvePoint[];
  /** Running average success rate. */
  success: CurvePoint[];
  /** Cumulative regret Σ_{s≤t} (u*_DP(x_s) − u_s). */
  regret: CurvePoint[];
}

/** Pulls of each arm per prompt category by one algorithm, summed over all trials and steps. */
export interface ArmUsage {
  /** counts[category][arm]; a world without categories has one row, "all prompts". */
  counts: number[][];
  /** Prompts seen per category (the denominator for "pulls per prompt"). */
  prompts: number[];
}

/** The numbers behind one pull's decision, per arm (NaN where the algorithm has no estimate). */
export interface DecisionArm {
  /** Estimated (optimistic) success probability q̂_a; NaN for algorithms without estimates. */
  qHat: number;
  /** Exploration bonus added (logit units for PromptWise, probability units for CA PAK-UCB-tS). */
  bonus: number;
  /** c_a / q̂_a, the quantity PromptWise minimises. */
  costOverQ: number;
  /** The true success probability q_a(x) (known to the simulator, shown for teaching). */
  q: number;
  cost: number;
  /** 0 when the arm was not available at this step. */
  available: 0 | 1;
}

/** The best available arm by one score, with its score (arm -1 and NaN when no available arm has one). */
export interface Winner {
  arm: number;
  score: number;
}

export interface Decision {
  /** The arm pulled, or -1 for the null action (stop). */
  arm: number;
  /** Whether the pull was a forced exploration pull (τ_exp phase). */
  forced: boolean;
  /** Pulls left in this prompt's budget when deciding. */
  pullsLeft: number;
  /** Per arm, as the learner saw them. */
  arms: DecisionArm[];
  /** The stop rule's value max_a (q̂_a − λc_a): the null action is taken when it is ≤ 0. NaN if none. */
  stopValue: number;
  /** How the algorithm chooses (its entry in the algorithm registry, policies/algorithms.ts), for the words. */
  rule: DecisionRule | 'unknown';
  /**
   * The winners of the scores the rules compare, over the available arms with estimates: the lowest c/q̂
   * (Proposition 1's arm), the highest q̂ − λc and the highest q̂. Ties as the engine breaks them (ties.ts: the
   * chosen arm when it ties the best, else the lowest index), so the words never re-derive a decision.
   */
  winners: { ratio: Winner; margin: Winner; maxQ: Winner };
  /** The learner's own reason (rule `own`: its UCB index, posterior draw, coin or threshold test), as it stated it. */
  own?: OwnReason;
}

/** One prompt of the escalation trace (trial 0 of the run), with the oracle's plan beside it. */
export interface TraceRow {
  /** 0-based step index. */
  step: number;
  category: number;
  pulls: { arm: number; reward: 0 | 1; cost: number }[];
  utility: number;
  cost: number;
  success: 0 | 1;
  /** The finite-budget DP oracle's plan for this prompt: the arm it would pull with n rounds left, n = τ_max..1 (-1: stop). */
  oraclePlan: number[];
  /** The DP oracle's expected utility V_τmax for this prompt. */
  oracleValue: number;
  /** One per pull (plus a last one with arm = -1 if the algorithm stopped by the null action). */
  decisions: Decision[];
}

/** A lab run: a simulation plus what the views need. */
export interface LabConfig {
  world: string;
  algos: string[];
  T: number;
  trials: number;
  seed: number;
  params: Partial<import('../types').BanditParams>;
  /** Algorithm whose trial-0 trace (with decision details) is recorded for the escalation view. */
  traceAlgo: string;
  /** Max points per curve (downsampling keeps the last step). Default 200. */
  curvePoints?: number;
  /** Dimension override for built-in worlds that have one (logistic): builtinWorld(name, { d }). */
  d?: number;
  /** Dataset worlds (`data:…`, `import:…`): featurizer and cost mode (default: task one-hot, the first cost mode). */
  dataset?: import('./datasetSource').DatasetChoice;
  /**
   * Record the trace for the first `traceSteps` steps only (default: all T). Each row carries a Decision per
   * pull with K arms, so very long runs may want a cap.
   */
  traceSteps?: number;
}

export interface LabWorldInfo {
  name: string;
  arms: string[];
  /** Cost per arm (for per-prompt-cost worlds: the mean over prompts). */
  costs: number[];
  categories: string[];
  /** Context dimension d. */
  dim?: number;
  /** Dataset worlds with embedding features projected by PCA: the share of variance kept. */
  explainedVariance?: number;
}

/** The complete outcome of a lab run (what the page keeps and exports). */
export interface LabResult {
  config: LabConfig;
  world: LabWorldInfo;
  summary: SimResult;
  /** Each model alone (one query per prompt) on the run's prompts and outcomes: the declared references. */
  singleModels: SingleModelSummary[];
  curves: Record<string, AlgoCurves>;
  usage: Record<string, ArmUsage>;
  /** Trial-0 trace of `config.traceAlgo`, T rows. */
  trace: TraceRow[];
  /**
   * Per algorithm, each trial's figures (the summary's means are their means): a sweep takes its point at the
   * current value from them, also over its first trials while it computes (src/state/lab/controller.ts).
   */
  byTrial: Record<string, TrialFigures>;
}

/** One algorithm's per-prompt averages of utility, cost and success in each trial, in trial order. */
export interface TrialFigures {
  utility: number[];
  cost: number[];
  success: number[];
}

/**
 * The figures over the trials finished so far (from trial 0, without a gap): the curves, and the summary and
 * world the headline is written from. Each trial's outcomes do not depend on how many trials the run has, so
 * these are exactly the figures of a run of `trials` trials.
 */
export type LabPartial = Pick<LabResult, 'curves' | 'summary' | 'singleModels' | 'world'> & { trials: number };

/** Progress while a lab run computes; `partial` carries the figures over the trials finished so far. */
export interface LabProgress {
  done: number;
  total: number;
  partial: LabPartial | null;
}

/** One point of a parameter sweep: an algorithm's summary at one value of τ_max or λ. */
export interface SweepPoint {
  algo: string;
  /** The swept parameter's value. */
  x: number;
  utility: number;
  cost: number;
  success: number;
  /** The spread over trials of each mean above (0 over one trial). */
  std: { utility: number; cost: number; success: number };
  /** The trials behind the means. */
  trials: number;
}

export interface SweepConfig {
  base: LabConfig;
  param: 'tauMax' | 'lambda';
  values: number[];
}

export interface SweepResult {
  param: 'tauMax' | 'lambda';
  values: number[];
  points: SweepPoint[];
}

/**
 * A sweep over the trials every value has finished so far (from trial 0, without a gap): exactly the points of
 * the same sweep with `trials` trials.
 */
export type SweepPartial = SweepResult & { trials: number };

/** Progress while a sweep computes: steps over all values, and the points over the trials finished so far. */
export interface SweepProgress {
  done: number;
  total: number;
  partial: SweepPartial | null;
}
