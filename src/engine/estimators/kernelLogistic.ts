import type { Kernel } from './kernel';
import { KernelPosterior, RegularisedInverse } from './kernelGram';
import { dot, symMatVecUpper } from './linalg';
import { LogisticLine } from './logisticLine';
import { WasmArena } from './wasm/arena';
import { ArenaVectors } from './wasm/arenaVectors';

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
 * rises. The per-point vectors (a, f = K_u a, ŵ, the gradient, the step and its K-image, σ and σ') live in the
 * WebAssembly arena, and a step's O(m) loops run there (kernels `klrprecond`, `klrstep`, `klradvance`,
 * `klrgradient`: the JS loops' operations in the same order, so the same bits) beside its O(m²) product by the
 * Newton inverse, with no copies between them: as JS loops over nine typed arrays they were a sixth of a
 * PromptWise-KLR run on the HumanEval replay by profile (the engine bench: the kernels 5.5–5.8× those loops at 164 points).
 * Trade-off by size:
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
  private readonly kernels: WasmArena['kernels'];
  /**
   * Per support point, in the arena (indices below): a; f = K_u a; ŵ; the gradient G; the step Δ, KΔ and Ŵ⁻¹G;
   * σ(f_j) and σ'(f_j) at the current f when `sigmaFresh` (the gradient, the weights and the line search all need
   * them, and the line search's last trial point is the next f, so each Newton step costs about one exp per point
   * and trial point instead of four); copies of the Newton inverse's diagonal and of the posterior's n_j and s_j
   * for the kernels; and the three sums of `klrstep` at the head of OUT. Views detach when the arena grows: read
   * them through `vec.views()` after anything that may allocate.
   */
  private readonly vec: ArenaVectors;
  private sigmaFresh = false;
  /** The line search's trial points in WebAssembly SIMD, on `vec` in place (σ and σ' land in SIG and SL). */
  private readonly line: LogisticLine;
  /** The α of the line search's last trial point, whose σ and σ' SIG and SL hold after the search. */
  private trialAlpha = Number.NaN;
  private fitsSinceRefresh = 0;

  /** @param arena where its inverses live in the thread’s WebAssembly memory: one per policy (see WasmArena). */
  constructor(kernel: Kernel, beta: number, arena: WasmArena = new WasmArena()) {
    this.post = new KernelPosterior(kernel, beta, arena);
    this.mu = 2 * beta;
    this.newton = new RegularisedInverse(this.post.gram, arena);
    this.kernels = arena.kernels;
    this.vec = new ArenaVectors(arena, OUT + 1);
    // The line search runs on the arm's vectors in place: margins f, their change KΔ per unit step, n_j and s_j
    // (the copies the gradient made, current since the last add), σ and σ' into the arm's own, the sums into OUT.
    this.line = new LogisticLine(arena, this.vec, { z: F, u: KS, c: C, s: S, sig: SIG, slope: SL, out: OUT });
  }

  /** Observations added. */
  get count(): number {
    return this.post.count;
  }

  add(x: Float64Array, y: 0 | 1): void {
    const { index: j, isNew } = this.post.observe(x, y);
    if (!isNew) return; // a repeat changes n_j, s_j: the fit reads them from the posterior
    this.vec.reserve(j + 2); // and the pad past it, which the line search reads as zero (LogisticLine)
    const kv = this.post.gram.kernelVector(x); // j + 1 entries; the last is k(x, x)
    const v = this.vec.views();
    const fj = dot(v[A], kv, j);
    v[A][j] = 0;
    v[F][j] = fj;
    logisticAt(fj, v[SIG], v[SL], j);
    const w = weightOf(this.post.countOf(j), v[SL][j]);
    v[WH][j] = w;
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
      const v = this.vec.views();
      symMatVecUpper(this.post.gram.matrix, this.post.gram.stride, v[A], v[F], m);
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
        const v = this.vec.views();
        const wHat = v[WH];
        const slope = v[SL];
        const [counts] = this.post.countsAndSums;
        for (let j = 0; j < m; j++) wHat[j] = weightOf(counts[j], slope[j]);
        for (let j = 0; j < m; j++) this.newton.setDiagonal(j, this.mu / wHat[j]);
        this.newton.rebuild();
        refactored = true;
      }
      const { kernels: k, vec } = this;
      // Δ = −(K + μŴ⁻¹)⁻¹Ŵ⁻¹G
      k.klrprecond(m, vec.offset(G), vec.offset(WH), vec.offset(TMP));
      this.newton.timesAt(vec.offset(TMP), vec.offset(ST));
      // KΔ without a product by K: with M = K + D (D = μŴ⁻¹, the inverse's own diagonal) and Δ = −M⁻¹Ŵ⁻¹G,
      // KΔ = MΔ − DΔ = −Ŵ⁻¹G − DΔ, O(m) instead of O(m²). M⁻¹ is kept by updates, so this KΔ is K·Δ up to their
      // rounding; f = Ka, advanced by these steps, is recomputed every F_REFRESH_EVERY fits. ∇J = K·G, so the
      // slope of J along Δ is Gᵀ(KΔ); the line search's ΔᵀKa and ΔᵀKΔ come with it.
      const v = vec.views();
      v[D].set(this.newton.diagonals.subarray(0, m));
      k.klrstep(m, vec.offset(ST), vec.offset(TMP), vec.offset(D), vec.offset(KS), vec.offset(G), vec.offset(F), vec.offset(OUT));
      const sums = v[OUT];
      let slope = sums[0];
      let fStep = sums[1];
      let stepKStep = sums[2];
      if (!(slope < 0)) {
        // Rounding (a nearly singular K) can spoil the Newton direction; −G is always downhill for J.
        const grad = v[G];
        const step = v[ST];
        const kstep = v[KS];
        const f = v[F];
        for (let j = 0; j < m; j++) step[j] = -grad[j];
        symMatVecUpper(this.post.gram.matrix, this.post.gram.stride, step, kstep, m);
        slope = dot(grad, kstep, m);
        if (!(slope < 0)) return;
        fStep = dot(step, f, m);
        stepKStep = dot(step, kstep, m);
      }
      const t = this.lineSearch(slope, fStep, stepKStep);
      k.klradvance(m, t, vec.offset(A), vec.offset(ST), vec.offset(F), vec.offset(KS));
      // The line search left σ at f + α·KΔ (α its last trial point) in SIG and SL: bit for bit σ at the new f when
      // α = t, otherwise stale.
      this.sigmaFresh = t === this.trialAlpha;
      gNorm = this.computeGradient();
      if (gNorm <= tol) return;
    }
  }

  /** f(x) = Σ_j a_j k(x_j, x): at a support point x_j, the f_j = (K_u a)_j that fit() keeps (O(1)). */
  logit(x: Float64Array): number {
    const j = this.post.find(x);
    if (j >= 0) return this.vec.views()[F][j];
    const k = this.post.gram.kernelVector(x);
    return dot(k, this.vec.views()[A], k.length);
  }

  /** β^{-1/2}·√(k(x,x) − k_xᵀ(K + βI)⁻¹k_x) over the ungrouped data. */
  width(x: Float64Array): number {
    return this.post.width(x);
  }

  /** G = μa + r(f) into the gradient vector (kernel `klrgradient`); returns ‖G‖. */
  private computeGradient(): number {
    const m = this.post.size;
    const { vec } = this;
    const v = vec.views();
    if (!this.sigmaFresh) {
      const f = v[F];
      const sig = v[SIG];
      const slope = v[SL];
      for (let j = 0; j < m; j++) logisticAt(f[j], sig, slope, j);
      this.sigmaFresh = true;
    }
    const [counts, sums] = this.post.countsAndSums;
    v[C].set(counts.subarray(0, m));
    v[S].set(sums.subarray(0, m));
    return Math.sqrt(this.kernels.klrgradient(m, this.mu, vec.offset(C), vec.offset(SIG), vec.offset(S), vec.offset(A), vec.offset(G)));
  }

  /**
   * α minimising J(a + αΔ) (Δ = step, KΔ = kstep, J'(0) = slope < 0, fStep = ΔᵀKa, stepKStep = ΔᵀKΔ ≥ 0) to
   * |J'(α)| ≤ LINE_TOL·|J'(0)|: safeguarded Newton from α = 1 on the convex 1-D function, bisecting when Newton
   * leaves the bracket.
   */
  private lineSearch(slope: number, fStep: number, stepKStep: number): number {
    const m = this.post.size;
    const { line } = this;
    const target = LINE_TOL * Math.abs(slope);
    let lo = 0;
    let hi = Infinity;
    let alpha = 1;
    for (let k = 0; k < LINE_ITERS; k++) {
      // J'(α) and J''(α): the penalty's parts here, the data's from one exponential per point (LogisticLine).
      const d1 = this.mu * (fStep + alpha * stepKStep) + line.at(m, alpha);
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
    // Views read once: setDiagonal is a rank-one update of the inverse, which allocates nothing.
    const v = this.vec.views();
    const wHat = v[WH];
    const slope = v[SL];
    const [counts] = this.post.countsAndSums;
    if (budget >= m) {
      for (let j = 0; j < m; j++) {
        const w = weightOf(counts[j], slope[j]);
        if (w !== wHat[j]) {
          wHat[j] = w;
          this.newton.setDiagonal(j, this.mu / w);
        }
      }
      return;
    }
    const picked: number[] = [];
    const drift: number[] = [];
    for (let j = 0; j < m; j++) {
      const w = weightOf(counts[j], slope[j]);
      const rel = Math.abs(w - wHat[j]) / Math.max(w, wHat[j]);
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
      const w = weightOf(counts[j], slope[j]);
      wHat[j] = w;
      this.newton.setDiagonal(j, this.mu / w);
    }
  }
}

/** The arena vectors of KernelLogisticArm (`vec`), in order. */
const A = 0;
const F = 1;
const WH = 2;
const G = 3;
const ST = 4;
const KS = 5;
const TMP = 6;
const SIG = 7;
const SL = 8;
const D = 9;
const C = 10;
const S = 11;
const OUT = 12;

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
 * The Newton weight n_jσ'(f_j) of a point with n_j trials and σ'(f_j) = slope (σ' fresh), floored so that μ/ŵ stays
 * finite where σ' underflows (the step then leaves a_j to −G/μ).
 */
function weightOf(n: number, slope: number): number {
  return Math.max(n * slope, n * 1e-12);
}

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
