import { ContextIndex } from './contextIndex';
import { ContextRows } from './contextRows';
import type { Kernel } from './kernel';
import { dot, mirrorUpper, sameVector, spdInvertInPlace } from './linalg';
import { SymmetricMatrix } from './symmetricMatrix';
import type { WasmArena } from './wasm/arena';

/**
 * From this many support points a new context's Gram column takes its distances in WebAssembly. A guess, not
 * measured: below it the copies in and out weigh against a handful of distances; either path gives the same values.
 */
const SIMD_MIN_POINTS = 8;

/**
 * Shared machinery of the kernel estimators (PAK-UCB kernel ridge and PromptWise-KLR).
 *
 * Both see n observations on m ≤ n distinct contexts. Grouping repeats is exact: with P the n×m indicator
 * of which support point each observation sits on, K = P·K_u·Pᵀ and PᵀP = N = diag(n_j), and the
 * push-through identity Pᵀ(P K_u Pᵀ + βI)⁻¹P = (K_u + β N⁻¹)⁻¹ turns every formula on the n×n matrix
 * K + βI into one on the m×m matrix A = K_u + β·diag(1/n_j): a point seen n_j times acts as one point
 * with noise β/n_j. So the matrices stay m×m (5×5 for one-hot categories) however many pulls there are.
 */

/**
 * The most distinct support points one kernel arm keeps. Beyond it, a context that is not a support point is pooled
 * with its nearest one (the largest k(x_j, x)): its observation counts there, as a repeat would. Every update is
 * O(m²) in the number m of support points, so without a bound a kernel learner on continuous contexts slows down
 * as its data grows (PromptWise-KLR on `logistic` d = 64, T = 1000: m ≈ 500 per arm, 1.8 s a trial); with it the
 * cost per pull stays O(256²). Categorical worlds, datasets with task one-hot features and replays of up to 256
 * distinct prompts never reach it. Measured on `logistic` d = 64 × 20 trials: utility 0.8801 ± 0.0088 against
 * 0.8805 ± 0.0084 uncapped, 4.7 s against 36.7 s (docs/ENGINE.md, reading 13).
 */
export const KERNEL_SUPPORT_CAP = 256;

/** Gram matrix K_ij = k(x_i, x_j) of a growing set of distinct support points (upper triangle stored). */
export class KernelGram {
  readonly kernel: Kernel;
  private readonly index = new ContextIndex();
  private cap = 8;
  private kmat: Float64Array = new Float64Array(8 * 8);

  // k(x_j, x) for the last x asked about, over the first `cacheM` points: estimators ask for the same
  // context's mean and width, for every arm, before each pull, and then add it.
  private cacheX: Float64Array | null = null;
  private cacheK: Float64Array = new Float64Array(8);
  private cacheM = 0;
  private cacheSelf = 0;

  /**
   * The support points again, contiguous in a WebAssembly arena, when the kernel is an RBF one and an arena was
   * given: a new context's Gram column is then exp(rbfScale·‖x_j − x‖²) with the squared distances taken in SIMD
   * (ContextRows.squaredDistances), the same values bit for bit as the kernel's own loop, about 3× sooner.
   */
  private rows: ContextRows | null = null;
  /** Where `rows` goes (made with the first point, whose length it takes); null: the kernel's own loop only. */
  private readonly arena: WasmArena | null;
  private dist: Float64Array = new Float64Array(8);

  constructor(kernel: Kernel, arena?: WasmArena) {
    this.kernel = kernel;
    this.arena = arena && kernel.rbfScale !== undefined ? arena : null;
  }

  /** Number m of distinct support points. */
  get size(): number {
    return this.index.size;
  }

  /** Row stride of `matrix`. */
  get stride(): number {
    return this.cap;
  }

  /** K_u, upper triangle (j ≥ i) valid, row stride `stride`. A live view: do not write to it. */
  get matrix(): Float64Array {
    return this.kmat;
  }

  /** Index of the support point equal to x, or −1. */
  find(x: Float64Array): number {
    return this.index.find(x);
  }

  /** k(x_j, x) for j < m. The view is valid until the next call on this object. */
  kernelVector(x: Float64Array): Float64Array {
    const m = this.index.size;
    if (this.cacheX === null || !sameVector(this.cacheX, x)) {
      this.cacheX = Float64Array.from(x);
      this.cacheM = 0;
      this.cacheSelf = this.kernel(x, x);
    }
    if (this.cacheK.length < m) {
      const grown = new Float64Array(Math.max(m, 2 * this.cacheK.length));
      grown.set(this.cacheK.subarray(0, this.cacheM));
      this.cacheK = grown;
    }
    const rows = this.rows;
    const scale = this.kernel.rbfScale;
    if (rows !== null && scale !== undefined && this.cacheM === 0 && m >= SIMD_MIN_POINTS) {
      if (this.dist.length < m) this.dist = new Float64Array(this.cacheK.length);
      rows.squaredDistances(m, x, this.dist);
      for (let j = 0; j < m; j++) this.cacheK[j] = Math.exp(scale * this.dist[j]);
    } else {
      for (let j = this.cacheM; j < m; j++) this.cacheK[j] = this.kernel(this.index.point(j), x);
    }
    this.cacheM = m;
    return this.cacheK.subarray(0, m);
  }

  /** k(x, x). */
  selfKernel(x: Float64Array): number {
    this.kernelVector(x);
    return this.cacheSelf;
  }

  /** Adds x, which must not be a support point yet, as point m; returns m. */
  add(x: Float64Array): number {
    const b = this.kernelVector(x);
    const kxx = this.cacheSelf;
    const m = this.index.size;
    if (m === this.cap) this.grow();
    const s = this.cap;
    for (let i = 0; i < m; i++) this.kmat[i * s + m] = b[i];
    this.kmat[m * s + m] = kxx;
    this.index.insert(x);
    if (this.arena !== null) {
      this.rows ??= new ContextRows(x.length, 8, this.arena);
      if (this.rows.dim !== x.length) throw new Error(`KernelGram: context of length ${x.length}, expected ${this.rows.dim}`);
      if (m === this.rows.capacity) this.rows.grow(2 * m);
      this.rows.data.set(x, m * x.length);
    }
    return m;
  }

  private grow(): void {
    const old = this.cap;
    const cap = 2 * old;
    const k = new Float64Array(cap * cap);
    for (let i = 0; i < old; i++) k.set(this.kmat.subarray(i * old, i * old + old), i * cap);
    this.kmat = k;
    this.cap = cap;
  }
}

/**
 * M⁻¹ for M = K_u + D with D diagonal, over a KernelGram's support points, kept current without
 * refactoring: a new point borders M (block inverse with the Schur complement s = k(x,x) + d − bᵀM⁻¹b,
 * O(m²)), and a change of one D_jj is a rank-one Sherman–Morrison update (O(m²)). Upper triangle stored.
 */
export class RegularisedInverse {
  private readonly gram: KernelGram;
  /** M⁻¹, upper triangle, row stride = its capacity; the O(m²) products and updates run in WebAssembly SIMD. */
  private readonly inv: SymmetricMatrix;
  private diag: Float64Array = new Float64Array(8);
  private m = 0;
  private readonly scratch: Float64Array[] = [new Float64Array(8)];

  constructor(gram: KernelGram, arena: WasmArena) {
    this.gram = gram;
    this.inv = new SymmetricMatrix(8, arena);
  }

  get size(): number {
    return this.m;
  }

  /** D_jj for j < size (a live view, valid until the next append: do not write to it). */
  get diagonals(): Float64Array {
    return this.diag;
  }

  /** (M⁻¹)_jj. */
  inverseDiagonal(j: number): number {
    return this.inv.data[j * this.inv.stride + j];
  }

  /**
   * Takes in the gram's next support point (index `size`), whose kernel column over the earlier points
   * is b and whose own kernel value is kxx, with regulariser dNew.
   */
  append(b: Float64Array, kxx: number, dNew: number): void {
    const m = this.m;
    if (m === this.inv.stride) this.grow();
    const u = this.scratchOf(m);
    this.inv.times(b, u, m);
    const schur = kxx + dNew - dot(b, u, m);
    this.diag[m] = dNew;
    this.m = m + 1;
    // M ⪰ D ≻ 0 makes the Schur complement ≥ dNew; far below that, rounding has taken over.
    if (!(schur > 1e-9 * dNew)) {
      this.rebuild();
      return;
    }
    // [M b; bᵀ c]⁻¹ = [M⁻¹ + uuᵀ/s, −u/s; −uᵀ/s, 1/s] with u = M⁻¹b.
    this.inv.rankOneSub(-1 / schur, u, m);
    const { data, stride: s } = this.inv;
    for (let i = 0; i < m; i++) data[i * s + m] = -u[i] / schur;
    data[m * s + m] = 1 / schur;
  }

  /** Sets D_jj = dNew. */
  setDiagonal(j: number, dNew: number): void {
    const c = dNew - this.diag[j];
    if (c === 0) return;
    const m = this.m;
    const { data, stride: s } = this.inv;
    const col = this.scratchOf(m);
    for (let i = 0; i < m; i++) col[i] = i <= j ? data[i * s + j] : data[j * s + i];
    const den = 1 + c * col[j];
    this.diag[j] = dNew;
    // den = 1 + c·(M⁻¹)_jj ≥ D_jj,new / D_jj,old > 0 in exact arithmetic; near zero, refactor instead.
    if (!(den > 1e-9) || !Number.isFinite(c / den)) {
      this.rebuild();
      return;
    }
    this.inv.rankOneSub(c / den, col, m);
  }

  /** out = M⁻¹v (length m). */
  times(v: Float64Array, out: Float64Array): void {
    this.inv.times(v, out, this.m);
  }

  /** times() on vectors in the same arena, by byte offset (SymmetricMatrix.timesAt): no copies. */
  timesAt(vAt: number, outAt: number): void {
    this.inv.timesAt(vAt, outAt, this.m);
  }

  /** vᵀM⁻¹v. */
  quadForm(v: Float64Array): number {
    const t = this.scratchOf(this.m);
    this.times(v, t);
    return dot(v, t, this.m);
  }

  /** M⁻¹ from scratch (O(m³)): after rounding trouble in an update. */
  rebuild(): void {
    const m = this.m;
    const { data, stride: s } = this.inv;
    const k = this.gram.matrix;
    const ks = this.gram.stride;
    for (let i = 0; i < m; i++) {
      for (let j = i; j < m; j++) data[i * s + j] = k[i * ks + j];
      data[i * s + i] += this.diag[i];
    }
    mirrorUpper(data, s, m);
    if (!spdInvertInPlace(data, s, m)) {
      throw new Error('RegularisedInverse: K + D is not positive definite (is the kernel positive definite?)');
    }
  }

  private scratchOf(n: number): Float64Array {
    if (this.scratch[0].length < n) this.scratch[0] = new Float64Array(Math.max(n, 2 * this.scratch[0].length));
    return this.scratch[0];
  }

  private grow(): void {
    const cap = 2 * this.inv.stride;
    this.inv.grow(cap);
    const diag = new Float64Array(cap);
    diag.set(this.diag);
    this.diag = diag;
  }
}

/**
 * The grouped kernel-ridge posterior both kernel arms share: support points with counts n_j and success
 * sums s_j, and A⁻¹ = (K_u + β·diag(1/n_j))⁻¹, which equals the ungrouped (K + βI)⁻¹ in every formula
 * (see the top of this file).
 */
export class KernelPosterior {
  readonly gram: KernelGram;
  readonly beta: number;
  private readonly ainv: RegularisedInverse;
  private counts: Float64Array = new Float64Array(8);
  private sums: Float64Array = new Float64Array(8);
  private total = 0;
  private version = 0;

  private varX: Float64Array | null = null;
  private varVersion = -1;
  private varValue = 0;

  constructor(kernel: Kernel, beta: number, arena: WasmArena) {
    if (!(beta > 0)) throw new Error(`kernel estimator: beta must be positive, got ${beta}`);
    this.gram = new KernelGram(kernel, arena);
    this.beta = beta;
    this.ainv = new RegularisedInverse(this.gram, arena);
  }

  /** Observations recorded. */
  get count(): number {
    return this.total;
  }

  /** Distinct support points m. */
  get size(): number {
    return this.gram.size;
  }

  /** n_j. */
  countOf(j: number): number {
    return this.counts[j];
  }

  /** Σ y over the observations at point j. */
  sumOf(j: number): number {
    return this.sums[j];
  }

  /** n_j for j < size, and s_j (live views, valid until the next observe: do not write to them). */
  get countsAndSums(): [Float64Array, Float64Array] {
    return [this.counts, this.sums];
  }

  /** Index of the support point equal to x, or −1. */
  find(x: Float64Array): number {
    return this.gram.find(x);
  }

  /**
   * Records (x, y); returns the support point it landed on and whether that point is new. Past KERNEL_SUPPORT_CAP
   * points, a new context lands on its nearest support point.
   */
  observe(x: Float64Array, y: number): { index: number; isNew: boolean } {
    let j = this.gram.find(x);
    if (j < 0 && this.gram.size >= KERNEL_SUPPORT_CAP) j = this.nearest(x);
    const isNew = j < 0;
    if (isNew) {
      const b = this.gram.kernelVector(x);
      const kxx = this.gram.selfKernel(x);
      j = this.gram.size;
      if (j === this.counts.length) {
        this.counts = growTo(this.counts, 2 * j);
        this.sums = growTo(this.sums, 2 * j);
      }
      // The gram takes the point first (a refactorisation inside append reads it); `b` stays valid
      // because add() only reads the cache it views.
      this.gram.add(x);
      this.ainv.append(b, kxx, this.beta);
      this.counts[j] = 1;
      this.sums[j] = y;
    } else {
      this.counts[j] += 1;
      this.sums[j] += y;
      this.ainv.setDiagonal(j, this.beta / this.counts[j]);
    }
    this.total++;
    this.version++;
    return { index: j, isNew };
  }

  /** The support point with the largest k(x_j, x): for an RBF kernel, the nearest. */
  private nearest(x: Float64Array): number {
    const k = this.gram.kernelVector(x);
    let best = 0;
    for (let j = 1; j < k.length; j++) if (k[j] > k[best]) best = j;
    return best;
  }

  /** out = A⁻¹v over the support points. */
  solve(v: Float64Array, out: Float64Array): void {
    this.ainv.times(v, out);
  }

  /**
   * Posterior variance k(x,x) − k_xᵀ(K + βI)⁻¹k_x of the ungrouped data, = k(x,x) − k_uᵀA⁻¹k_u, clipped at 0.
   *
   * At a support point x_j, k_u = K_u·e_j, and with D = β·diag(1/n_j) = A − K_u the quadratic form collapses:
   * K_uA⁻¹K_u = A − 2D + DA⁻¹D, so the variance is D_jj·(1 − D_jj·(A⁻¹)_jj), O(1) instead of O(m²). That is
   * the case of every pull after the first on a replayed dataset or a categorical world, and the product is
   * also the more accurate form: the subtraction k(x,x) − k_uᵀA⁻¹k_u cancels to a few digits for a heavily
   * repeated point (it can even come out a hair below 0), where 1 − D_jj(A⁻¹)_jj ≈ K_jj/(K_jj + D_jj) does not.
   */
  variance(x: Float64Array): number {
    const j = this.gram.find(x);
    if (j >= 0) {
      const dj = this.beta / this.counts[j];
      return Math.max(0, dj * (1 - dj * this.ainv.inverseDiagonal(j)));
    }
    if (this.varVersion === this.version && this.varX !== null && sameVector(this.varX, x)) {
      return this.varValue;
    }
    const k = this.gram.kernelVector(x);
    const v = this.gram.selfKernel(x) - (k.length === 0 ? 0 : this.ainv.quadForm(k));
    this.varX = Float64Array.from(x);
    this.varVersion = this.version;
    this.varValue = Math.max(0, v);
    return this.varValue;
  }

  /** β^{-1/2}·√(k(x,x) − k_xᵀ(K + βI)⁻¹k_x): the exploration width of PAK-UCB and PromptWise-KLR. */
  width(x: Float64Array): number {
    return Math.sqrt(this.variance(x) / this.beta);
  }
}

function growTo(a: Float64Array, cap: number): Float64Array {
  const b = new Float64Array(cap);
  b.set(a);
  return b;
}
