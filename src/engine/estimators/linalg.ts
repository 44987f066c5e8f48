/**
 * Small dense kernels on row-major Float64Array matrices, for the estimators' hot loops.
 * ml-matrix allocates per call and goes through accessors; at d = 384 and thousands of calls per trial
 * that overhead dominates, so the per-pull work stays in these plain loops. The logistic estimator's own
 * O(d²) and O(n·d) kernels run in WebAssembly SIMD instead (symmetricMatrix.ts, contextRows.ts); these serve
 * the kernel estimators, whose matrices grow with the support points.
 */

/** Σ_k a[ao+k]·b[bo+k]. Four accumulators break the add latency chain, roughly doubling throughput in V8. */
export function dotAt(a: Float64Array, ao: number, b: Float64Array, bo: number, n: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let k = 0;
  for (; k + 3 < n; k += 4) {
    s0 += a[ao + k] * b[bo + k];
    s1 += a[ao + k + 1] * b[bo + k + 1];
    s2 += a[ao + k + 2] * b[bo + k + 2];
    s3 += a[ao + k + 3] * b[bo + k + 3];
  }
  for (; k < n; k++) s0 += a[ao + k] * b[bo + k];
  return s0 + s1 + (s2 + s3);
}

export function dot(a: Float64Array, b: Float64Array, n: number): number {
  return dotAt(a, 0, b, 0, n);
}

/**
 * y = M·x for a symmetric n×n M of which only the upper triangle (j ≥ i) is read. Four rows at a time:
 * each loaded M_ij serves both y_i (row) and y_j (column), so the matrix is read once, and the blocking
 * lets four row sums share each x_j load. About 1.5× a full-storage matVec in V8.
 */
export function symMatVecUpper(m: Float64Array, stride: number, x: Float64Array, y: Float64Array, n: number): void {
  y.fill(0, 0, n);
  let i = 0;
  for (; i + 3 < n; i += 4) {
    const o0 = i * stride;
    const o1 = o0 + stride;
    const o2 = o1 + stride;
    const o3 = o2 + stride;
    const x0 = x[i];
    const x1 = x[i + 1];
    const x2 = x[i + 2];
    const x3 = x[i + 3];
    const a01 = m[o0 + i + 1];
    const a02 = m[o0 + i + 2];
    const a03 = m[o0 + i + 3];
    const a12 = m[o1 + i + 2];
    const a13 = m[o1 + i + 3];
    const a23 = m[o2 + i + 3];
    let t0 = m[o0 + i] * x0 + a01 * x1 + a02 * x2 + a03 * x3;
    let t1 = a01 * x0 + m[o1 + i + 1] * x1 + a12 * x2 + a13 * x3;
    let t2 = a02 * x0 + a12 * x1 + m[o2 + i + 2] * x2 + a23 * x3;
    let t3 = a03 * x0 + a13 * x1 + a23 * x2 + m[o3 + i + 3] * x3;
    for (let j = i + 4; j < n; j++) {
      const a = m[o0 + j];
      const b = m[o1 + j];
      const c = m[o2 + j];
      const e = m[o3 + j];
      const xj = x[j];
      t0 += a * xj;
      t1 += b * xj;
      t2 += c * xj;
      t3 += e * xj;
      y[j] += a * x0 + b * x1 + c * x2 + e * x3;
    }
    y[i] += t0;
    y[i + 1] += t1;
    y[i + 2] += t2;
    y[i + 3] += t3;
  }
  for (; i < n; i++) {
    const o = i * stride;
    const xi = x[i];
    let t = m[o + i] * xi;
    for (let j = i + 1; j < n; j++) {
      t += m[o + j] * x[j];
      y[j] += m[o + j] * xi;
    }
    y[i] += t;
  }
}

/** M −= c·u·uᵀ on the upper triangle only (half the stores of a full update; stores bound this loop). */
export function symRankOneSubUpper(m: Float64Array, stride: number, c: number, u: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const ci = c * u[i];
    if (ci === 0) continue;
    const row = i * stride;
    for (let j = i; j < n; j++) m[row + j] -= ci * u[j];
  }
}

/** Copies the upper triangle onto the lower one, for code that wants the full matrix. */
export function mirrorUpper(m: Float64Array, stride: number, n: number): void {
  for (let i = 1; i < n; i++) for (let j = 0; j < i; j++) m[i * stride + j] = m[j * stride + i];
}

/**
 * In-place inverse of a symmetric positive-definite n×n block (row stride `stride`) via Cholesky
 * A = LLᵀ, A⁻¹ = L⁻ᵀL⁻¹. Returns false, leaving `a` unspecified, if a pivot is not positive.
 */
export function spdInvertInPlace(a: Float64Array, stride: number, n: number): boolean {
  // Cholesky into the lower triangle.
  for (let j = 0; j < n; j++) {
    const rj = j * stride;
    let djj = a[rj + j] - dotAt(a, rj, a, rj, j);
    if (!(djj > 0)) return false;
    djj = Math.sqrt(djj);
    a[rj + j] = djj;
    for (let i = j + 1; i < n; i++) {
      const ri = i * stride;
      a[ri + j] = (a[ri + j] - dotAt(a, ri, a, rj, j)) / djj;
    }
  }
  // L⁻¹ in place (lower triangle), column by column of the identity.
  for (let i = 0; i < n; i++) {
    const ri = i * stride;
    a[ri + i] = 1 / a[ri + i];
    for (let j = 0; j < i; j++) {
      let s = 0;
      for (let k = j; k < i; k++) s += a[ri + k] * a[k * stride + j];
      a[ri + j] = -s * a[ri + i];
    }
  }
  // A⁻¹ = L⁻ᵀL⁻¹: entry (i, j), i ≥ j, is Σ_{k ≥ i} L⁻¹[k][i]·L⁻¹[k][j]; fill both triangles.
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (let k = i; k < n; k++) s += a[k * stride + i] * a[k * stride + j];
      // Written to the upper triangle, which L⁻¹ does not occupy; the diagonal L⁻¹[i][i] is overwritten
      // last in row i and no later entry reads it.
      a[j * stride + i] = s;
    }
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) a[i * stride + j] = a[j * stride + i];
  return true;
}

/** Logistic function, without overflow for large |z|. */
export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** σ'(z) = σ(z)(1 − σ(z)), computed as e/(1+e)² with e = e^{−|z|} so it keeps relative accuracy in the tails. */
export function sigmoidSlope(z: number): number {
  const e = Math.exp(-Math.abs(z));
  const d = 1 + e;
  return e / (d * d);
}

/** Whether a and b hold the same values (bit for bit) in their first n entries (all of both, by default). */
export function sameVector(a: Float64Array, b: Float64Array, n?: number): boolean {
  if (n === undefined && a.length !== b.length) return false;
  const len = n ?? a.length;
  for (let k = 0; k < len; k++) if (a[k] !== b[k]) return false;
  return true;
}
