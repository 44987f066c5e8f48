/**
 * Scaling into the unit ball, fitted on a set of vectors: every vector is divided by the largest norm among
 * them, so all lie in the ball and the largest on its boundary. One common factor (not per-vector
 * normalisation) keeps the relative geometry the learner sees. A vector outside the set gets the same factor
 * and, should it still lie outside the ball, is pulled onto its sphere. All-zero input stays as it is (copied).
 */
export function unitBallScaler(vectors: readonly Float64Array[]): (v: Float64Array) => Float64Array {
  let maxNorm = 0;
  for (const v of vectors) maxNorm = Math.max(maxNorm, norm(v));
  return (v) => {
    const x = maxNorm > 0 ? v.map((e) => e / maxNorm) : Float64Array.from(v);
    const n = norm(x);
    return n > 1 ? x.map((e) => e / n) : x;
  };
}

export function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}
