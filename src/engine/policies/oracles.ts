import { type BudgetPlan, planBudget, prop1Arm } from '../oracle';
import { type BanditParams, NULL_ACTION, type Policy, type StepView } from '../types';

/** `oracle`: the finite-budget DP with the true q (the regret benchmark). */
export class BudgetOracle implements Policy {
  readonly id = 'oracle';
  private plan: BudgetPlan | null = null;

  constructor(private readonly params: BanditParams) {}

  begin(step: StepView, truth: Float64Array): void {
    this.plan = planBudget(truth, step.costs, step.available, this.params.lambda, this.params.tauMax);
  }

  next(pullsLeft: number): number {
    return this.plan ? this.plan.arm[pullsLeft] : NULL_ACTION;
  }

  observe(): void {}
  end(): void {}
}

/** `oracle-prop1`: Proposition 1 with the true q, repeating argmin c/q until success, truncated at τ_max. */
export class Prop1Oracle implements Policy {
  readonly id = 'oracle-prop1';
  private arm = NULL_ACTION;

  constructor(private readonly params: BanditParams) {}

  begin(step: StepView, truth: Float64Array): void {
    this.arm = prop1Arm(truth, step.costs, step.available, this.params.lambda);
  }

  next(): number {
    return this.arm;
  }

  observe(): void {}
  end(): void {}
}
