import { type Kernels, kernelsOn } from './wasm/instance';

/**
 * A d×d symmetric matrix stored as its upper triangle (row-major, stride d) in a WebAssembly memory of its own,
 * with the two O(d²) operations the logistic estimator runs on V⁻¹ and its preconditioner after every pull:
 * y = M·x and M −= c·u·uᵀ, in 128-bit SIMD (wasm/kernels.wat). At d = 384 the product takes about 0.45× the time
 * of linalg.ts's blocked JS loop (the bench), which is what the engine spends most of a high-dimensional trial on.
 *
 * The memory is sized once and never grows, so `data` stays a valid view for the matrix's life; vectors are
 * copied in and out (O(d), against the O(d²) work). Results are deterministic: the kernels round every product
 * and sum (no fused multiply-add), whatever the CPU.
 */
export class SymmetricMatrix {
  readonly dim: number;
  /** The matrix, row-major d×d; only the upper triangle (j ≥ i) is read and written by the kernels. */
  readonly data: Float64Array;
  private readonly xIn: Float64Array;
  private readonly yOut: Float64Array;
  private readonly kernels: Kernels;
  private readonly xAt: number;
  private readonly yAt: number;

  constructor(dim: number) {
    if (!(Number.isInteger(dim) && dim >= 1)) throw new Error(`SymmetricMatrix: bad dimension ${dim}`);
    this.dim = dim;
    const bytes = 8 * (dim * dim + 2 * dim);
    const { memory, kernels } = kernelsOn(bytes);
    this.kernels = kernels;
    this.data = new Float64Array(memory.buffer, 0, dim * dim);
    this.xAt = 8 * dim * dim;
    this.yAt = this.xAt + 8 * dim;
    this.xIn = new Float64Array(memory.buffer, this.xAt, dim);
    this.yOut = new Float64Array(memory.buffer, this.yAt, dim);
  }

  /** M ← diag(value). */
  setScaledIdentity(value: number): void {
    const d = this.dim;
    this.data.fill(0);
    for (let i = 0; i < d; i++) this.data[i * d + i] = value;
  }

  /** y = M·x (x and y of length d; they may be the same array). */
  times(x: Float64Array, y: Float64Array): void {
    this.xIn.set(x);
    this.kernels.symv(0, this.dim, this.xAt, this.yAt, this.dim);
    y.set(this.yOut);
  }

  /** M −= c·u·uᵀ (u of length d). */
  rankOneSub(c: number, u: Float64Array): void {
    this.xIn.set(u);
    this.kernels.syr(0, this.dim, c, this.xAt, this.dim);
  }
}
