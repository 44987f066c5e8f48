import { type Kernels, kernelsOn, PAGE_BYTES, type WasmMemory } from './wasm/instance';

/**
 * The distinct contexts a logistic arm has seen, row j at j·d, in a WebAssembly memory of their own, with the
 * fit's two O(m·d) passes over them in 128-bit SIMD (wasm/kernels.wat): u = X·p (the line search's margins
 * along a direction) and g += Xᵀr (the gradient). Layout: p (d), g (d), then the rows, then the m-vector the
 * passes read or write; vectors are copied in and out (O(m + d) against the O(m·d) pass).
 *
 * `data` is a view on the memory: `grow` may replace it (WebAssembly memory grows by detaching its buffer), so
 * read it again after a grow, never keep it across one.
 */
export class ContextRows {
  readonly dim: number;
  /** Rows of length d, `capacity` of them; a live view (see the class comment). */
  data!: Float64Array;
  private rowsCap: number;
  // Views on the vectors' regions, made again whenever the memory grows.
  private p!: Float64Array;
  private g!: Float64Array;
  private vec!: Float64Array;
  private readonly memory: WasmMemory;
  private readonly kernels: Kernels;
  private readonly pAt: number;
  private readonly gAt: number;
  private readonly rowsAt: number;

  constructor(dim: number, capacity: number) {
    if (!(Number.isInteger(dim) && dim >= 1)) throw new Error(`ContextRows: bad dimension ${dim}`);
    this.dim = dim;
    this.rowsCap = capacity;
    this.pAt = 0;
    this.gAt = 8 * dim;
    this.rowsAt = 16 * dim;
    const { memory, kernels } = kernelsOn(this.bytesFor(capacity));
    this.memory = memory;
    this.kernels = kernels;
    this.makeViews();
  }

  get capacity(): number {
    return this.rowsCap;
  }

  /** Room for `capacity` rows, keeping the rows stored (and replacing `data`). */
  grow(capacity: number): void {
    if (capacity <= this.rowsCap) return;
    const missing = this.bytesFor(capacity) - this.memory.buffer.byteLength;
    if (missing > 0) this.memory.grow(Math.ceil(missing / PAGE_BYTES));
    this.rowsCap = capacity;
    this.makeViews();
  }

  /** u[i] = X_i·p for rows i < n. */
  dot(n: number, p: Float64Array, u: Float64Array): void {
    const d = this.dim;
    this.p.set(p.subarray(0, d));
    this.kernels.rowsdot(this.rowsAt, n, d, this.pAt, this.vectorAt());
    u.set(this.vec.subarray(0, n));
  }

  /** g += Σ_{i<n} r[i]·X_i. */
  axpy(n: number, r: Float64Array, g: Float64Array): void {
    const d = this.dim;
    this.g.set(g.subarray(0, d));
    this.vec.set(r.subarray(0, n));
    this.kernels.rowsaxpy(this.rowsAt, n, d, this.vectorAt(), this.gAt);
    g.set(this.g);
  }

  private vectorAt(): number {
    return this.rowsAt + 8 * this.rowsCap * this.dim;
  }

  private bytesFor(capacity: number): number {
    return this.rowsAt + 8 * capacity * this.dim + 8 * capacity;
  }

  private makeViews(): void {
    const { buffer } = this.memory;
    const d = this.dim;
    this.data = new Float64Array(buffer, this.rowsAt, this.rowsCap * d);
    this.p = new Float64Array(buffer, this.pAt, d);
    this.g = new Float64Array(buffer, this.gAt, d);
    this.vec = new Float64Array(buffer, this.vectorAt(), this.rowsCap);
  }
}
