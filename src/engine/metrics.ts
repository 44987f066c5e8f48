/** Summary statistics of the simulation's metrics (paper §6: utility, cost, success, regret). */

export interface Stat {
  mean: number;
  /** Population standard deviation over trials (divide by n, as the paper's ± bands). */
  std: number;
}

export function meanStd(values: ArrayLike<number>): Stat {
  const n = values.length;
  if (n === 0) return { mean: NaN, std: NaN };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i] - mean) ** 2;
  return { mean, std: Math.sqrt(ss / n) };
}

/** Running average a_t = (1/t) Σ_{s≤t} v_s, the curves the lab plots. */
export function runningAverage(values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  let sum = 0;
  for (let t = 0; t < values.length; t++) {
    sum += values[t];
    out[t] = sum / (t + 1);
  }
  return out;
}

/** Cumulative sum, e.g. cumulative regret Σ_{s≤t} (u*_s − u_s). */
export function cumulativeSum(values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  let sum = 0;
  for (let t = 0; t < values.length; t++) {
    sum += values[t];
    out[t] = sum;
  }
  return out;
}
