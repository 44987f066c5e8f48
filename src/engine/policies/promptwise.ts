import { planBudget, prop1ArmLazy } from '../oracle';
import type { BanditParams } from '../types';
import type { ArmModel } from './armModel';
import { Learner } from './learner';

export interface PromptWiseOptions {
  /**
   * 'pull': update the played arm after every pull (Algorithm 1).
   * 'step': update once the prompt is over, with all of its pulls (the per-step variant, Algorithm 3).
   */
  update: 'pull' | 'step';
  /**
   * 'prop1': Proposition 1 on the optimistic estimates — stop if max q̂_a − λc_a ≤ 0, else argmin c_a/q̂_a.
   * 'budget': the finite-budget DP on q̂ with the rounds left, re-planned after every failure
   *           (`promptwise-budget`, beyond the paper).
   */
  plan: 'prop1' | 'budget';
}

/**
 * PromptWise (Algorithm 1) and its variants: forced exploration, then at every pull the oracle rule of
 * Proposition 1 applied to the optimistic q̂_a = σ(f̂_a(x) + α·bonus_a(x)).
 */
export class PromptWise extends Learner {
  private pending: { arm: number; reward: 0 | 1 }[] = [];
  private readonly qHat: Float64Array;

  constructor(
    id: string,
    K: number,
    params: BanditParams,
    alpha: number,
    makeModel: () => ArmModel,
    private readonly options: PromptWiseOptions,
  ) {
    super(id, K, params, alpha, makeModel);
    this.qHat = new Float64Array(K);
  }

  protected choose(pullsLeft: number): number {
    const { available, costs } = this.step;
    const { lambda } = this.params;
    if (this.options.plan === 'budget') {
      for (let a = 0; a < this.K; a++) this.qHat[a] = available[a] ? this.estimate(a).qHat : 0;
      return planBudget(this.qHat, costs, available, lambda, pullsLeft).arm[pullsLeft];
    }
    // Estimates are only computed for arms that can still win (the lazy scan is exact).
    return prop1ArmLazy(costs, available, lambda, (a) => this.estimate(a).qHat);
  }

  protected learn(arm: number, reward: 0 | 1): void {
    if (this.options.update === 'pull') super.learn(arm, reward);
    else this.pending.push({ arm, reward });
  }

  end(): void {
    for (const { arm, reward } of this.pending) this.update(arm, this.step.x, reward);
    this.pending = [];
  }
}
