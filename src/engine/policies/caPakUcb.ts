import type { Rng } from '../rng';
import { clearlyGreater } from '../ties';
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
  private tied: number[] = [];
  /**
   * Whether the choice subtracts λc_a (the paper's cost-aware rule). The authors' code omits it by default
   * (ca-pak-ucb-ts-official): argmax q̂_a, cost-blind.
   */
  costAware = true;
  /**
   * The authors' code (ca-pak-ucb-ts-official) breaks ties at random: it keeps the prompt's scores and draws
   * from their argmax set on every pull (`np.random.choice(np.where(ucb == max))`). Null: ties go to the
   * lower index, as everywhere else (ties.ts). Ties are "within rounding" (ties.ts) so a run is the same on
   * every platform.
   */
  tieBreak: Rng | null = null;

  begin(step: Parameters<Learner['begin']>[0]): void {
    super.begin(step);
    this.chosen = NULL_ACTION;
  }

  protected choose(): number {
    if (this.chosen === NULL_ACTION) {
      const { available, costs } = this.step;
      const lambda = this.costAware ? this.params.lambda : 0;
      const score = (a: number) => this.estimate(a).qHat - lambda * costs[a];
      this.chosen = argmaxAvailable(available, score);
      if (this.tieBreak !== null) {
        const best = score(this.chosen);
        this.tied = [];
        for (let a = 0; a < available.length; a++) if (available[a] && !clearlyGreater(best, score(a))) this.tied.push(a);
      }
    }
    if (this.tieBreak !== null && this.tied.length > 1) return this.tied[this.tieBreak.int(this.tied.length)];
    return this.chosen;
  }
}
