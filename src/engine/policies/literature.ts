import type { Rng } from '../rng';
import { clearlyGreater } from '../ties';
import { NULL_ACTION, type OwnReason, type PolicyExplanation, type StepView } from '../types';
import { ONE_QUERY } from './exploration';
import { argmaxAvailable, Learner } from './learner';

/**
 * Learners of the online-routing literature under Protocol 1 (issue 45): each asks models one after another,
 * paying c_a per query, up to τ_max. The originals (LinUCB, linear Thompson sampling, ε-greedy) choose one model per
 * prompt; their `-ts` ids ask again after a failure, re-ranked with the updated model, until success or τ_max (as
 * Greedy-till-Succeed extends Greedy, §5.1). None takes the null action otherwise. All first explore each model
 * τ_exp times (exploration.ts), as every learner of the lab does (§5.1, l. 370).
 */

/** A learner that states its own reason for each decision (PolicyExplanation.own), which the lab puts into words. */
abstract class ReasoningLearner extends Learner {
  protected own: OwnReason | undefined;

  next(pullsLeft: number): number {
    this.own = undefined;
    return super.next(pullsLeft);
  }

  explain(): PolicyExplanation {
    return { ...super.explain(), ...(this.own ? { own: this.own } : {}) };
  }
}

export interface ScoreRule {
  /** Ask again after a failure (the `-ts` ids), or once per prompt (the original). */
  tillSuccess: boolean;
  /** What the score is, for the decision's words: "highest LinUCB index x·θ̂ + α‖x‖_{A⁻¹} − λc". */
  reason: string;
}

/**
 * argmax_a score_a − λc_a over the available models, where score_a is the arm model's estimate (LinUCB's index,
 * a Thompson draw, a logistic fit): the reward success − λc, whose cost part is known before the query.
 */
export class ScoreLearner extends ReasoningLearner {
  private asked = 0;

  constructor(
    id: string,
    K: number,
    params: ConstructorParameters<typeof Learner>[2],
    alpha: number,
    makeModel: ConstructorParameters<typeof Learner>[4],
    protected readonly rule: ScoreRule,
  ) {
    super(id, K, params, alpha, makeModel);
  }

  begin(step: StepView): void {
    super.begin(step);
    this.asked = 0;
  }

  observe(arm: number, reward: 0 | 1): void {
    this.asked++;
    super.observe(arm, reward);
  }

  protected choose(): number {
    return this.queried() ? NULL_ACTION : this.best();
  }

  /** Whether a one-query learner has made its query on this prompt (and says so). */
  protected queried(): boolean {
    if (this.rule.tillSuccess || this.asked === 0) return false;
    this.own = ONE_QUERY;
    return true;
  }

  /** The available model of the highest score − λc, with that value as the reason's number. */
  protected best(): number {
    const { available, costs } = this.step;
    const { lambda } = this.params;
    const arm = argmaxAvailable(available, (a) => this.estimate(a).qHat - lambda * costs[a]);
    if (arm !== NULL_ACTION) this.own = { reason: this.rule.reason, value: this.estimate(arm).qHat - lambda * costs[arm] };
    return arm;
  }
}

/**
 * ε-greedy, contextual (Sutton & Barto 2018, §2.2; the schedule ε_t ∝ 1/t of Auer, Cesa-Bianchi, Fischer 2002,
 * "ε_n-greedy"): at each decision, with probability ε_t = min(1, K/t) (t = 1, 2, … the prompt's number) a uniformly
 * random available model, else the greedy argmax q̂ − λc of a logistic fit per model (no bonus). The coin and the
 * random model come from the policy's seeded stream.
 */
export class EpsilonGreedy extends ScoreLearner {
  constructor(
    id: string,
    K: number,
    params: ConstructorParameters<typeof Learner>[2],
    makeModel: ConstructorParameters<typeof Learner>[4],
    tillSuccess: boolean,
    private readonly rng: Rng,
  ) {
    super(id, K, params, 0, makeModel, { tillSuccess, reason: 'highest q̂ − λc of its logistic fit (the greedy choice)' });
  }

  /** ε_t = min(1, K/t), t = 1 at the first prompt. */
  epsilon(): number {
    return Math.min(1, this.K / (this.step.t + 1));
  }

  protected choose(): number {
    if (this.queried()) return NULL_ACTION;
    const epsilon = this.epsilon();
    if (!(this.rng.uniform() < epsilon)) return this.best();
    const { available } = this.step;
    let n = 0;
    for (let a = 0; a < available.length; a++) n += available[a];
    let k = this.rng.int(n);
    for (let a = 0; a < available.length; a++) {
      if (available[a] && k-- === 0) {
        this.own = { reason: 'a uniformly random model: it explores with probability ε_t = min(1, K/t)', value: epsilon };
        return a;
      }
    }
    return NULL_ACTION; // no model is available
  }
}

/**
 * A cost-ordered cascade in the manner of FrugalGPT's LLM cascade (Chen, Zaharia, Zou 2023, §3): the models are
 * asked from the cheapest to the dearest, each at most once per prompt, until one succeeds; before each query the
 * cascade's scorer must pass a threshold, else it stops. The scorer here is the learned success probability q̂_a
 * of PromptWise's logistic model (with its UCB bonus, so a model the cascade stops at is still learned about), and
 * the threshold is λc_a: a query is worth making when its expected success outweighs its weighted cost, q̂_a ≥ λc_a
 * (the myopic test behind PromptWise's stop rule, promptwise.tex l. 300). FrugalGPT learns its scorer and
 * thresholds offline; this cascade learns online, and its order never changes with what it learns.
 */
export class CostCascade extends ReasoningLearner {
  private order: number[] = [];
  private at = 0;

  begin(step: StepView): void {
    super.begin(step);
    const { available, costs } = step;
    this.order = [];
    for (let a = 0; a < available.length; a++) if (available[a]) this.order.push(a);
    this.order.sort((a, b) => costs[a] - costs[b] || a - b);
    this.at = 0;
  }

  observe(arm: number, reward: 0 | 1): void {
    const i = this.order.indexOf(arm);
    if (i >= this.at) this.at = i + 1; // a forced exploration query counts as that model's turn
    super.observe(arm, reward);
  }

  protected choose(): number {
    if (this.at >= this.order.length) {
      this.own = { reason: 'every available model has been asked on this prompt' };
      return NULL_ACTION;
    }
    const arm = this.order[this.at];
    const margin = this.estimate(arm).qHat - this.params.lambda * this.step.costs[arm];
    if (margin < 0) {
      this.own = { reason: 'the next model in cost order has q̂ below its threshold λc: q̂ − λc', value: margin };
      return NULL_ACTION;
    }
    this.own = { reason: 'the next model in cost order, its q̂ at or above its threshold λc: q̂ − λc', value: margin };
    return arm;
  }
}

/**
 * Budget-aware LinUCB in the manner of PILOT (Panda et al. 2025, "Adaptive LLM Routing under Budget Constraints",
 * arXiv:2508.21141), as its abstract states it (the paper itself could not be read offline: docs/ENGINE.md,
 * reading 17). Prompts and models share one embedding space, a model's reward being its affinity with the prompt:
 * the prompt's direction x/‖x‖ against the model's vector θ_a, learned online by LinUCB's ridge regression (the
 * paper starts θ_a from offline human-preference data, which the lab does not have: θ_a starts at 0). Its online
 * cost policy is an online multi-choice knapsack: a model is admissible when its reward per unit cost, UCB_a / c_a,
 * reaches the threshold ψ(z) = (U·e/L)^z · L/e of the fraction z of the budget spent (the threshold policy of online
 * knapsack, Zhou, Chakrabarty & Lukose 2008), with U = 1/min c and L = 1/max c (a sure success from the cheapest and
 * from the dearest model); it asks the admissible model of the highest UCB, and stops when none is admissible. The
 * budget accrues 1/λ per prompt (what one success is worth in cost), so z = spent / ((t + 1)/λ).
 */
export class BudgetedLinUcb extends ScoreLearner {
  private spent = 0;

  observe(arm: number, reward: 0 | 1): void {
    this.spent += this.step.costs[arm];
    super.observe(arm, reward);
  }

  /** ψ(z) at the current prompt: the reward per unit cost a query must reach. */
  threshold(): number {
    const { available, costs, t } = this.step;
    let lo = Number.POSITIVE_INFINITY;
    let hi = 0;
    for (let a = 0; a < available.length; a++) {
      if (!available[a]) continue;
      lo = Math.min(lo, costs[a]);
      hi = Math.max(hi, costs[a]);
    }
    if (!(hi > 0)) return 0; // every model is free (or none is available): nothing to ration
    const U = 1 / lo;
    const L = 1 / hi;
    const z = Math.min(1, (this.spent * this.params.lambda) / (t + 1));
    return ((U * Math.E) / L) ** z * (L / Math.E);
  }

  /** The admissible model of the highest UCB (UCB/c ≥ ψ(z)), or the null action when none is admissible. */
  protected best(): number {
    const { available, costs } = this.step;
    const psi = this.threshold();
    let best = NULL_ACTION;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let a = 0; a < available.length; a++) {
      if (!available[a]) continue;
      const ucb = this.estimate(a).qHat;
      if (ucb / costs[a] >= psi && clearlyGreater(ucb, bestScore)) {
        best = a;
        bestScore = ucb;
      }
    }
    this.own =
      best === NULL_ACTION
        ? { reason: 'no model reaches the budget policy’s threshold UCB/c ≥ ψ(z)', value: psi }
        : { reason: this.rule.reason, value: bestScore };
    return best;
  }
}
