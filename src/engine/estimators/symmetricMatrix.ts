import { type Kernels, kernelsOn } from './wasm/instance';

/**
 * A symmetric matrix stored as its upper triangle (row-major, row stride `stride`) in a WebAssembly memory of its
 * own, with the two O(n²) operations the estimators run on their inverses after every pull: y = M·x and
 * M −= c·u·uᵀ, in 128-bit SIMD (wasm/kernels.wat), over the leading n×n block (n ≤ stride: the kernel
 * estimators' inverses grow with their support points). At d = 384 the product takes about a third of the time of
 * linalg.ts's blocked JS loop (the bench), and that product is what the engine spends most of a high-dimensional
 * trial on.
 *
 * Vectors are copied in and out (O(n), against the O(n²) work). `grow` moves the matrix to a larger memory and
 * replaces `data`: read `data` again after a grow, never keep it across one. Results are deterministic: the kernels
 * round every product and sum (no fused multiply-add), whatever the CPU.
 */
export class SymmetricMatrix {
  /** Row stride, and the largest n the kernels may be asked for. */
  stride: number;
  /** The matrix, row-major, stride × stride; only the upper triangle (j ≥ i) is read and written by the kernels. */
  data!: Float64Array;
  private xIn!: Float64Array;
  private yOut!: Float64Array;
  private kernels!: Kernels;
  private xAt = 0;
  private yAt = 0;

  constructor(stride: number) {
    if (!(Number.isInteger(stride) && stride >= 1)) throw new Error(`SymmetricMatrix: bad size ${stride}`);
    this.stride = stride;
    this.allocate(stride);
  }

  /** M ← value·I (the whole stride × stride block). */
  setScaledIdentity(value: number): void {
    const s = this.stride;
    this.data.fill(0);
    for (let i = 0; i < s; i++) this.data[i * s + i] = value;
  }

  /** y = M·x over the leading n×n block (x and y hold at least n entries; they may be the same array). */
  times(x: Float64Array, y: Float64Array, n = this.stride): void {
    this.xIn.set(n === x.length ? x : x.subarray(0, n));
    this.kernels.symv(0, this.stride, this.xAt, this.yAt, n);
    y.set(n === this.stride ? this.yOut : this.yOut.subarray(0, n));
  }

  /** M −= c·u·uᵀ over the leading n×n block (u holds at least n entries). */
  rankOneSub(c: number, u: Float64Array, n = this.stride): void {
    this.xIn.set(n === u.length ? u : u.subarray(0, n));
    this.kernels.syr(0, this.stride, c, this.xAt, n);
  }

  /** A larger stride, keeping the entries (new rows and columns are 0); replaces `data`. */
  grow(stride: number): void {
    if (stride <= this.stride) return;
    const old = this.data;
    const oldStride = this.stride;
    this.allocate(stride);
    for (let i = 0; i < oldStride; i++) this.data.set(old.subarray(i * oldStride, (i + 1) * oldStride), i * stride);
    this.stride = stride;
  }

  private allocate(stride: number): void {
    const { memory, kernels } = kernelsOn(8 * (stride * stride + 2 * stride));
    this.kernels = kernels;
    this.data = new Float64Array(memory.buffer, 0, stride * stride);
    this.xAt = 8 * stride * stride;
    this.yAt = this.xAt + 8 * stride;
    this.xIn = new Float64Array(memory.buffer, this.xAt, stride);
    this.yOut = new Float64Array(memory.buffer, this.yAt, stride);
  }
}
