import type { Rng } from '../rng';
import { NULL_ACTION, type Policy, type StepView } from '../types';
import { argmaxAvailable, Learner } from './learner';

/**
 * Cost-unaware baselines of the paper's experiments. "Single" baselines make one query per prompt;
 * the "till succeed" ones (random-ts, greedy-ts) keep querying until success or the budget is spent.
 */

/** Shared bookkeeping for the non-learning baselines: one pull or till success. */
abstract class FixedRule implements Policy {
  protected step!: StepView;
  private pulledThisStep = 0;

  constructor(
    readonly id: string,
    private readonly tillSuccess: boolean,
  ) {}

  begin(step: StepView): void {
    this.step = step;
    this.pulledThisStep = 0;
  }

  next(): number {
    if (!this.tillSuccess && this.pulledThisStep > 0) return NULL_ACTION;
    return this.pick();
  }

  observe(): void {
    this.pulledThisStep++;
  }

  end(): void {}

  protected abstract pick(): number;
}

/** Random (one query) and Random-till-Succeed: a uniformly random available model per query. */
export class RandomPolicy extends FixedRule {
  constructor(
    id: string,
    tillSuccess: boolean,
    private readonly rng: Rng,
  ) {
    super(id, tillSuccess);
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
    super(id, false);
  }

  protected pick(): number {
    const sign = this.prefer === 'lowest' ? -1 : 1;
    return argmaxAvailable(this.step.available, (a) => sign * this.step.costs[a]);
  }
}

/**
 * Greedy and Greedy-till-Succeed: the same per-arm logistic MLE as PromptWise without the exploration
 * bonus, choosing the model with the highest estimated success regardless of cost. Greedy makes one
 * query per prompt; Greedy-till-Succeed re-estimates after a failure and asks again.
 */
export class GreedyPolicy extends Learner {
  private pulledThisStep = 0;
  private tillSuccess = false;

  withTillSuccess(tillSuccess: boolean): this {
    this.tillSuccess = tillSuccess;
    return this;
  }

  begin(step: StepView): void {
    super.begin(step);
    this.pulledThisStep = 0;
  }

  next(pullsLeft: number): number {
    if (!this.tillSuccess && this.pulledThisStep > 0) return NULL_ACTION;
    return super.next(pullsLeft);
  }

  observe(arm: number, reward: 0 | 1): void {
    this.pulledThisStep++;
    super.observe(arm, reward);
  }

  protected choose(): number {
    return argmaxAvailable(this.step.available, (a) => this.estimate(a).qHat);
  }
}
