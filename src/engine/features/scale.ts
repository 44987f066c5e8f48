/**
 * Divides every vector by the largest norm among them, so all lie in the unit ball and the largest on its
 * boundary. One common factor (not per-vector normalisation) keeps the relative geometry the learner sees.
 * All-zero input is returned unchanged (copied).
 */
export function scaleIntoUnitBall(vectors: readonly Float64Array[]): Float64Array[] {
  return vectors.map(unitBallScaler(vectors));
}

/**
 * The map scaleIntoUnitBall applies, fitted on `vectors`, for use on vectors outside the set too: those are
 * divided by the same factor and, should they still lie outside the unit ball, pulled onto its sphere.
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
