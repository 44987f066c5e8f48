import type { WasmArena } from './wasm/arena';
import { ArenaVectors } from './wasm/arenaVectors';

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
 * `sig`/`slope` hold σ and σ' at the last α evaluated. Views on the arena are made again whenever it has grown
 * (ArenaVectors). KernelLogisticArm searches through this class; LogisticArm keeps its points in arena vectors of its
 * own and runs the same kernel on them in place, with `logisticcommit` to move to the accepted α.
 */
export class LogisticLine {
  private readonly kernels: WasmArena['kernels'];
  /** z, u, c, s, σ, σ' per point, and the kernel's two sums at the head of the last (OUT). */
  private readonly vectors: ArenaVectors;
  private m = 0;
  /** Σ c_jσ'_j·u_j² at the last α evaluated. */
  curvature = 0;

  constructor(arena: WasmArena) {
    this.kernels = arena.kernels;
    this.vectors = new ArenaVectors(arena, OUT + 1);
  }

  /**
   * Room for m points. load() makes it too, but an allocation may grow the arena and detach every view on it: a
   * caller that loads views on the same arena reserves first and takes its views after.
   */
  reserve(m: number): void {
    this.vectors.reserve(m + 1);
  }

  /** Copies in m points: margins z, their change per unit step u, trials c and successes s. */
  load(m: number, z: Float64Array, u: Float64Array, c: Float64Array, s: Float64Array): void {
    this.reserve(m);
    const [zv, uv, cv, sv] = this.vectors.views();
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
    const v = this.vectors;
    this.kernels.logisticline(this.m, alpha, v.offset(0), v.offset(1), v.offset(2), v.offset(3), v.offset(4), v.offset(5), v.offset(OUT));
    const out = v.views()[OUT];
    this.curvature = out[1];
    return out[0];
  }

  /** σ(z_j + α·u_j) at the last α evaluated (a view: read it before the next load). */
  get sig(): Float64Array {
    return this.vectors.views()[4];
  }

  /** σ'(z_j + α·u_j) at the last α evaluated (a view, as `sig`). */
  get slope(): Float64Array {
    return this.vectors.views()[5];
  }
}

/** The vector whose first two entries receive the kernel's sums (after the six per-point ones). */
const OUT = 6;
