import type { Kernel } from './kernel';
import { KernelGram } from './kernelGram';
import { dot } from './linalg';

/**
 * One arm's kernel ridge regression as the authors' public code computes it for CA PAK-UCB-tS ([Hu et al. 2025]'s
 * code as used for PromptWise: `algorithms/ca_pak_ucb_tS.py`, `update_stats` and `update_inverse`), bugs
 * included — the `ca-pak-ucb-ts-official` variant.
 *
 * The code keeps an n×n matrix B over every observation, grown by block-inverse bordering
 *   B ← [B + b·uuᵀ, −b·u; −b·uᵀ, b],   v_i = k(x_i, x),  u = B·v,  b = 1/(k(x,x) + β − vᵀu),
 * and scores mean(x) = k_xᵀ·B·y, width(x) = β^{-1/2}·√max(0, k(x,x) − k_xᵀ·B·k_x), as KernelRidgeArm does with
 * B = (K + βI)⁻¹. It departs from that inverse twice:
 *  - the first observation starts B at 1/k(x,x) + β (= 2 for the RBF kernel and β = 1; l. 106–107) instead of
 *    (k(x,x) + β)⁻¹ (= 0.5), so after one pull the arm's mean at that context is (1 + β·k(x,x))·y = 2y with
 *    width 0: the first model to succeed outbids the others, and a trial tends to lock onto it;
 *  - where k(x,x) + β − vᵀu is exactly 0 (the first context again, right after the first pull) it sets
 *    b = 10⁻¹⁰ instead of failing, and goes on from there.
 *
 * Only G = PᵀBP and w = PᵀBy are ever needed, with P the n×m indicator of which of the m distinct contexts
 * (KernelGram's support points) each observation sits on: k_x = P·k_u, so mean = k_uᵀw and k_xᵀBk_x = k_uᵀGk_u;
 * Pᵀu = G·k_u and uᵀy = k_uᵀw; and the bordering becomes, with r = G·k_u − e_j for the new observation's
 * point j and ρ = k_uᵀw − y,
 *   G ← G + b·rrᵀ,   w ← w + b·ρ·r.
 * This is the code's recursion in exact arithmetic (same b at every step, same fallback), O(m²) per pull
 * instead of O(n²): m is 5 on one-hot worlds, at most the number of prompts on others.
 */
export class AuthorsKernelRidgeArm {
  private readonly gram: KernelGram;
  private readonly beta: number;
  private n = 0;
  private cap = 8;
  private g = new Float64Array(8 * 8);
  private w = new Float64Array(8);
  private r = new Float64Array(8);

  constructor(kernel: Kernel, beta: number) {
    if (!(beta > 0)) throw new Error(`kernel estimator: beta must be positive, got ${beta}`);
    this.gram = new KernelGram(kernel);
    this.beta = beta;
  }

  /** Observations added. */
  get count(): number {
    return this.n;
  }

  add(x: Float64Array, y: number): void {
    let j = this.gram.find(x);
    if (j < 0) {
      if (this.gram.size === this.cap) this.grow();
      j = this.gram.add(x); // G's row and column j and w_j are still 0: no observation sits there yet
    }
    const m = this.gram.size;
    const s = this.cap;
    const k = this.gram.kernelVector(x);
    const kxx = this.gram.selfKernel(x);
    if (this.n === 0) {
      const b0 = 1 / kxx + this.beta; // ca_pak_ucb_tS.py l. 106–107: the code's first "inverse"
      this.g[j * s + j] = b0;
      this.w[j] = b0 * y;
    } else {
      const r = this.r;
      this.times(k, r); // Pᵀu = G·k_u
      const schur = kxx + this.beta - dot(k, r, m);
      const b = schur !== 0 ? 1 / schur : 1e-10; // update_inverse: `1 / (k_nn - alpha) if … != 0 else 1e-10`
      const rho = dot(k, this.w, m) - y;
      r[j] -= 1;
      for (let i = 0; i < m; i++) {
        const bri = b * r[i];
        for (let l = 0; l < m; l++) this.g[i * s + l] += bri * r[l];
        this.w[i] += b * rho * r[i];
      }
    }
    this.n++;
  }

  /** Nothing to do: add() updates G and w as the code updates B. */
  fit(): void {}

  /** k_xᵀ·B·y = k_uᵀw (0 before any data). */
  mean(x: Float64Array): number {
    const k = this.gram.kernelVector(x);
    return dot(k, this.w, k.length);
  }

  /** β^{-1/2}·√max(0, k(x,x) − k_uᵀGk_u). */
  width(x: Float64Array): number {
    const k = this.gram.kernelVector(x);
    this.times(k, this.r);
    return Math.sqrt(Math.max(0, this.gram.selfKernel(x) - dot(k, this.r, k.length)) / this.beta);
  }

  /** out = G·v over the m support points. */
  private times(v: Float64Array, out: Float64Array): void {
    const m = v.length;
    const s = this.cap;
    for (let i = 0; i < m; i++) {
      let acc = 0;
      for (let l = 0; l < m; l++) acc += this.g[i * s + l] * v[l];
      out[i] = acc;
    }
  }

  private grow(): void {
    const old = this.cap;
    const cap = 2 * old;
    const g = new Float64Array(cap * cap);
    for (let i = 0; i < old; i++) g.set(this.g.subarray(i * old, i * old + old), i * cap);
    this.g = g;
    const w = new Float64Array(cap);
    w.set(this.w);
    this.w = w;
    this.r = new Float64Array(cap);
    this.cap = cap;
  }
}
