import { ContextIndex } from './contextIndex';
import { ContextRows } from './contextRows';
import { DriftSelection } from './driftSelection';
import { dot, dotAt, mirrorUpper, sameVector, sigmoid, sigmoidSlope, spdInvertInPlace } from './linalg';
import { LogisticLine } from './logisticLine';
import { SymmetricMatrix } from './symmetricMatrix';
import { WasmArena } from './wasm/arena';
import { ArenaVectors } from './wasm/arenaVectors';

/**
 * One arm's logistic model for PromptWise (Algorithm 1): the penalised maximum-likelihood estimate θ̂ of
 *   L(θ) = Σ_i [log(1 + e^{x_iᵀθ}) − y_i x_iᵀθ] + (ρ/2)‖θ‖²
 * (Eq. mle-1 with the ridge of docs/ENGINE.md, reading 1) and the design matrix V = ρI + Σ_i x_i x_iᵀ behind the
 * UCB width ‖x‖_{V⁻¹} (the GLM-UCB bonus of [Li et al. 2017]; see [Faury et al. 2020] on logistic bandits).
 *
 * The policy refits after every pull, so the fit is incremental:
 *
 * - The gradient g = ∇L(θ) is kept exact at the current θ. Adding (x, y) changes it by (σ(xᵀθ) − y)x only
 *   (if θ was optimal, that is the whole new gradient), so a fit starts with no pass over the data.
 * - A preconditioner H̃⁻¹ = (ρI + Σ_j ŵ_j x_j x_jᵀ)⁻¹ approximates the inverse Hessian. ŵ_j is σ'(x_jᵀθ)
 *   frozen when the point was added, folded in by a Sherman–Morrison update (O(d²)). As θ moves the
 *   true weights drift; before and during each fit the few drifts that matter most are re-folded, one
 *   rank-one update each, ranked by |σ'(x_jᵀθ) − ŵ_j|·x_jᵀH̃⁻¹x_j (how far the correction would move H̃
 *   along its own point). About n/d per fit are done, so they cost about one O(n·d) pass: beyond that,
 *   passes buy more convergence than preconditioner work does.
 * - θ moves by preconditioned nonlinear conjugate gradients (Polak–Ribière+, preconditioner H̃⁻¹) with a
 *   line search along each direction p: one pass u_j = x_jᵀp, then safeguarded 1-D Newton on
 *   φ(α) = L(θ + αp), O(n) per trial step because the margins x_jᵀθ are stored. φ is convex and the
 *   bracket keeps φ' < 0 at its left end, so L never rises: sound on separable data too, where only the
 *   ridge keeps θ̂ finite. One more pass recomputes the exact gradient for the stopping test, so an
 *   iteration is two O(n·d) passes plus one O(d²) product.
 * - If a fit runs past `STALL_ITERS` iterations, H̃⁻¹ is rebuilt at the current weights (O(n·d² + d³)).
 *
 * Repeated contexts (one-hot categories, a dataset replayed more than once) are grouped: a distinct x_j
 * seen c_j times with s_j successes contributes c_j log(1 + e^{z_j}) − s_j z_j, so passes run over the
 * distinct contexts only. V⁻¹ still counts every observation.
 *
 * Cost: the passes dominate. With n ≫ d a fit takes 2–4 iterations at the default tolerance; with n ≈ d
 * and a small ridge the fit is nearly separable, a pull moves many margins and the Hessian with them, and
 * fits take 4–8 iterations (an exact Hessian at the start of each fit would still need 3–5).
 *
 * V⁻¹ and H̃⁻¹ are symmetric; only their upper triangles are stored and read.
 */
export class LogisticArm {
  readonly dim: number;
  readonly ridge: number;
  /** fit() stops once ‖∇L‖ ≤ tolerance·(1 + n). */
  readonly tolerance: number;

  private readonly th: Float64Array;
  /** ∇L at `th` over every observation. */
  private readonly grad: Float64Array;
  /** (ρI + Σ x xᵀ)⁻¹, upper triangle (the O(d²) work runs in WebAssembly SIMD: SymmetricMatrix). */
  private readonly vinv: SymmetricMatrix;
  /** (ρI + Σ ŵ x xᵀ)⁻¹, upper triangle: the fit's preconditioner. */
  private readonly hinv: SymmetricMatrix;

  private readonly index = new ContextIndex();
  /** Distinct contexts, row j at j·d, with the fit's passes over them (WebAssembly SIMD). Its `data` is read
   * afresh in each method: an allocation in the arena (this arm's or another's) may move it. */
  private readonly rows: ContextRows;
  /**
   * Per distinct context j, in the arena (indices below), where the kernels read and write them in place: the
   * margin z_j = x_jᵀθ, u_j = x_jᵀdir for the line search, observations c_j and successes s_j, the residual
   * c_jσ(z_j) − s_j and weight c_jσ'(z_j) at the current θ, the weight ŵ_j folded into `hinv`, x_jᵀH̃⁻¹x_j as of
   * context j's last update (ranks weight corrections), σ and σ' at the line search's last trial point, and its
   * two sums at the head of OUT. Room for m + 1: the line-search kernels work in pairs, and the entry past an odd m
   * stays zero in u, c and s (no context has been stored there yet), so it adds nothing. Views detach when the
   * arena grows: read them through `vec.views()` after anything that may allocate.
   */
  private readonly vec: ArenaVectors;
  /** The line search's trial points and commit, on `vec` in place (WebAssembly SIMD). */
  private readonly line: LogisticLine;
  /** Distinct contexts m, and observations n. */
  private m = 0;
  private n = 0;

  // Scratch (length d), reused so the hot path allocates nothing.
  private readonly s: Float64Array;
  private readonly dir: Float64Array;
  private readonly sPrev: Float64Array;
  private readonly hx: Float64Array;

  // The width of the last context asked about, with V⁻¹x: the policy asks every arm's width before each
  // pull, so repeats within a prompt are free, and add() of that same x reuses V⁻¹x.
  private readonly cacheX: Float64Array;
  private readonly cacheVx: Float64Array;
  private cacheS = 0;
  private cacheValid = false;
  /** Scratch of peekWidth (allocated on first use: only traced runs call it). */
  private peekVx: Float64Array | null = null;

  // H̃⁻¹x of the single observation added since the last fit (after its own update) and its residual:
  // the first direction of the next fit is −r·H̃⁻¹x up to the old gradient (≤ the tolerance), which saves
  // an O(d²) product.
  private readonly pendingHx: Float64Array;
  private pendingRes = 0;
  private pendingCount = 0;

  /** Picks the weight corrections (WebAssembly). */
  private readonly drift: DriftSelection;

  /**
   * @param tolerance fit() stops at ‖∇L‖ ≤ tolerance·(1 + n). The default puts θ̂ at the MLE for any
   *   practical purpose (the tests hold it to that); a looser one saves passes, e.g. 1e-6 cuts fit time by
   *   about a third at d = 384.
   * @param arena where its matrices and contexts live in the thread’s WebAssembly memory: one per policy (see WasmArena).
   */
  constructor(dim: number, ridge: number, tolerance = DEFAULT_TOL, arena: WasmArena = new WasmArena()) {
    if (!(dim >= 1) || !Number.isInteger(dim)) throw new Error(`LogisticArm: bad dimension ${dim}`);
    if (!(ridge > 0)) throw new Error(`LogisticArm: ridge must be positive, got ${ridge}`);
    if (!(tolerance > 0)) throw new Error(`LogisticArm: tolerance must be positive, got ${tolerance}`);
    this.dim = dim;
    this.ridge = ridge;
    this.tolerance = tolerance;
    this.th = new Float64Array(dim);
    this.grad = new Float64Array(dim);
    this.vinv = new SymmetricMatrix(dim, arena);
    this.hinv = new SymmetricMatrix(dim, arena);
    this.vinv.setScaledIdentity(1 / ridge);
    this.hinv.setScaledIdentity(1 / ridge);
    this.rows = new ContextRows(dim, 16, arena);
    this.vec = new ArenaVectors(arena, OUT + 1);
    this.line = new LogisticLine(arena, this.vec, { z: Z, u: U, c: CNT, s: SUCC, sig: SIG, slope: SL, out: OUT });
    this.drift = new DriftSelection(arena, MAX_CORRECTIONS);
    this.s = new Float64Array(dim);
    this.dir = new Float64Array(dim);
    this.sPrev = new Float64Array(dim);
    this.hx = new Float64Array(dim);
    this.cacheX = new Float64Array(dim);
    this.cacheVx = new Float64Array(dim);
    this.pendingHx = new Float64Array(dim);
  }

  /** Number of observations added. */
  get count(): number {
    return this.n;
  }

  /** θ̂ as of the last fit() (a live view: do not write to it). */
  get theta(): Float64Array {
    return this.th;
  }

  /** xᵀθ̂. */
  logit(x: Float64Array): number {
    return dot(x, this.th, this.dim);
  }

  /** ‖x‖_{V⁻¹} = √(xᵀV⁻¹x), V = ρI + Σ x_i x_iᵀ (Algorithm 1's exploration width). */
  width(x: Float64Array): number {
    this.checkLength(x);
    this.cacheFor(x);
    return Math.sqrt(Math.max(0, this.cacheS));
  }

  /**
   * width(x) as it would be returned now, bit for bit, but leaving the cache alone: the lab's decision traces
   * read every arm's width, and a query the policy itself never made must not change what it later computes
   * (add() reuses the cached V⁻¹x, which after an add differs from a fresh product by rounding).
   */
  peekWidth(x: Float64Array): number {
    this.checkLength(x);
    const d = this.dim;
    if (this.cacheValid && sameVector(x, this.cacheX, d)) return Math.sqrt(Math.max(0, this.cacheS));
    this.peekVx ??= new Float64Array(d);
    const vx = this.peekVx;
    this.vinv.times(x, vx);
    return Math.sqrt(Math.max(0, dot(x, vx, d)));
  }

  /** Records (x, y) and updates V⁻¹ and the preconditioner; θ moves only in fit(). */
  add(x: Float64Array, y: 0 | 1): void {
    this.checkLength(x);
    const d = this.dim;

    // V⁻¹ ← V⁻¹ − (V⁻¹x)(V⁻¹x)ᵀ / (1 + xᵀV⁻¹x)   (Sherman–Morrison). Afterwards V⁻¹x shrinks by the same
    // denominator, so the cache stays valid for this x.
    this.cacheFor(x);
    const den = 1 + this.cacheS;
    this.vinv.rankOneSub(1 / den, this.cacheVx);
    const vx = this.cacheVx;
    for (let k = 0; k < d; k++) vx[k] /= den;
    this.cacheS /= den;

    let j = this.index.find(x);
    if (j < 0) {
      j = this.m;
      if (j === this.rows.capacity) this.rows.grow(2 * j);
      this.vec.reserve(j + 2); // and the pad past it (above)
      this.index.insert(x);
      this.rows.data.set(x, j * d);
      this.vec.views()[Z][j] = dot(x, this.th, d);
      this.m = j + 1;
    }
    const v = this.vec.views(); // nothing below allocates
    const zj = v[Z][j];
    const w = sigmoidSlope(zj);
    const r = sigmoid(zj) - y;
    const folded = this.hinvRankOne(w, x, 0);
    v[CNT][j] += 1;
    v[SUCC][j] += y;
    v[RES][j] += r;
    v[WNOW][j] += w;
    if (folded) {
      v[WHAT][j] += w;
      v[LEV][j] = dot(x, this.hx, d);
    }
    const g = this.grad;
    for (let k = 0; k < d; k++) g[k] += r * x[k];
    this.n++;

    this.pendingCount = folded ? this.pendingCount + 1 : 2; // 2: no usable shortcut
    if (this.pendingCount === 1) {
      this.pendingHx.set(this.hx);
      this.pendingRes = r;
    }
  }

  /**
   * Moves θ to the penalised MLE of everything added, warm-started from the current θ (scheme above).
   * `maxIterations` caps the work of this call (a policy's per-pull budget); since the gradient is kept
   * exact, whatever a capped fit leaves is the starting point of the next one, not an error that builds up.
   */
  fit(maxIterations = MAX_ITERS): void {
    const m = this.m;
    const d = this.dim;
    const usePending = this.pendingCount === 1;
    this.pendingCount = 0;
    if (m === 0) return;
    const tol = this.tolerance * (1 + this.n);
    const { grad, s, dir, sPrev, th } = this;
    if (!(Math.sqrt(dot(grad, grad, d)) > tol)) return;

    const corrected = this.correctDriftedWeights(MAX_CORRECTIONS);
    let gs = 0;
    let restart = true;
    let rebuilt = false;
    for (let iter = 0; iter < Math.min(maxIterations, MAX_ITERS); iter++) {
      if (iter >= STALL_ITERS && !rebuilt) {
        this.rebuildPreconditioner();
        rebuilt = true;
        restart = true;
      }
      if (iter === 0 && usePending && !corrected) {
        for (let k = 0; k < d; k++) s[k] = this.pendingRes * this.pendingHx[k];
      } else {
        this.hinv.times(grad, s);
      }
      // Polak–Ribière+ in the H̃⁻¹ inner product: β = gₖ₊₁ᵀH̃⁻¹(gₖ₊₁ − gₖ) / gₖᵀH̃⁻¹gₖ, clipped at 0 (restart).
      const gsNew = dot(grad, s, d);
      let beta = 0;
      if (!restart && gs > 0) beta = Math.max(0, (gsNew - dot(grad, sPrev, d)) / gs);
      for (let k = 0; k < d; k++) dir[k] = beta * dir[k] - s[k];
      let slope = dot(grad, dir, d);
      if (!(slope < 0)) {
        this.hinv.times(grad, s);
        for (let k = 0; k < d; k++) dir[k] = -s[k];
        slope = dot(grad, dir, d);
        if (!(slope < 0)) return; // H̃⁻¹ lost definiteness to rounding; nothing sensible left to do
      }
      sPrev.set(s);
      gs = dot(grad, s, d);
      restart = false;

      this.rows.dot(m, dir, this.vec.offset(U));
      const alpha = this.lineSearch(slope);
      if (!(alpha > 0)) return;
      for (let k = 0; k < d; k++) th[k] += alpha * dir[k];
      this.recomputeGradient();
      if (Math.sqrt(dot(grad, grad, d)) <= tol) return;
      // The step just taken moved the margins most for the points it aimed at (above all the new one),
      // so their weights are the likeliest to be stale now: re-fold the worst before the next direction.
      this.correctDriftedWeights(1);
    }
  }

  /**
   * Step α along `dir` (u_j = x_jᵀdir, φ'(0) = `slope` < 0) minimising φ(α) = L(θ + α·dir) to within
   * |φ'(α)| ≤ LINE_TOL·|φ'(0)|. Safeguarded Newton from α = 1 (the quasi-Newton step): the bracket
   * [lo, hi] keeps φ'(lo) < 0 < φ'(hi) and Newton steps that leave it become bisections. Leaves z, res and
   * wNow at the accepted α (LogisticLine, on the arm's own vectors in place: no copies in or out).
   */
  private lineSearch(slope: number): number {
    const m = this.m;
    const { th, dir, line } = this;
    const rho = this.ridge;
    const thDir = dot(th, dir, this.dim);
    const dirDir = dot(dir, dir, this.dim);
    const target = LINE_TOL * Math.abs(slope);
    let lo = 0;
    let hi = Infinity;
    let alpha = 1;
    for (let k = 0; k < LINE_ITERS; k++) {
      // φ'(α) and φ''(α): the ridge's parts here, the data's from one exponential per point (LogisticLine).
      const d1 = rho * (thDir + alpha * dirDir) + line.at(m, alpha);
      const d2 = rho * dirDir + line.curvature;
      if (Math.abs(d1) <= target || k === LINE_ITERS - 1) break;
      if (d1 < 0) lo = alpha;
      else hi = alpha;
      let next = alpha - d1 / d2;
      if (!(next > lo && next < hi)) next = hi === Infinity ? 2 * alpha : 0.5 * (lo + hi);
      if (next === alpha) break;
      alpha = next;
    }
    // σ, σ' describe θ + α·dir (α the last point evaluated): commit margins, residuals and weights.
    line.commit(m, alpha, RES, WNOW);
    return alpha;
  }

  /** g = ρθ + Σ res_j x_j: one O(m·d) pass (res must be current). */
  private recomputeGradient(): void {
    const d = this.dim;
    const g = this.grad;
    for (let k = 0; k < d; k++) g[k] = this.ridge * this.th[k];
    this.rows.axpy(this.m, this.vec.offset(RES), g);
  }

  /**
   * Re-folds current weights into H̃⁻¹ for the contexts whose drift matters most (score
   * |w_j − ŵ_j|·x_jᵀH̃⁻¹x_j above MIN_SCORE), at most `cap` and about m/d of them. Returns whether H̃⁻¹
   * changed.
   */
  private correctDriftedWeights(cap: number): boolean {
    const m = this.m;
    const d = this.dim;
    const budget = Math.min(cap, MAX_CORRECTIONS, Math.max(1, Math.round(m / d)));
    const { vec } = this;
    const count = this.drift.select(m, vec.offset(WNOW), vec.offset(WHAT), vec.offset(LEV), MIN_SCORE, budget);
    const v = vec.views(); // the updates below allocate nothing
    const wNow = v[WNOW];
    const wHat = v[WHAT];
    const lev = v[LEV];
    let changed = false;
    for (let k = 0; k < count; k++) {
      const j = this.drift.picked(k);
      const xs = this.rows.data;
      if (!this.hinvRankOne(wNow[j] - wHat[j], xs, j * d)) continue;
      wHat[j] = wNow[j];
      lev[j] = dotAt(xs, j * d, this.hx, 0, d);
      changed = true;
    }
    return changed;
  }

  /**
   * H̃⁻¹ ← (H̃ + c·xxᵀ)⁻¹ = H̃⁻¹ − c(H̃⁻¹x)(H̃⁻¹x)ᵀ / (1 + c·xᵀH̃⁻¹x), x = src[off, off + d). c < 0 (a
   * weight that shrank) is a downdate; H̃ stays ⪰ ρI since the new weight is ≥ 0, so the denominator is
   * positive in exact arithmetic. Leaves (H̃_new)⁻¹x in `hx`; returns false if rounding forced a skip.
   */
  private hinvRankOne(c: number, src: Float64Array, off: number): boolean {
    const d = this.dim;
    const x = off === 0 && src.length === d ? src : src.subarray(off, off + d);
    const hx = this.hx;
    this.hinv.times(x, hx);
    const den = 1 + c * dot(x, hx, d);
    if (!(den > 1e-12)) return false; // the preconditioner only steers; skipping is safe
    this.hinv.rankOneSub(c / den, hx);
    for (let k = 0; k < d; k++) hx[k] /= den;
    return true;
  }

  /** H̃⁻¹ = (ρI + Σ c_jσ'(z_j) x_j x_jᵀ)⁻¹ from scratch, with margins recomputed exactly. */
  private rebuildPreconditioner(): void {
    const m = this.m;
    const d = this.dim;
    this.rows.dot(m, this.th, this.vec.offset(Z));
    const v = this.vec.views();
    const z = v[Z];
    const cnt = v[CNT];
    const succ = v[SUCC];
    const wHat = v[WHAT];
    const wNow = v[WNOW];
    const res = v[RES];
    const lev = v[LEV];
    this.hinv.setScaledIdentity(this.ridge);
    for (let j = 0; j < m; j++) {
      const zj = z[j];
      const w = cnt[j] * sigmoidSlope(zj);
      wHat[j] = w;
      wNow[j] = w;
      res[j] = cnt[j] * sigmoid(zj) - succ[j];
      // H̃ += w·x_j x_jᵀ on the upper triangle in WebAssembly (kernel `syr` with c = −w: each entry gets
      // −((−w)·x_a)·x_b, which is +(w·x_a)·x_b exactly, and skips the rows where w·x_a = 0: the JS loop's bits).
      // As a JS loop inside this rarely called method, Chromium compiled it on stack replacement and threw that
      // code away at each exit of the inner loop (dozens of deopts per HumanEval link, the rest interpreted).
      if (w !== 0) this.hinv.rankOneSubAt(-w, this.rows.rowAt(j), d);
    }
    const h = this.hinv.data;
    mirrorUpper(h, d, d);
    if (!spdInvertInPlace(h, d, d)) {
      // Only overflow could get here (H̃ ⪰ ρI); fall back to the ridge alone.
      this.hinv.setScaledIdentity(1 / this.ridge);
    }
    const xs = this.rows.data;
    for (let j = 0; j < m; j++) {
      const x = xs.subarray(j * d, j * d + d);
      this.hinv.times(x, this.hx);
      lev[j] = dot(x, this.hx, d);
    }
    this.recomputeGradient();
  }

  /** Makes the width cache describe x (V⁻¹x and xᵀV⁻¹x), computing them unless it already does. */
  private cacheFor(x: Float64Array): void {
    const d = this.dim;
    if (this.cacheValid && sameVector(x, this.cacheX, d)) return;
    this.vinv.times(x, this.cacheVx);
    this.cacheS = dot(x, this.cacheVx, d);
    this.cacheX.set(x);
    this.cacheValid = true;
  }

  private checkLength(x: Float64Array): void {
    if (x.length !== this.dim) {
      throw new Error(`LogisticArm: context has length ${x.length}, expected ${this.dim}`);
    }
  }
}

/** Default gradient tolerance per observation: ‖∇L‖ ≤ 1e-8·(1 + n). */
const DEFAULT_TOL = 1e-8;
/** Weight corrections per fit never exceed this (each is O(d²)). */
const MAX_CORRECTIONS = 32;
/** Drifts scoring below this are left alone: their correction would move H̃ by under 1% along their point. */
const MIN_SCORE = 0.01;
const STALL_ITERS = 15;
const MAX_ITERS = 60;
/** Line search stops at |φ'(α)| ≤ LINE_TOL·|φ'(0)|: PR+ conjugacy wants a near-exact minimum. */
const LINE_TOL = 1e-4;
const LINE_ITERS = 30;

/** The arena vectors of LogisticArm (`vec`), in order. */
const Z = 0;
const U = 1;
const CNT = 2;
const SUCC = 3;
const RES = 4;
const WNOW = 5;
const WHAT = 6;
const LEV = 7;
const SIG = 8;
const SL = 9;
const OUT = 10;
