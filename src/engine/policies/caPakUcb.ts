import { NULL_ACTION } from '../types';
import { argmaxAvailable, Learner } from './learner';

/**
 * CA PAK-UCB-tS (§5.1, promptwise.tex l. 367): the cost-aware variant of PAK-UCB [Hu et al. 2025] (kernel ridge
 * UCB per arm). Once per prompt it picks
 * argmax_a q̂_a − λc_a and then repeats that arm until success or the budget ("till success"); it has no
 * null action. The played arm's model is updated after every pull, but the choice is not revisited.
 */
export class CaPakUcbTs extends Learner {
  private chosen = NULL_ACTION;
  /**
   * Whether the choice subtracts λc_a (the paper's cost-aware rule). The authors' code omits it by default
   * (ca-pak-ucb-ts-official): argmax q̂_a, cost-blind.
   */
  costAware = true;

  begin(step: Parameters<Learner['begin']>[0]): void {
    super.begin(step);
    this.chosen = NULL_ACTION;
  }

  protected choose(): number {
    if (this.chosen === NULL_ACTION) {
      const { available, costs } = this.step;
      const lambda = this.costAware ? this.params.lambda : 0;
      this.chosen = argmaxAvailable(available, (a) => this.estimate(a).qHat - lambda * costs[a]);
    }
    return this.chosen;
  }
}
