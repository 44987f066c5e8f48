/**
 * The logistic estimator's per-context bookkeeping as the JS loops it ran before the WebAssembly kernels
 * `logisticcommit` (LogisticLine.commit) and `driftselect` (DriftSelection): the bench's baselines for them, and the
 * unit tests' reference (the kernels must give the same bits and the same picks).
 */

/** Commits a line search at α (sig, slope at the margins z + α·u): z += α·u, res = c·σ − s, w = c·σ'. */
export function commitJs(
  m: number,
  alpha: number,
  z: Float64Array,
  u: Float64Array,
  c: Float64Array,
  s: Float64Array,
  sig: Float64Array,
  slope: Float64Array,
  res: Float64Array,
  w: Float64Array,
): void {
  for (let j = 0; j < m; j++) {
    z[j] += alpha * u[j];
    res[j] = c[j] * sig[j] - s[j];
    w[j] = c[j] * slope[j];
  }
}

/**
 * The contexts whose score |w_j − ŵ_j|·lev_j exceeds minScore, the `budget` highest in descending order (a later equal
 * score after the earlier ones), into top (indices) and topScore. Returns how many.
 */
export function driftSelectJs(
  m: number,
  w: Float64Array,
  wHat: Float64Array,
  lev: Float64Array,
  minScore: number,
  budget: number,
  top: Int32Array,
  topScore: Float64Array,
): number {
  let count = 0;
  for (let j = 0; j < m; j++) {
    const score = Math.abs(w[j] - wHat[j]) * lev[j];
    if (!(score > minScore)) continue;
    if (count < budget) count++;
    else if (score <= topScore[count - 1]) continue;
    let k = count - 1; // insertion into the descending top list
    while (k > 0 && topScore[k - 1] < score) {
      topScore[k] = topScore[k - 1];
      top[k] = top[k - 1];
      k--;
    }
    topScore[k] = score;
    top[k] = j;
  }
  return count;
}
