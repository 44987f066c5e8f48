/**
 * Divides every vector by the largest norm among them, so all lie in the unit ball and the largest on its
 * boundary. One common factor (not per-vector normalisation) keeps the relative geometry the learner sees.
 * All-zero input is returned unchanged (copied).
 */
export function scaleIntoUnitBall(vectors: readonly Float64Array[]): Float64Array[] {
  let maxNorm = 0;
  for (const v of vectors) maxNorm = Math.max(maxNorm, norm(v));
  return vectors.map((v) => (maxNorm > 0 ? v.map((x) => x / maxNorm) : Float64Array.from(v)));
}

export function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}
