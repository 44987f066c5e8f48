import type { Rng } from '../rng';
import { clearlyGreater } from '../ties';
import { NULL_ACTION, type PolicyExplanation } from '../types';
import type { ArmModel } from './armModel';
import { argmaxAvailable, Learner } from './learner';

/** How the choice is made: the paper's rule by default; the authors' code's readings otherwise (registry.ts). */
export interface CaPakUcbRule {
  /** Whether the choice subtracts λc_a (the paper's cost-aware rule); the authors' code omits it by default. */
  costAware: boolean;
  /**
   * The authors' code breaks ties at random: it keeps the prompt's scores and draws from their argmax set on every
   * pull (`np.random.choice(np.where(ucb == max))`). Null: ties go to the lower index, as everywhere else. Ties
   * are "within rounding" (ties.ts) so a run is the same on every platform.
   */
  tieBreak: Rng | null;
}

/**
 * CA PAK-UCB-tS (§5.1, promptwise.tex l. 367): the cost-aware variant of PAK-UCB [Hu et al. 2025] (kernel ridge
 * UCB per arm). Once per prompt it picks
 * argmax_a q̂_a − λc_a and then repeats that arm until success or the budget ("till success"); it has no
 * null action. The played arm's model is updated after every pull, but the choice is not revisited.
 */
export class CaPakUcbTs extends Learner {
  private chosen = NULL_ACTION;
  private tied: number[] = [];
  /** The decision in play repeats the prompt's pick (its second query on or), which the estimates no longer rank. */
  private repeating = false;

  constructor(
    id: string,
    K: number,
    params: ConstructorParameters<typeof Learner>[2],
    alpha: number,
    makeModel: () => ArmModel,
    private readonly rule: CaPakUcbRule = { costAware: true, tieBreak: null },
  ) {
    super(id, K, params, alpha, makeModel);
  }

  begin(step: Parameters<Learner['begin']>[0]): void {
    super.begin(step);
    this.chosen = NULL_ACTION;
    this.repeating = false;
  }

  /**
   * A repeated query is not chosen from the estimates the lab shows beside it (they have moved since the prompt's
   * first query): it says so, as a rule of its own (PolicyExplanation.own), so that the lab does not word it as a
   * choice by q̂ − λc.
   */
  explain(): PolicyExplanation {
    const ex = super.explain();
    if (!this.repeating || ex.forced) return ex;
    const score = this.rule.costAware ? 'q̂ − λc' : 'q̂';
    const reason =
      this.tied.length > 1 && this.rule.tieBreak !== null
        ? `it draws again among the models tied for the highest ${score} at this prompt's first query, until success or the budget`
        : `it asks again the model of this prompt's first query (then the highest ${score}), until success or the budget`;
    return { ...ex, own: { reason } };
  }

  protected choose(): number {
    this.repeating = this.chosen !== NULL_ACTION;
    if (this.chosen === NULL_ACTION) {
      const { available, costs } = this.step;
      const lambda = this.rule.costAware ? this.params.lambda : 0;
      const score = (a: number) => this.estimate(a).qHat - lambda * costs[a];
      this.chosen = argmaxAvailable(available, score);
      if (this.rule.tieBreak !== null) {
        const best = score(this.chosen);
        this.tied = [];
        for (let a = 0; a < available.length; a++) if (available[a] && !clearlyGreater(best, score(a))) this.tied.push(a);
      }
    }
    const { tieBreak } = this.rule;
    if (tieBreak !== null && this.tied.length > 1) return this.tied[tieBreak.int(this.tied.length)];
    return this.chosen;
  }
}
