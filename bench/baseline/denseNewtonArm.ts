/**
 * The bench's fixed baseline estimator: PromptWise's arm model done the straightforward way, so `npm run bench`
 * can print the engine's time as a ratio against it in the same process (a regression shows as a falling
 * ratio, whatever the machine's speed or load). Same objective and stopping rule as LogisticArm, the penalised
 * MLE of L(θ) = Σ log(1 + e^{x_iᵀθ}) − y_i x_iᵀθ + (ρ/2)‖θ‖² to ‖∇L‖ ≤ 1e-8·(1 + n), but by full Newton steps:
 * each iteration forms the dense Hessian ρI + Σ σ'(x_iᵀθ) x_i x_iᵀ over every observation (no grouping of
 * repeated contexts) and solves it by Cholesky, with step halving on the rare rise in L. V⁻¹ (for the bonus)
 * is kept by Sherman–Morrison, as any implementation would. Not used by the lab: it is a yardstick.
 */

import type { ArmModel } from '../../src/engine/policies/armModel';
import type { ArmEstimate } from '../../src/engine/types';

const TOL = 1e-8;
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const softplus = (z: number) => (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));

export function denseNewtonArm(d: number, ridge: number): ArmModel {
  const xs: Float64Array[] = [];
  const ys: number[] = [];
  const theta = new Float64Array(d);
  const vinv = new Float64Array(d * d);
  for (let i = 0; i < d; i++) vinv[i * d + i] = 1 / ridge;
  const h = new Float64Array(d * d);
  const g = new Float64Array(d);
  const step = new Float64Array(d);
  const trial = new Float64Array(d);
  const vx = new Float64Array(d);

  const dot = (a: Float64Array, b: Float64Array) => {
    let s = 0;
    for (let k = 0; k < d; k++) s += a[k] * b[k];
    return s;
  };
  const loss = (th: Float64Array) => {
    let l = (ridge / 2) * dot(th, th);
    for (let i = 0; i < xs.length; i++) {
      const z = dot(xs[i], th);
      l += softplus(z) - ys[i] * z;
    }
    return l;
  };
  const gradient = () => {
    for (let k = 0; k < d; k++) g[k] = ridge * theta[k];
    for (let i = 0; i < xs.length; i++) {
      const r = sigmoid(dot(xs[i], theta)) - ys[i];
      const x = xs[i];
      for (let k = 0; k < d; k++) g[k] += r * x[k];
    }
    return Math.sqrt(dot(g, g));
  };
  /** Solves h·step = g in place by Cholesky (h is SPD: ρI plus a PSD sum). */
  const solve = () => {
    for (let j = 0; j < d; j++) {
      let s = h[j * d + j];
      for (let k = 0; k < j; k++) s -= h[j * d + k] * h[j * d + k];
      const ljj = Math.sqrt(s);
      h[j * d + j] = ljj;
      for (let i = j + 1; i < d; i++) {
        let t = h[i * d + j];
        for (let k = 0; k < j; k++) t -= h[i * d + k] * h[j * d + k];
        h[i * d + j] = t / ljj;
      }
    }
    for (let i = 0; i < d; i++) {
      let s = g[i];
      for (let k = 0; k < i; k++) s -= h[i * d + k] * step[k];
      step[i] = s / h[i * d + i];
    }
    for (let i = d - 1; i >= 0; i--) {
      let s = step[i];
      for (let k = i + 1; k < d; k++) s -= h[k * d + i] * step[k];
      step[i] = s / h[i * d + i];
    }
  };
  const estimate = (x: Float64Array, alpha: number): ArmEstimate => {
    let q = 0;
    for (let i = 0; i < d; i++) {
      let s = 0;
      for (let k = 0; k < d; k++) s += vinv[i * d + k] * x[k];
      q += x[i] * s;
    }
    const bonus = alpha === 0 ? 0 : alpha * Math.sqrt(Math.max(0, q));
    return { qHat: sigmoid(dot(x, theta) + bonus), bonus };
  };

  return {
    get count() {
      return xs.length;
    },
    add(x, y) {
      xs.push(Float64Array.from(x));
      ys.push(y);
      for (let i = 0; i < d; i++) {
        let s = 0;
        for (let k = 0; k < d; k++) s += vinv[i * d + k] * x[k];
        vx[i] = s;
      }
      const den = 1 + dot(x, vx);
      for (let i = 0; i < d; i++) for (let k = 0; k < d; k++) vinv[i * d + k] -= (vx[i] * vx[k]) / den;
    },
    fit() {
      const tol = TOL * (1 + xs.length);
      for (let iter = 0; iter < 100 && gradient() > tol; iter++) {
        h.fill(0);
        for (let k = 0; k < d; k++) h[k * d + k] = ridge;
        for (const x of xs) {
          const p = sigmoid(dot(x, theta));
          const w = p * (1 - p);
          for (let a = 0; a < d; a++) {
            const wa = w * x[a];
            for (let b = 0; b <= a; b++) h[a * d + b] += wa * x[b];
          }
        }
        solve();
        const before = loss(theta);
        let t = 1;
        for (let half = 0; half < 30; half++, t /= 2) {
          for (let k = 0; k < d; k++) trial[k] = theta[k] - t * step[k];
          if (loss(trial) <= before) break;
        }
        theta.set(trial);
      }
    },
    estimate,
    peek: estimate,
  };
}
