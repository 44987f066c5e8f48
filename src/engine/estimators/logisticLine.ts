import type { WasmArena } from './wasm/arena';
import type { ArenaVectors } from './wasm/arenaVectors';

/** Which of the caller's arena vectors hold a line search's inputs and outputs (indices into its ArenaVectors). */
export interface LineLayout {
  /** Margins z_j, their change per unit step u_j, trials c_j and successes s_j. */
  z: number;
  u: number;
  c: number;
  s: number;
  /** σ and σ' at the last α evaluated. */
  sig: number;
  slope: number;
  /** Its first two entries receive the two sums. */
  out: number;
}

/**
 * The trial points of a logistic line search in WebAssembly SIMD (wasm/kernels.wat, `logisticline`): along a
 * direction that moves margin j by u_j per unit step, each trial α needs σ and σ' at z_j + α·u_j for every point
 * and the data's parts of φ'(α) and φ''(α),
 *   Σ_j (c_jσ_j − s_j)·u_j   and   Σ_j c_jσ'_j·u_j²
 * (c_j trials and s_j successes at point j). That is one exponential per point and trial, the estimators' hottest
 * loop: the kernel evaluates two points per instruction, 2.9–3.9× the speed of the JS loop it replaced in
 * the engine bench (docs/notes/benchmarks-history.md). Both logistic estimators use it: LogisticArm (PromptWise) over its distinct
 * contexts, KernelLogisticArm (PromptWise-KLR) over its support points.
 *
 * It works in place on the estimator's own arena vectors (`layout`), which have room for m + 1 points: the kernel
 * works in pairs, and the entry past an odd m must be zero in u, c and s (then it adds nothing; `commit` keeps it
 * so, and the estimators store nothing there until it holds a point). `at` evaluates one α and leaves σ and σ'
 * there in the layout's `sig` and `slope`; `commit` moves the margins to the last α evaluated and derives the
 * residuals c_jσ_j − s_j and weights c_jσ'_j there (`logisticcommit`: the JS loop over eight typed arrays it
 * replaced took 12–13 ns per point in the engine bench).
 */
export class LogisticLine {
  private readonly kernels: WasmArena['kernels'];
  /** Σ c_jσ'_j·u_j² at the last α evaluated. */
  curvature = 0;

  constructor(
    arena: WasmArena,
    private readonly vectors: ArenaVectors,
    private readonly layout: LineLayout,
  ) {
    this.kernels = arena.kernels;
  }

  /** Evaluates α over m points: returns Σ_j (c_jσ_j − s_j)·u_j and leaves Σ_j c_jσ'_j·u_j² in `curvature`. */
  at(m: number, alpha: number): number {
    const { vectors: v, layout: l } = this;
    this.kernels.logisticline(m, alpha, v.offset(l.z), v.offset(l.u), v.offset(l.c), v.offset(l.s), v.offset(l.sig), v.offset(l.slope), v.offset(l.out));
    const out = v.views()[l.out];
    this.curvature = out[1];
    return out[0];
  }

  /**
   * After evaluating α last: z_j += α·u_j, and the residuals c_jσ_j − s_j and weights c_jσ'_j at those margins into
   * the vectors `res` and `w` (indices, as the layout's), the JS loop's operations, so the same bits.
   */
  commit(m: number, alpha: number, res: number, w: number): void {
    const { vectors: v, layout: l } = this;
    this.kernels.logisticcommit(
      m,
      alpha,
      v.offset(l.z),
      v.offset(l.u),
      v.offset(l.c),
      v.offset(l.s),
      v.offset(l.sig),
      v.offset(l.slope),
      v.offset(res),
      v.offset(w),
    );
  }
}
