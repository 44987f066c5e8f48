import type { Kernel } from './kernel';
import { KernelPosterior, RegularisedInverse } from './kernelGram';
import { dot, symMatVecUpper } from './linalg';
import { LogisticLine } from './logisticLine';
import { WasmArena } from './wasm/arena';

/**
 * One arm's kernel logistic regression for PromptWise-KLR: f(x) = Σ_j a_j k(x_j, x) minimising the paper's
 *   Σ_i [log(1 + e^{f(x_i)}) − y_i f(x_i)] + β‖a‖²_K,   ‖a‖²_K = aᵀKa
 * (promptwise.tex l. 342 and Algorithm PromptWise-KLR, Eq. mle-2-klr, l. 1020), with the kernel-ridge width
 * β^{-1/2}√(k(x,x) − k_xᵀ(K + βI)⁻¹k_x) (l. 345; [Valko et al. 2013]) shared with KernelRidgeArm through
 * KernelPosterior. Below, μ = 2β: the penalty is written (μ/2)aᵀKa so that the algebra is the usual one.
 *
 * Repeated contexts are grouped: support point j carries n_j trials and s_j successes, and the objective
 * over the m distinct points is J(a) = Σ_j [n_j log(1 + e^{f_j}) − s_j f_j] + (μ/2)aᵀK_u a with f = K_u a,
 * which is the ungrouped objective exactly (repeats share one kernel function, so the coefficients of a
 * repeated point simply add up).
 *
 * Its stationarity condition is G(a) = μa + r(f) = 0, r_j = n_jσ(f_j) − s_j. Newton's step solves
 * (μI + WK)Δ = −G with W = diag(n_jσ'(f_j)); since μI + WK = W(K + μW⁻¹), Δ = −(K + μW⁻¹)⁻¹W⁻¹G, and
 * (K + μW⁻¹)⁻¹ has the same shape as the posterior's (K + βN⁻¹)⁻¹: a RegularisedInverse kept current by
 * bordering for new points and one Sherman–Morrison update per weight change, O(m²) each.
 *
 * fit() is warm-started Newton (IRLS) with a safeguarded line search on J along each step, so J never
 * rises. Trade-off by size:
 * - m ≤ EXACT_M (categorical worlds, small problems): every changed weight is folded in before each step,
 *   so the steps are exact Newton steps and converge quadratically; a step costs O(m³) at worst.
 * - larger m (continuous contexts, m up to ~1000): at most CORRECTIONS_LARGE weights, those that drifted
 *   most, are refreshed per fit, so a step costs O(m²) and the iteration is quasi-Newton (linear rate,
 *   about three steps per fit after a pull); if a fit stalls the inverse is refactored once (O(m³)). Either
 *   way the fit stops only when ‖G‖ ≤ TOL·(1 + n), so the answer is the same penalised optimum.
 */
export class KernelLogisticArm {
  private readonly post: KernelPosterior;
  /** μ = 2β: the fit's penalty (μ/2)aᵀKa is the paper's β‖a‖²_K. The width keeps β itself. */
  private readonly mu: number;
  /** (K_u + μ·diag(1/ŵ_j))⁻¹: the Newton system's inverse at the weights ŵ. */
  private readonly newton: RegularisedInverse;
  private a: Float64Array = new Float64Array(8);
  /** f = K_u a at the support points. */
  private f: Float64Array = new Float64Array(8);
  private wHat: Float64Array = new Float64Array(8);
  private grad: Float64Array = new Float64Array(8);
  private step: Float64Array = new Float64Array(8);
  private kstep: Float64Array = new Float64Array(8);
  private tmp: Float64Array = new Float64Array(8);
  /**
   * σ(f_j) and σ'(f_j) at the current f when `sigmaFresh`: the gradient, the weights and the line search all need
   * them, and the line search's last trial point is the next f, so each Newton step costs about one exp per point
   * and trial point instead of four.
   */
  private sig: Float64Array = new Float64Array(8);
  private slope: Float64Array = new Float64Array(8);
  private sigmaFresh = false;
  /** The line search's trial points in WebAssembly SIMD. */
  private readonly line: LogisticLine;
  /** The α of the line search's last trial point, whose σ and σ' `line` holds. */
  private trialAlpha = Number.NaN;
  private fitsSinceRefresh = 0;

  /** @param arena the WebAssembly memory its inverses live in: one per policy (see WasmArena). */
  constructor(kernel: Kernel, beta: number, arena: WasmArena = new WasmArena()) {
    this.post = new KernelPosterior(kernel, beta, arena);
    this.mu = 2 * beta;
    this.newton = new RegularisedInverse(this.post.gram, arena);
    this.line = new LogisticLine(arena);
  }

  /** Observations added. */
  get count(): number {
    return this.post.count;
  }

  add(x: Float64Array, y: 0 | 1): void {
    const { index: j, isNew } = this.post.observe(x, y);
    if (!isNew) return; // a repeat changes n_j, s_j: the fit reads them from the posterior
    if (j >= this.a.length) this.grow(2 * j);
    const kv = this.post.gram.kernelVector(x); // j + 1 entries; the last is k(x, x)
    const fj = dot(this.a, kv, j);
    this.a[j] = 0;
    this.f[j] = fj;
    logisticAt(fj, this.sig, this.slope, j);
    const w = this.weight(j);
    this.wHat[j] = w;
    this.newton.append(kv.subarray(0, j), kv[j], this.mu / w);
  }

  /** Warm-started Newton to the penalised optimum (scheme above). */
  fit(): void {
    const m = this.post.size;
    if (m === 0) return;
    const tol = TOL * (1 + this.post.count);
    if (++this.fitsSinceRefresh >= F_REFRESH_EVERY) {
      // f is advanced by f += t·KΔ; recompute it now and then so rounding cannot accumulate.
      this.fitsSinceRefresh = 0;
      symMatVecUpper(this.post.gram.matrix, this.post.gram.stride, this.a, this.f, m);
      this.sigmaFresh = false;
    }
    let gNorm = this.computeGradient();
    if (gNorm <= tol) return;
    const exact = m <= EXACT_M;
    let refactored = false;
    if (!exact) this.refreshWeights(CORRECTIONS_LARGE);
    for (let iter = 0; iter < MAX_ITERS; iter++) {
      if (exact) this.refreshWeights(m);
      else if (iter === STALL_ITERS && !refactored) {
        for (let j = 0; j < m; j++) this.wHat[j] = this.weight(j);
        for (let j = 0; j < m; j++) this.newtonDiag(j);
        this.newton.rebuild();
        refactored = true;
      }
      const { grad, step, kstep, tmp, wHat } = this;
      // Δ = −(K + μŴ⁻¹)⁻¹Ŵ⁻¹G
      for (let j = 0; j < m; j++) tmp[j] = grad[j] / wHat[j];
      this.newton.times(tmp, step);
      // KΔ without a product by K: with M = K + D (D = μŴ⁻¹, the inverse's own diagonal) and Δ = −M⁻¹Ŵ⁻¹G,
      // KΔ = MΔ − DΔ = −Ŵ⁻¹G − DΔ, O(m) instead of O(m²). M⁻¹ is kept by updates, so this KΔ is K·Δ up to their
      // rounding; f = Ka, advanced by these steps, is recomputed every F_REFRESH_EVERY fits.
      const dNewton = this.newton.diagonals;
      for (let j = 0; j < m; j++) {
        step[j] = -step[j];
        kstep[j] = -tmp[j] - dNewton[j] * step[j];
      }
      // ∇J = K·G, so the slope of J along Δ is Gᵀ(KΔ).
      let slope = dot(grad, kstep, m);
      if (!(slope < 0)) {
        // Rounding (a nearly singular K) can spoil the Newton direction; −G is always downhill for J.
        for (let j = 0; j < m; j++) step[j] = -grad[j];
        symMatVecUpper(this.post.gram.matrix, this.post.gram.stride, step, kstep, m);
        slope = dot(grad, kstep, m);
        if (!(slope < 0)) return;
      }
      const t = this.lineSearch(slope);
      const { a, f } = this;
      for (let j = 0; j < m; j++) {
        a[j] += t * step[j];
        f[j] += t * kstep[j];
      }
      // The line search last evaluated σ at f + α·KΔ, bit for bit the new f when α = t.
      if (t === this.trialAlpha) {
        this.sig.set(this.line.sig.subarray(0, m));
        this.slope.set(this.line.slope.subarray(0, m));
      } else this.sigmaFresh = false;
      gNorm = this.computeGradient();
      if (gNorm <= tol) return;
    }
  }

  /** f(x) = Σ_j a_j k(x_j, x): at a support point x_j, the f_j = (K_u a)_j that fit() keeps (O(1)). */
  logit(x: Float64Array): number {
    const j = this.post.find(x);
    if (j >= 0) return this.f[j];
    const k = this.post.gram.kernelVector(x);
    return dot(k, this.a, k.length);
  }

  /** β^{-1/2}·√(k(x,x) − k_xᵀ(K + βI)⁻¹k_x) over the ungrouped data. */
  width(x: Float64Array): number {
    return this.post.width(x);
  }

  /** G = μa + r(f) into `grad`; returns ‖G‖. */
  private computeGradient(): number {
    const m = this.post.size;
    if (!this.sigmaFresh) {
      for (let j = 0; j < m; j++) logisticAt(this.f[j], this.sig, this.slope, j);
      this.sigmaFresh = true;
    }
    // The arrays are read once, outside the loop that every Newton step runs over all the points.
    const [counts, sums] = this.post.countsAndSums;
    const { sig, a, grad, mu } = this;
    let s = 0;
    for (let j = 0; j < m; j++) {
      const r = counts[j] * sig[j] - sums[j];
      const g = mu * a[j] + r;
      grad[j] = g;
      s += g * g;
    }
    return Math.sqrt(s);
  }

  /**
   * α minimising J(a + αΔ) (Δ = step, KΔ = kstep, J'(0) = slope < 0) to |J'(α)| ≤ LINE_TOL·|J'(0)|:
   * safeguarded Newton from α = 1 on the convex 1-D function, bisecting when Newton leaves the bracket.
   */
  private lineSearch(slope: number): number {
    const m = this.post.size;
    const { f, step, kstep, line } = this;
    const fStep = dot(step, f, m); // ΔᵀKa
    const stepKStep = dot(step, kstep, m); // ΔᵀKΔ ≥ 0
    const target = LINE_TOL * Math.abs(slope);
    const [counts, sums] = this.post.countsAndSums;
    line.load(m, f, kstep, counts, sums);
    let lo = 0;
    let hi = Infinity;
    let alpha = 1;
    for (let k = 0; k < LINE_ITERS; k++) {
      // J'(α) and J''(α): the penalty's parts here, the data's from one exponential per point (LogisticLine).
      const d1 = this.mu * (fStep + alpha * stepKStep) + line.at(alpha);
      const d2 = this.mu * stepKStep + line.curvature;
      this.trialAlpha = alpha;
      if (Math.abs(d1) <= target) return alpha;
      if (d1 < 0) lo = alpha;
      else hi = alpha;
      let next = alpha - d1 / d2;
      if (!(next > lo && next < hi)) next = hi === Infinity ? 2 * alpha : 0.5 * (lo + hi);
      if (next === alpha) return alpha;
      alpha = next;
    }
    return lo > 0 ? lo : alpha;
  }

  /**
   * Folds current weights n_jσ'(f_j) into the Newton inverse: all that changed when `budget` ≥ m, else
   * the `budget` with the largest relative drift above LARGE_DRIFT.
   */
  private refreshWeights(budget: number): void {
    const m = this.post.size;
    if (budget >= m) {
      for (let j = 0; j < m; j++) {
        const w = this.weight(j);
        if (w !== this.wHat[j]) {
          this.wHat[j] = w;
          this.newtonDiag(j);
        }
      }
      return;
    }
    const picked: number[] = [];
    const drift: number[] = [];
    for (let j = 0; j < m; j++) {
      const w = this.weight(j);
      const rel = Math.abs(w - this.wHat[j]) / Math.max(w, this.wHat[j]);
      if (!(rel > LARGE_DRIFT)) continue;
      if (picked.length === budget && rel <= drift[budget - 1]) continue;
      let k = picked.length === budget ? budget - 1 : picked.length;
      if (picked.length < budget) {
        picked.push(j);
        drift.push(rel);
      }
      while (k > 0 && drift[k - 1] < rel) {
        drift[k] = drift[k - 1];
        picked[k] = picked[k - 1];
        k--;
      }
      drift[k] = rel;
      picked[k] = j;
    }
    for (const j of picked) {
      this.wHat[j] = this.weight(j);
      this.newtonDiag(j);
    }
  }

  private newtonDiag(j: number): void {
    this.newton.setDiagonal(j, this.mu / this.wHat[j]);
  }

  /**
   * n_jσ'(f_j) at the current f (σ' fresh), floored so that μ/ŵ stays finite where σ' underflows (the step then
   * leaves a_j to −G/μ).
   */
  private weight(j: number): number {
    const n = this.post.countOf(j);
    return Math.max(n * this.slope[j], n * 1e-12);
  }

  private grow(cap: number): void {
    const g = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    this.a = g(this.a);
    this.f = g(this.f);
    this.wHat = g(this.wHat);
    this.sig = g(this.sig);
    this.slope = g(this.slope);
    this.grad = new Float64Array(cap);
    this.step = new Float64Array(cap);
    this.kstep = new Float64Array(cap);
    this.tmp = new Float64Array(cap);
  }
}

/** ‖G‖ ≤ TOL·(1 + n). */
const TOL = 1e-9;
/** Up to this many support points every step is an exact Newton step. */
const EXACT_M = 64;
const CORRECTIONS_LARGE = 8;
const LARGE_DRIFT = 0.1;
const STALL_ITERS = 12;
const MAX_ITERS = 60;
const LINE_TOL = 1e-3;
const LINE_ITERS = 30;
const F_REFRESH_EVERY = 32;

/**
 * σ(z) and σ'(z) into sig[j] and slope[j] from one exp: e = e^{−|z|} gives σ = 1/(1 + e) for z ≥ 0 and e/(1 + e)
 * below, and σ' = e/(1 + e)², the same operations, bit for bit, as linalg's sigmoid and sigmoidSlope.
 */
function logisticAt(z: number, sig: Float64Array, slope: Float64Array, j: number): void {
  const e = Math.exp(-Math.abs(z));
  const d = 1 + e;
  sig[j] = z >= 0 ? 1 / d : e / d;
  slope[j] = e / (d * d);
}
