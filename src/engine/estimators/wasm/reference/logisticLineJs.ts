/**
 * One trial point of a logistic line search in JS, the loop the estimators ran before `LogisticLine` (one
 * Math.exp per point; the weight c·σ' is formed as the kernel forms it): the bench's baseline for the WebAssembly
 * kernel and the unit tests' reference (to a few ulps: the kernel's exp is its own). Returns Σ (c_jσ_j − s_j)u_j
 * and writes σ, σ' into sig, slope; the curvature Σ c_jσ'_j u_j² goes to out[0].
 */
export function logisticLineJs(
  m: number,
  alpha: number,
  z: Float64Array,
  u: Float64Array,
  c: Float64Array,
  s: Float64Array,
  sig: Float64Array,
  slope: Float64Array,
  out: Float64Array,
): number {
  let d1 = 0;
  let d2 = 0;
  for (let j = 0; j < m; j++) {
    const t = z[j] + alpha * u[j];
    const e = Math.exp(-Math.abs(t));
    const inv = 1 / (1 + e);
    const p = t >= 0 ? inv : e * inv;
    const w = e * inv * inv;
    sig[j] = p;
    slope[j] = w;
    d1 += (c[j] * p - s[j]) * u[j];
    d2 += c[j] * w * u[j] * u[j];
  }
  out[0] = d2;
  return d1;
}
