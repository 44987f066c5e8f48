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
  let same = true;
  for (let i = 0; i < n; i++) {
    sum += values[i];
    same &&= values[i] === values[0];
  }
  // Equal values have that value as mean and no spread: summed and divided they can miss it by an ulp, and the
  // spread then came out as 1e-17 (shown as "± 1.1e−16" in the charts' tooltips, issue 15, item 7).
  if (same) return { mean: values[0], std: 0 };
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i] - mean) ** 2;
  return { mean, std: Math.sqrt(ss / n) };
}

/**
 * The standard error of the difference of two means, each over `trials` independent runs: the population stds
 * (Stat.std) made sample variances, n/(n−1), whose means' variances add. Runs on common random numbers are
 * correlated, so this overstates their error: a difference beyond k of it is the more surely real. Zero for one
 * trial (no spread is known: any difference counts). The one home of this test: the lab's lessons, the sweep
 * surface and the report's verdicts all call it.
 */
export function diffStandardError(a: { std: number }, b: { std: number }, trials: number): number {
  if (trials < 2) return 0;
  const sampleVariance = (s: { std: number }) => (s.std * s.std * trials) / (trials - 1);
  return Math.sqrt((sampleVariance(a) + sampleVariance(b)) / trials);
}
