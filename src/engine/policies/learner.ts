import type { Rng } from '../rng';
import { clearlyGreater } from '../ties';
import { type ArmEstimate, type BanditParams, NULL_ACTION, type Policy, type PolicyExplanation, type StepView } from '../types';
import type { ArmModel } from './armModel';
import { ForcedExploration, FREE } from './exploration';

/**
 * What every learner shares: one model per arm, the forced exploration of Algorithm 1 (each arm pulled
 * τ_exp times, one pull per prompt, before its estimate is trusted: exploration.ts) and a per-prompt cache of
 * the optimistic estimates. Subclasses decide which arm to pull from the estimates (`choose`) and when models
 * are updated.
 */
export abstract class Learner implements Policy {
  protected step!: StepView;
  protected readonly models: ArmModel[];
  private exploration: ForcedExploration;
  private readonly cache: (ArmEstimate | null)[];

  constructor(
    readonly id: string,
    protected readonly K: number,
    protected readonly params: BanditParams,
    protected readonly alpha: number,
    makeModel: () => ArmModel,
  ) {
    this.models = Array.from({ length: K }, makeModel);
    this.exploration = new ForcedExploration(K, params.tauExp);
    this.cache = new Array(K).fill(null);
  }

  /** The authors' code's order: under-explored arms drawn at random (the `*-official` variants). */
  shuffleExploration(rng: Rng): this {
    this.exploration = new ForcedExploration(this.K, this.params.tauExp, rng);
    return this;
  }

  begin(step: StepView): void {
    this.step = step;
    this.cache.fill(null);
    this.exploration.begin();
  }

  next(pullsLeft: number): number {
    const forced = this.exploration.next(this.step.available);
    return forced === FREE ? this.choose(pullsLeft) : forced;
  }

  observe(arm: number, reward: 0 | 1): void {
    this.exploration.observe(arm);
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
    return { forced: this.exploration.forced, estimates: this.estimates() };
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
