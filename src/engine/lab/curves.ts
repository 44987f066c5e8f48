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

/** One algorithm's per-trial curve values: per metric, row i = trial (first + i), column k = kept step k. */
export type CurveRows = Record<Metric, Float64Array>;

interface AlgoState {
  values: CurveRows;
  /** Running sums of the trial in progress, in step order (the same order as the summary's). */
  sumUtility: number;
  sumCost: number;
  sumSuccess: number;
  sumRegret: number;
  /** Index of the next kept step. */
  next: number;
  /** Per trial of the range: whether its last step has been seen (or its row placed). */
  done: Uint8Array;
}

/**
 * Builds the lab's curves from the StepBatches as they stream: per (algorithm, trial) the running averages of
 * utility, cost and success and the cumulative regret, kept at `curveSteps(T, maxPoints)`; then mean and
 * population std over trials at each kept step.
 *
 * The running sums are accumulated in step order from the batch values, which are the very numbers the
 * summary adds up, and mean ± std use the summary's own `meanStd` over trials in trial order: at t = T the
 * curves equal the summary bit for bit. Memory: 4 × trials × points numbers per algorithm, not trials × T.
 *
 * An accumulator may hold a slice of the run's trials, [first, first + trials): a worker of the pool fills
 * one per slice, and the page's accumulator for the whole run takes the slices' rows with `place`. Each
 * trial's row depends on that trial alone, so the curves come out the same, bit for bit, however the trials
 * were sliced.
 */
export class CurveAccumulator {
  readonly steps: Int32Array;
  private readonly state = new Map<string, AlgoState>();
  private readonly column: Float64Array;

  constructor(
    private readonly algos: readonly string[],
    private readonly T: number,
    /** Trials held: [first, first + trials). */
    private readonly trials: number,
    maxPoints: number,
    private readonly first = 0,
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
        done: new Uint8Array(trials),
      });
    }
    this.column = new Float64Array(trials);
  }

  /** Feeds one batch; batches of one (algorithm, trial) must come in step order. */
  add(batch: StepBatch): void {
    const st = this.stateOf(batch.algo);
    const row = batch.trial - this.first;
    if (!(row >= 0 && row < this.trials)) throw new Error(`CurveAccumulator: trial ${batch.trial} is outside this accumulator's trials`);
    if (batch.from === 0) {
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
        const at = row * P + st.next;
        values.utility[at] = st.sumUtility / t;
        values.cost[at] = st.sumCost / t;
        values.success[at] = st.sumSuccess / t;
        values.regret[at] = st.sumRegret;
        st.next++;
      }
    }
    if (batch.to === this.T) st.done[row] = 1;
  }

  /** The per-trial rows of one algorithm (live views: what a pool worker sends back). */
  rows(algo: string): CurveRows {
    return this.stateOf(algo).values;
  }

  /** Takes another accumulator's finished rows of `algo`, for its trials [first, first + n), n = rows / points. */
  place(algo: string, rows: CurveRows, first: number): void {
    const st = this.stateOf(algo);
    const P = this.steps.length;
    const n = rows.utility.length / P;
    const row = first - this.first;
    if (!(Number.isInteger(n) && row >= 0 && row + n <= this.trials)) throw new Error(`CurveAccumulator: rows for trials ${first}…${first + n - 1} do not fit`);
    for (const metric of METRICS) st.values[metric].set(rows[metric], row * P);
    st.done.fill(1, row, row + n);
  }

  /** Trials finished by every algorithm, counted from the first without a gap (the curves cover these). */
  trialsDone(): number {
    let n = this.trials;
    for (const st of this.state.values()) {
      const gap = st.done.indexOf(0);
      n = Math.min(n, gap < 0 ? this.trials : gap);
    }
    return n;
  }

  /** Curves over the first `trials` trials (default: those finished by every algorithm); needs ≥ 1. */
  curves(trials = this.trialsDone()): Record<string, AlgoCurves> {
    if (!(trials >= 1 && trials <= this.trialsDone())) throw new Error(`CurveAccumulator: ${trials} trials are not finished`);
    const out: Record<string, AlgoCurves> = {};
    for (const algo of this.algos) {
      const { values } = this.stateOf(algo);
      out[algo] = {
        utility: this.points(values.utility, trials),
        cost: this.points(values.cost, trials),
        success: this.points(values.success, trials),
        regret: this.points(values.regret, trials),
      };
    }
    return out;
  }

  private stateOf(algo: string): AlgoState {
    const st = this.state.get(algo);
    if (!st) throw new Error(`CurveAccumulator: unexpected algorithm ${algo}`);
    return st;
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
