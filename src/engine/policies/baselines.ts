import type { Rng } from '../rng';
import { type ArmEstimate, type BanditParams, NULL_ACTION, type OwnReason, type Policy, type PolicyExplanation, type StepView } from '../types';
import { ForcedExploration, FREE, ONE_QUERY } from './exploration';
import { argmaxAvailable } from './learner';

/**
 * The baselines of the paper's experiments (§5.1, promptwise.tex l. 367–370). "Single" baselines make one query
 * per prompt; the "till succeed" ones (random-ts, greedy-ts) keep querying until success or the budget is spent.
 * All but Lowest-cost and Highest-cost first explore each arm τ_exp times, one query per prompt (exploration.ts).
 */

/** Shared bookkeeping for the fixed rules: forced exploration (if any), then one pull or till success. */
abstract class FixedRule implements Policy {
  protected step!: StepView;
  private pulledThisStep = 0;

  constructor(
    readonly id: string,
    private readonly tillSuccess: boolean,
    protected readonly exploration: ForcedExploration | null,
  ) {}

  begin(step: StepView): void {
    this.step = step;
    this.pulledThisStep = 0;
    this.exploration?.begin();
  }

  next(): number {
    const forced = this.exploration ? this.exploration.next(this.step.available) : FREE;
    if (forced !== FREE) return forced;
    if (this.queried) return NULL_ACTION;
    return this.pick();
  }

  /** A single baseline has made its one query on this prompt: the prompt ends (ONE_QUERY). */
  private get queried(): boolean {
    return !this.tillSuccess && this.pulledThisStep > 0;
  }

  observe(arm: number, _reward: 0 | 1): void {
    this.pulledThisStep++;
    this.exploration?.observe(arm);
  }

  end(): void {}

  /**
   * What the lab's decision trace shows: forced exploration, the rule's estimates (none but Greedy's), its pick's
   * reason where the lab's scores do not give it (a random or a price rule), and after a single baseline's one query,
   * why the prompt ends there (it has no null action: ONE_QUERY).
   */
  explain(): PolicyExplanation {
    const forced = this.exploration?.forced === true;
    // An exploration prompt ends as such (its forced query, then it moves on), not by the one-query rule.
    const own = forced ? undefined : this.queried ? ONE_QUERY : this.pickReason();
    return { forced, estimates: this.ruleEstimates(), ...(own ? { own } : {}) };
  }

  /** Why `pick` chose its model, where the lab's scores (c/q̂, q̂ − λc, q̂) do not say it. */
  protected pickReason(): OwnReason | undefined {
    return undefined;
  }

  /** The estimates the rule ranks by, per arm (NaN where it has none, or the arm is not available). */
  protected ruleEstimates(): ArmEstimate[] {
    return Array.from({ length: this.step.available.length }, () => ({ qHat: Number.NaN, bonus: Number.NaN }));
  }

  protected abstract pick(): number;
}

/** Random (one query) and Random-till-Succeed: a uniformly random available model per query. */
export class RandomPolicy extends FixedRule {
  constructor(
    id: string,
    tillSuccess: boolean,
    private readonly rng: Rng,
    K: number,
    tauExp: number,
  ) {
    super(id, tillSuccess, new ForcedExploration(K, tauExp));
  }

  protected pickReason(): OwnReason {
    return { reason: 'a model drawn uniformly at random' };
  }

  protected pick(): number {
    const { available } = this.step;
    let n = 0;
    for (let a = 0; a < available.length; a++) n += available[a];
    let k = this.rng.int(n);
    for (let a = 0; a < available.length; a++) {
      if (available[a] && k-- === 0) return a;
    }
    return NULL_ACTION;
  }
}

/** Lowest-cost / Highest-cost: always the cheapest (or dearest) available model, one query per prompt. */
export class CostRankPolicy extends FixedRule {
  constructor(
    id: string,
    private readonly prefer: 'lowest' | 'highest',
  ) {
    super(id, false, null); // §5.1: the two cost-rank baselines do not explore
  }

  protected pickReason(): OwnReason {
    return { reason: this.prefer === 'lowest' ? 'the cheapest model' : 'the dearest model' };
  }

  protected pick(): number {
    const sign = this.prefer === 'lowest' ? -1 : 1;
    return argmaxAvailable(this.step.available, (a) => sign * this.step.costs[a]);
  }
}

/**
 * Greedy and Greedy-till-Succeed (§5.1, promptwise.tex l. 368–369): "the model that maximizes the (average)
 * success rate". The average is context-free (each arm's running mean over all its queries), and the ranking
 * subtracts λ·c as the authors' code does: Table 1's Greedy cost (1.43 with models priced 0.75…90) is only
 * possible with the cost term. Greedy queries once and moves on; Greedy-till-Succeed updates the mean after a
 * failure and ranks again, until success or τ_max. Neither takes the null action. Before its first query an arm's
 * mean counts as 0 (only with τ_exp = 0: otherwise every arm is explored first).
 */
export class GreedyPolicy extends FixedRule {
  private readonly successes: Float64Array;

  constructor(
    id: string,
    private readonly K: number,
    private readonly params: BanditParams,
    tillSuccess: boolean,
  ) {
    super(id, tillSuccess, new ForcedExploration(K, params.tauExp));
    this.successes = new Float64Array(K);
  }

  observe(arm: number, reward: 0 | 1): void {
    super.observe(arm, reward);
    this.successes[arm] += reward;
  }

  /** The running means (q̂, no bonus) of the available arms. */
  protected ruleEstimates(): ArmEstimate[] {
    const { available } = this.step;
    return Array.from({ length: this.K }, (_, a) => (available[a] ? { qHat: this.mean(a), bonus: 0 } : { qHat: NaN, bonus: NaN }));
  }

  protected pick(): number {
    const { costs, available } = this.step;
    return argmaxAvailable(available, (a) => this.mean(a) - this.params.lambda * costs[a]);
  }

  private mean(a: number): number {
    const n = this.exploration?.pulls[a] ?? 0;
    return n > 0 ? this.successes[a] / n : 0;
  }
}
