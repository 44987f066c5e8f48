import { clearlyGreater } from '../ties';
import { type ArmEstimate, type BanditParams, NULL_ACTION, type Policy, type PolicyExplanation, type StepView } from '../types';
import type { ArmModel } from './armModel';

/**
 * What every learner shares: one model per arm, the forced exploration of Algorithm 1 (each arm pulled
 * τ_exp times before its estimate is trusted) and a per-prompt cache of the optimistic estimates.
 * Subclasses decide which arm to pull from the estimates (`choose`) and when models are updated.
 */
export abstract class Learner implements Policy {
  protected step!: StepView;
  protected readonly models: ArmModel[];
  /** Pulls of each arm so far (counts forced pulls at once, even when updates are deferred). */
  protected readonly pulls: Int32Array;
  private readonly cache: (ArmEstimate | null)[];
  /** Whether the last `next` returned a forced exploration pull. */
  private lastForced = false;

  constructor(
    readonly id: string,
    protected readonly K: number,
    protected readonly params: BanditParams,
    protected readonly alpha: number,
    makeModel: () => ArmModel,
  ) {
    this.models = Array.from({ length: K }, makeModel);
    this.pulls = new Int32Array(K);
    this.cache = new Array(K).fill(null);
  }

  begin(step: StepView): void {
    this.step = step;
    this.cache.fill(null);
  }

  next(pullsLeft: number): number {
    const forced = this.unexploredArm();
    this.lastForced = forced !== NULL_ACTION;
    return this.lastForced ? forced : this.choose(pullsLeft);
  }

  observe(arm: number, reward: 0 | 1): void {
    this.pulls[arm]++;
    this.learn(arm, reward);
  }

  end(): void {}

  /**
   * The estimates the rule sees now, per arm (NaN for unavailable arms). Read-only: arms the rule did not
   * estimate itself are peeked at (ArmModel.peek), so asking changes no later decision.
   */
  estimates(): ArmEstimate[] {
    const { available, x } = this.step;
    return Array.from({ length: this.K }, (_, a) => (!available[a] ? { qHat: NaN, bonus: NaN } : (this.cache[a] ?? this.models[a].peek(x, this.alpha))));
  }

  explain(): PolicyExplanation {
    return { forced: this.lastForced, estimates: this.estimates() };
  }

  /** Decide among available arms once exploration is done. */
  protected abstract choose(pullsLeft: number): number;

  /** Default (Algorithm 1): update the played arm after every pull. */
  protected learn(arm: number, reward: 0 | 1): void {
    this.update(arm, this.step.x, reward);
  }

  protected update(arm: number, x: Float64Array, reward: 0 | 1): void {
    const model = this.models[arm];
    model.add(x, reward);
    model.fit();
    this.cache[arm] = null;
  }

  /** Optimistic estimate of arm a at the current prompt, cached until that arm's model changes. */
  protected estimate(a: number): ArmEstimate {
    let e = this.cache[a];
    if (e === null) {
      e = this.models[a].estimate(this.step.x, this.alpha);
      this.cache[a] = e;
    }
    return e;
  }

  /** Exploration phase (Algorithm 1): the first available arm pulled fewer than τ_exp times. */
  private unexploredArm(): number {
    const { available } = this.step;
    for (let a = 0; a < this.K; a++) {
      if (available[a] && this.pulls[a] < this.params.tauExp) return a;
    }
    return NULL_ACTION;
  }
}

/** argmax over available arms of score(a); ties (within rounding, see ties.ts) go to the lower index. */
export function argmaxAvailable(available: Uint8Array, score: (a: number) => number): number {
  let best = NULL_ACTION;
  let bestScore = -Infinity;
  for (let a = 0; a < available.length; a++) {
    if (!available[a]) continue;
    const s = score(a);
    if (best === NULL_ACTION || clearlyGreater(s, bestScore)) {
      bestScore = s;
      best = a;
    }
  }
  return best;
}
