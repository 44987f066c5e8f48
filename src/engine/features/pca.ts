import { EigenvalueDecomposition, Matrix } from 'ml-matrix';

/** A fitted principal-component projection. */
export interface Pca {
  /** Input dimension D. */
  readonly inputDim: number;
  /** Output dimension d ≤ D. */
  readonly dim: number;
  /** Mean of the fitted vectors (length D), subtracted before projecting. */
  readonly mean: Float64Array;
  /** d principal directions (unit vectors of length D), by decreasing variance. */
  readonly components: Float64Array[];
  /** Share of the total variance each component explains (length d). */
  readonly explained: Float64Array;
  /** Σ explained: the share of variance the projection keeps. */
  readonly explainedTotal: number;
  /** (v − mean)·components, length d. */
  project(v: ArrayLike<number>): Float64Array;
}

/**
 * PCA by the eigendecomposition of the D×D covariance (D = 384 for MiniLM: small next to n = thousands of
 * prompts, so this is cheaper than an SVD of the n×D data). Each component's sign is fixed so that its
 * largest-magnitude coordinate is positive: eigen solvers may return ±v, and the contexts (hence every
 * decision of the learner) must not depend on that.
 */
export function fitPca(vectors: readonly ArrayLike<number>[], dim: number): Pca {
  const n = vectors.length;
  if (n === 0) throw new RangeError('fitPca: no vectors');
  const D = vectors[0].length;
  if (!Number.isInteger(dim) || dim < 1 || dim > D) {
    throw new RangeError(`fitPca: dim must be an integer in 1..${D} (got ${dim})`);
  }
  const mean = new Float64Array(D);
  for (const v of vectors) {
    if (v.length !== D) throw new RangeError(`fitPca: vectors differ in length (${v.length} ≠ ${D})`);
    for (let j = 0; j < D; j++) mean[j] += v[j] / n;
  }
  const cov = Array.from({ length: D }, () => new Float64Array(D));
  const centred = new Float64Array(D);
  for (const v of vectors) {
    for (let j = 0; j < D; j++) centred[j] = v[j] - mean[j];
    for (let i = 0; i < D; i++) {
      const ci = centred[i];
      if (ci === 0) continue;
      const row = cov[i];
      for (let j = i; j < D; j++) row[j] += ci * centred[j];
    }
  }
  for (let i = 0; i < D; i++) for (let j = i; j < D; j++) cov[j][i] = cov[i][j];

  const eig = new EigenvalueDecomposition(new Matrix(cov.map((r) => Array.from(r))), { assumeSymmetric: true });
  const values = eig.realEigenvalues;
  const vecs = eig.eigenvectorMatrix;
  const order = values.map((_, i) => i).sort((a, b) => values[b] - values[a] || a - b);
  const total = values.reduce((s, x) => s + Math.max(0, x), 0);
  const components = order.slice(0, dim).map((k) => {
    const c = Float64Array.from(vecs.getColumn(k));
    let big = 0;
    for (let j = 1; j < D; j++) if (Math.abs(c[j]) > Math.abs(c[big])) big = j;
    if (c[big] < 0) for (let j = 0; j < D; j++) c[j] = -c[j];
    return c;
  });
  const explained = Float64Array.from(order.slice(0, dim), (k) => (total > 0 ? Math.max(0, values[k]) / total : 0));
  return {
    inputDim: D,
    dim,
    mean,
    components,
    explained,
    explainedTotal: explained.reduce((s, x) => s + x, 0),
    project(v) {
      const out = new Float64Array(dim);
      for (let k = 0; k < dim; k++) {
        const c = components[k];
        let s = 0;
        for (let j = 0; j < D; j++) s += (v[j] - mean[j]) * c[j];
        out[k] = s;
      }
      return out;
    },
  };
}
