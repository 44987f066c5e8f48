import type { WasmArena } from './wasm/arena';

/**
 * The trial points of a logistic line search in WebAssembly SIMD (wasm/kernels.wat, `logisticline`): along a
 * direction that moves margin j by u_j per unit step, each trial α needs σ and σ' at z_j + α·u_j for every point
 * and the data's parts of φ'(α) and φ''(α),
 *   Σ_j (c_jσ_j − s_j)·u_j   and   Σ_j c_jσ'_j·u_j²
 * (c_j trials and s_j successes at point j). That is one exponential per point and trial, the estimators' hottest
 * loop: the kernel evaluates two points per instruction, 2.9–3.9× the speed of the JS loop it replaced in
 * the engine bench (docs/BENCHMARKS.md). Both logistic estimators use it: LogisticArm (PromptWise) over its distinct contexts,
 * KernelLogisticArm (PromptWise-KLR) over its support points.
 *
 * `load` copies the points in (O(m) against the O(m) exponentials of each trial point), `at` evaluates one α, and
 * `sig`/`slope` hold σ and σ' at the last α evaluated. `commit` moves the margins to that α and derives the
 * residuals c_jσ_j − s_j and weights c_jσ'_j there (`logisticcommit`): the JS loop over eight typed arrays it
 * replaced took 12–13 ns per point in the engine bench, the kernel with the arm's three copies out 3.5–4. Views on
 * the arena are made again whenever it has grown.
 */
export class LogisticLine {
  private readonly arena: WasmArena;
  private cap = 0;
  /** Byte offsets of z, u, c, s, σ, σ', c·σ − s, c·σ' (cap each, in that order: REGIONS) and the kernel's two sums. */
  private at0 = 0;
  private outAt: number;
  private generation = -1;
  private views: Float64Array[] = [];
  private out!: Float64Array;
  private m = 0;
  /** Σ c_jσ'_j·u_j² at the last α evaluated. */
  curvature = 0;

  constructor(arena: WasmArena) {
    this.arena = arena;
    this.outAt = arena.alloc(16);
    this.reserve(16);
  }

  /** Copies in m points: margins z, their change per unit step u, trials c and successes s. */
  load(m: number, z: Float64Array, u: Float64Array, c: Float64Array, s: Float64Array): void {
    this.reserve(m + 1);
    const [zv, uv, cv, sv] = this.viewsNow();
    zv.set(z.subarray(0, m));
    uv.set(u.subarray(0, m));
    cv.set(c.subarray(0, m));
    sv.set(s.subarray(0, m));
    // The kernel works in pairs: the entry past an odd m adds nothing when its u, c and s are zero.
    zv[m] = 0;
    uv[m] = 0;
    cv[m] = 0;
    sv[m] = 0;
    this.m = m;
  }

  /** Evaluates α: returns Σ_j (c_jσ_j − s_j)·u_j and leaves Σ_j c_jσ'_j·u_j² in `curvature`, σ and σ' in sig, slope. */
  at(alpha: number): number {
    this.viewsNow();
    const b = 8 * this.cap;
    const z = this.at0;
    this.arena.kernels.logisticline(this.m, alpha, z, z + b, z + 2 * b, z + 3 * b, z + 4 * b, z + 5 * b, this.outAt);
    this.curvature = this.out[1];
    return this.out[0];
  }

  /**
   * After evaluating α last: z_j += α·u_j, and the residuals c_jσ_j − s_j and weights c_jσ'_j at those margins (read
   * them from `margins`, `residuals` and `weights`).
   */
  commit(alpha: number): void {
    this.viewsNow();
    const b = 8 * this.cap;
    const z = this.at0;
    this.arena.kernels.logisticcommit(this.m, alpha, z, z + b, z + 2 * b, z + 3 * b, z + 4 * b, z + 5 * b, z + 6 * b, z + 7 * b);
  }

  /** The margins z_j (as loaded, or moved by `commit`; a view: read it before the next load). */
  get margins(): Float64Array {
    return this.viewsNow()[0];
  }

  /** c_jσ_j − s_j as of the last `commit` (a view, as `margins`). */
  get residuals(): Float64Array {
    return this.viewsNow()[6];
  }

  /** c_jσ'_j as of the last `commit` (a view, as `margins`). */
  get weights(): Float64Array {
    return this.viewsNow()[7];
  }

  /** σ(z_j + α·u_j) at the last α evaluated (a view: read it before the next load). */
  get sig(): Float64Array {
    return this.viewsNow()[4];
  }

  /** σ'(z_j + α·u_j) at the last α evaluated (a view, as `sig`). */
  get slope(): Float64Array {
    return this.viewsNow()[5];
  }

  /** Room for n points, rounded up to even (the kernel's pairs); a larger region moves to a fresh allocation. */
  private reserve(n: number): void {
    if (n <= this.cap) return;
    let cap = Math.max(16, this.cap);
    while (cap < n) cap *= 2;
    this.at0 = this.arena.alloc(8 * REGIONS * cap);
    this.cap = cap;
    this.generation = -1;
  }

  private viewsNow(): Float64Array[] {
    if (this.generation !== this.arena.generation) {
      const buffer = this.arena.buffer;
      this.views = Array.from({ length: REGIONS }, (_, i) => new Float64Array(buffer, this.at0 + 8 * this.cap * i, this.cap));
      this.out = new Float64Array(buffer, this.outAt, 2);
      this.generation = this.arena.generation;
    }
    return this.views;
  }
}

/** z, u, c, s, σ, σ', c·σ − s, c·σ': the per-point arrays of a line, each of `cap` entries. */
const REGIONS = 8;
