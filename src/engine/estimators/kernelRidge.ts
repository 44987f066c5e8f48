import type { Kernel } from './kernel';
import { KernelPosterior } from './kernelGram';
import { dot } from './linalg';
import { WasmArena } from './wasm/arena';

/**
 * One arm's kernel ridge regression on 0/1 rewards, for CA PAK-UCB ([Hu et al. 2025]; width of [Valko et al. 2013]):
 *   mean(x) = k_xᵀ(K + βI)⁻¹y,   width(x) = β^{-1/2}·√(k(x,x) − k_xᵀ(K + βI)⁻¹k_x),
 * computed on the grouped support points (KernelPosterior): with ȳ_j the mean reward at point j,
 * k_xᵀ(K + βI)⁻¹y = k_uᵀ(K_u + β·diag(1/n_j))⁻¹ȳ. Every add is O(m²) (bordering or Sherman–Morrison on
 * A⁻¹); the weights A⁻¹ȳ are recomputed lazily, O(m²), the first time mean() needs them after a change.
 */
export class KernelRidgeArm {
  private readonly post: KernelPosterior;
  private alpha: Float64Array = new Float64Array(8);
  private ybar: Float64Array = new Float64Array(8);
  private stale = false;

  /** @param arena where its inverse lives in the thread’s WebAssembly memory: one per policy (see WasmArena). */
  constructor(kernel: Kernel, beta: number, arena: WasmArena = new WasmArena()) {
    this.post = new KernelPosterior(kernel, beta, arena);
  }

  /** Observations added. */
  get count(): number {
    return this.post.count;
  }

  add(x: Float64Array, y: number): void {
    this.post.observe(x, y);
    this.stale = true;
  }

  /** Brings the regression weights up to date (mean() also does this on demand). */
  fit(): void {
    if (!this.stale) return;
    const m = this.post.size;
    if (this.alpha.length < m) {
      this.alpha = new Float64Array(2 * m);
      this.ybar = new Float64Array(2 * m);
    }
    for (let j = 0; j < m; j++) this.ybar[j] = this.post.sumOf(j) / this.post.countOf(j);
    this.post.solve(this.ybar, this.alpha);
    this.stale = false;
  }

  /**
   * k_xᵀ(K + βI)⁻¹y (0 before any data). At a support point x_j, k_u = K_u·e_j = (A − D)e_j, so the mean is
   * ȳ_j − D_jj·(A⁻¹ȳ)_j with D_jj = β/n_j: O(1), without the kernel vector (see KernelPosterior.variance).
   */
  mean(x: Float64Array): number {
    this.fit();
    const j = this.post.find(x);
    if (j >= 0) return this.ybar[j] - (this.post.beta / this.post.countOf(j)) * this.alpha[j];
    const k = this.post.gram.kernelVector(x);
    return dot(k, this.alpha, k.length);
  }

  /** β^{-1/2}·√(k(x,x) − k_xᵀ(K + βI)⁻¹k_x). */
  width(x: Float64Array): number {
    return this.post.width(x);
  }
}
