import { meanStd } from '../metrics';
import type { StepBatch } from '../simulate';
import type { AlgoCurves, CurvePoint } from './types';

/** Default `LabConfig.curvePoints`. */
export const DEFAULT_CURVE_POINTS = 200;

/**
 * The steps t (1-based) a curve keeps: all of 1..T when T ≤ maxPoints, else maxPoints steps evenly spread
 * from t = 1 to t = T (both kept). Strictly increasing; depends on T and maxPoints only, so every trial and
 * every algorithm is sampled at the same steps.
 */
export function curveSteps(T: number, maxPoints: number): Int32Array {
  if (T <= maxPoints) return Int32Array.from({ length: T }, (_, i) => i + 1);
  // Spacing (T−1)/(P−1) > 1, so rounding keeps the steps distinct; k = P−1 gives exactly T.
  return Int32Array.from({ length: maxPoints }, (_, k) => 1 + Math.round((k * (T - 1)) / (maxPoints - 1)));
}

const METRICS = ['utility', 'cost', 'success', 'regret'] as const;
type Metric = (typeof METRICS)[number];

interface AlgoState {
  /** Per metric, the per-trial value at each kept step: row trial, column k (trials × P). */
  values: Record<Metric, Float64Array>;
  /** Running sums of the trial in progress, in step order (the same order as the summary's). */
  sumUtility: number;
  sumCost: number;
  sumSuccess: number;
  sumRegret: number;
  /** Index of the next kept step. */
  next: number;
  /** Trials whose last step has been seen. */
  trialsDone: number;
}

/**
 * Builds the lab's curves from the StepBatches as they stream: per (algorithm, trial) the running averages of
 * utility, cost and success and the cumulative regret, kept at `curveSteps(T, maxPoints)`; then mean and
 * population std over trials at each kept step.
 *
 * The running sums are accumulated in step order from the batch values, which are the very numbers the
 * summary adds up, and mean ± std use the summary's own `meanStd` over trials in trial order: at t = T the
 * curves equal the summary bit for bit. Memory: 4 × trials × points numbers per algorithm, not trials × T.
 */
export class CurveAccumulator {
  readonly steps: Int32Array;
  private readonly state = new Map<string, AlgoState>();
  private readonly column: Float64Array;

  constructor(
    private readonly algos: readonly string[],
    private readonly T: number,
    private readonly trials: number,
    maxPoints: number,
  ) {
    this.steps = curveSteps(T, maxPoints);
    const size = trials * this.steps.length;
    for (const algo of algos) {
      this.state.set(algo, {
        values: {
          utility: new Float64Array(size),
          cost: new Float64Array(size),
          success: new Float64Array(size),
          regret: new Float64Array(size),
        },
        sumUtility: 0,
        sumCost: 0,
        sumSuccess: 0,
        sumRegret: 0,
        next: 0,
        trialsDone: 0,
      });
    }
    this.column = new Float64Array(trials);
  }

  /** Feeds one batch; batches of one (algorithm, trial) must come in step order, trials in order. */
  add(batch: StepBatch): void {
    const st = this.state.get(batch.algo);
    if (!st) throw new Error(`CurveAccumulator: unexpected algorithm ${batch.algo}`);
    if (batch.from === 0) {
      if (batch.trial !== st.trialsDone) throw new Error(`CurveAccumulator: ${batch.algo} trial ${batch.trial} out of order`);
      st.sumUtility = st.sumCost = st.sumSuccess = st.sumRegret = 0;
      st.next = 0;
    }
    const P = this.steps.length;
    const { utility, cost, success, regret } = batch;
    const { values } = st;
    for (let i = 0; i < batch.to - batch.from; i++) {
      st.sumUtility += utility[i];
      st.sumCost += cost[i];
      st.sumSuccess += success[i];
      st.sumRegret += regret[i];
      const t = batch.from + i + 1;
      if (t === this.steps[st.next]) {
        const at = batch.trial * P + st.next;
        values.utility[at] = st.sumUtility / t;
        values.cost[at] = st.sumCost / t;
        values.success[at] = st.sumSuccess / t;
        values.regret[at] = st.sumRegret;
        st.next++;
      }
    }
    if (batch.to === this.T) st.trialsDone++;
  }

  /** Trials finished by every algorithm. */
  trialsDone(): number {
    let n = this.trials;
    for (const st of this.state.values()) n = Math.min(n, st.trialsDone);
    return n;
  }

  /** Curves over the first `trials` trials (default: those finished by every algorithm); needs ≥ 1. */
  curves(trials = this.trialsDone()): Record<string, AlgoCurves> {
    if (!(trials >= 1 && trials <= this.trialsDone())) throw new Error(`CurveAccumulator: ${trials} trials are not finished`);
    const out: Record<string, AlgoCurves> = {};
    for (const algo of this.algos) {
      const { values } = this.state.get(algo)!;
      out[algo] = {
        utility: this.points(values.utility, trials),
        cost: this.points(values.cost, trials),
        success: this.points(values.success, trials),
        regret: this.points(values.regret, trials),
      };
    }
    return out;
  }

  private points(values: Float64Array, trials: number): CurvePoint[] {
    const P = this.steps.length;
    const column = this.column.subarray(0, trials);
    const out: CurvePoint[] = new Array(P);
    for (let k = 0; k < P; k++) {
      for (let i = 0; i < trials; i++) column[i] = values[i * P + k];
      const { mean, std } = meanStd(column);
      out[k] = { t: this.steps[k], mean, std };
    }
    return out;
  }
}
