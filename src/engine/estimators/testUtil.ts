import { inverse, Matrix, solve } from 'ml-matrix';
import type { Rng } from '../rng';
import type { Kernel } from './kernel';

/**
 * Independent reference implementations for the estimator tests: dense ml-matrix algebra on the
 * ungrouped data, written the textbook way so that they share no code with the incremental estimators.
 */

export function randomVector(rng: Rng, d: number, scale = 1): Float64Array {
  const x = new Float64Array(d);
  for (let k = 0; k < d; k++) x[k] = scale * rng.normal();
  return x;
}

/** Uniform in the unit ball. */
export function unitBall(rng: Rng, d: number): Float64Array {
  const x = randomVector(rng, d);
  let s = 0;
  for (let k = 0; k < d; k++) s += x[k] * x[k];
  const r = rng.uniform() ** (1 / d) / Math.sqrt(s);
  for (let k = 0; k < d; k++) x[k] *= r;
  return x;
}

const sig = (z: number) => 1 / (1 + Math.exp(-z));
const softplus = (z: number) => (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));

/** L(θ) = Σ [log(1 + e^{x_iᵀθ}) − y_i x_iᵀθ] + (ρ/2)‖θ‖². */
export function logisticObjective(xs: Float64Array[], ys: number[], ridge: number, theta: ArrayLike<number>): number {
  let v = 0;
  for (let i = 0; i < xs.length; i++) {
    let z = 0;
    for (let k = 0; k < theta.length; k++) z += xs[i][k] * theta[k];
    v += softplus(z) - ys[i] * z;
  }
  for (let k = 0; k < theta.length; k++) v += 0.5 * ridge * theta[k] * theta[k];
  return v;
}

/** ∇L(θ). */
export function logisticGradient(xs: Float64Array[], ys: number[], ridge: number, theta: ArrayLike<number>): number[] {
  const d = theta.length;
  const g = Array.from({ length: d }, (_, k) => ridge * theta[k]);
  for (let i = 0; i < xs.length; i++) {
    let z = 0;
    for (let k = 0; k < d; k++) z += xs[i][k] * theta[k];
    const r = sig(z) - ys[i];
    for (let k = 0; k < d; k++) g[k] += r * xs[i][k];
  }
  return g;
}

export function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let k = 0; k < v.length; k++) s += v[k] * v[k];
  return Math.sqrt(s);
}

/** Full-batch damped Newton from θ = 0 to ‖∇L‖ ≤ 1e-11·(1 + n): the reference penalised MLE. */
export function logisticNewton(xs: Float64Array[], ys: number[], ridge: number, d: number): number[] {
  let theta = new Array<number>(d).fill(0);
  for (let iter = 0; iter < 200; iter++) {
    const g = logisticGradient(xs, ys, ridge, theta);
    if (norm(g) <= 1e-11 * (1 + xs.length)) return theta;
    const h = Matrix.eye(d, d, ridge);
    for (const x of xs) {
      let z = 0;
      for (let k = 0; k < d; k++) z += x[k] * theta[k];
      const w = sig(z) * (1 - sig(z));
      for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) h.set(a, b, h.get(a, b) + w * x[a] * x[b]);
    }
    const step = solve(h, Matrix.columnVector(g)).to1DArray();
    const f0 = logisticObjective(xs, ys, ridge, theta);
    let t = 1;
    let next = theta.map((v, k) => v - t * step[k]);
    while (logisticObjective(xs, ys, ridge, next) > f0 + 1e-13 * Math.abs(f0) && t > 1e-12) {
      t /= 2;
      next = theta.map((v, k) => v - t * step[k]);
    }
    theta = next;
  }
  throw new Error('reference Newton did not converge');
}

/** (ρI + XᵀX)⁻¹ by ml-matrix. */
export function designInverse(xs: Float64Array[], ridge: number, d: number): Matrix {
  const v = Matrix.eye(d, d, ridge);
  for (const x of xs) for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) v.set(a, b, v.get(a, b) + x[a] * x[b]);
  return inverse(v);
}

/** Gram matrix K_ij = k(x_i, x_j) of the ungrouped data. */
function gram(kernel: Kernel, xs: Float64Array[]): Matrix {
  const n = xs.length;
  const k = new Matrix(n, n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) k.set(i, j, kernel(xs[i], xs[j]));
  return k;
}

/** Naive kernel ridge on the ungrouped data: mean k_xᵀ(K+βI)⁻¹y and width β^-½√(k(x,x) − k_xᵀ(K+βI)⁻¹k_x). */
export function naiveKernelRidge(kernel: Kernel, beta: number, xs: Float64Array[], ys: number[]) {
  const n = xs.length;
  const m = gram(kernel, xs).add(Matrix.eye(n, n, beta));
  const minv = inverse(m);
  const alpha = minv.mmul(Matrix.columnVector(ys)).to1DArray();
  const kvec = (x: Float64Array) => xs.map((xi) => kernel(xi, x));
  return {
    mean(x: Float64Array): number {
      return kvec(x).reduce((s, v, i) => s + v * alpha[i], 0);
    },
    width(x: Float64Array): number {
      const k = kvec(x);
      const q = minv.mmul(Matrix.columnVector(k)).to1DArray();
      const v = kernel(x, x) - k.reduce((s, ki, i) => s + ki * q[i], 0);
      return Math.sqrt(Math.max(0, v) / beta);
    },
  };
}

/**
 * Kernel logistic regression on the ungrouped data, by damped Newton on the dual coefficients a ∈ Rⁿ, for the
 * paper's objective (promptwise.tex l. 342, Eq. mle-2-klr): f = Ka, J(a) = Σ [softplus(f_i) − y_i f_i] + β·aᵀKa,
 * stationarity 2βa + σ(f) − y = 0, Newton system (WK + 2βI)Δ = −(2βa + σ(f) − y) solved by LU. Returns the
 * fitted function and J's value.
 */
export function naiveKernelLogistic(kernel: Kernel, beta: number, xs: Float64Array[], ys: number[]) {
  const n = xs.length;
  const k = gram(kernel, xs);
  let a = new Array<number>(n).fill(0);
  const fOf = (c: number[]) => k.mmul(Matrix.columnVector(c)).to1DArray();
  const objective = (c: number[]) => {
    const f = fOf(c);
    let v = 0;
    for (let i = 0; i < n; i++) v += softplus(f[i]) - ys[i] * f[i] + beta * c[i] * f[i]; // + β·cᵀKc
    return v;
  };
  let converged = false;
  for (let iter = 0; iter < 200 && !converged; iter++) {
    const f = fOf(a);
    const g = a.map((ai, i) => 2 * beta * ai + sig(f[i]) - ys[i]); // ∇J = K(2βa + σ(f) − y)
    if (norm(g) <= 1e-11 * (1 + n)) {
      converged = true;
      break;
    }
    const jac = new Matrix(n, n);
    for (let i = 0; i < n; i++) {
      const w = sig(f[i]) * (1 - sig(f[i]));
      for (let j = 0; j < n; j++) jac.set(i, j, w * k.get(i, j) + (i === j ? 2 * beta : 0));
    }
    const step = solve(jac, Matrix.columnVector(g.map((v) => -v))).to1DArray();
    const j0 = objective(a);
    let t = 1;
    let next = a.map((v, i) => v + t * step[i]);
    // Repeated contexts make J flat along some directions of a, so allow rounding-level ties.
    while (objective(next) > j0 + 1e-13 * Math.abs(j0) && t > 1e-12) {
      t /= 2;
      next = a.map((v, i) => v + t * step[i]);
    }
    a = next;
  }
  if (!converged) throw new Error('reference KLR Newton did not converge');
  return {
    logit(x: Float64Array): number {
      return xs.reduce((s, xi, i) => s + a[i] * kernel(xi, x), 0);
    },
    objective: objective(a),
  };
}
