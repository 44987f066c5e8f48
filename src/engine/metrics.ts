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
