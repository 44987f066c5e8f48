import { WasmArena } from './wasm/arena';

/**
 * The distinct contexts a logistic arm has seen, or a kernel gram's support points, row j at j·d, in a
 * WebAssembly arena, with O(m·d) passes over them in 128-bit SIMD (wasm/kernels.wat): the fit's u = X·p (the line
 * search's margins along a direction) and g += Xᵀr (the gradient), and the squared distances ‖X_j − x‖² that an
 * RBF kernel's Gram column needs (KernelGram). Vectors are copied in and out (O(m + d) against the O(m·d) pass).
 *
 * `data` is a view on the arena: read it again after anything that may allocate in the same arena (a grow here
 * or in another structure), never keep it across one.
 */
export class ContextRows {
  readonly dim: number;
  private readonly arena: WasmArena;
  private rowsCap: number;
  /** Byte offsets: p (d), g (d), the rows (capacity × d), and the m-vector the passes read or write (capacity). */
  private readonly pAt: number;
  private readonly gAt: number;
  private rowsAt = 0;
  private vecAt = 0;
  private generation = -1;
  private view!: Float64Array;
  private p!: Float64Array;
  private g!: Float64Array;
  private vec!: Float64Array;

  constructor(dim: number, capacity: number, arena: WasmArena = new WasmArena()) {
    if (!(Number.isInteger(dim) && dim >= 1)) throw new Error(`ContextRows: bad dimension ${dim}`);
    this.dim = dim;
    this.arena = arena;
    this.rowsCap = capacity;
    this.pAt = arena.alloc(8 * dim);
    this.gAt = arena.alloc(8 * dim);
    this.allocate(capacity);
  }

  get capacity(): number {
    return this.rowsCap;
  }

  /** Rows of length d, `capacity` of them. */
  get data(): Float64Array {
    if (this.generation !== this.arena.generation) this.makeViews();
    return this.view;
  }

  /** Room for `capacity` rows, keeping the rows stored. */
  grow(capacity: number): void {
    if (capacity <= this.rowsCap) return;
    const oldAt = this.rowsAt;
    const oldCap = this.rowsCap;
    this.allocate(capacity);
    this.data.set(new Float64Array(this.arena.buffer, oldAt, oldCap * this.dim));
  }

  /** u[i] = X_i·p for rows i < n. */
  dot(n: number, p: Float64Array, u: Float64Array): void {
    this.rowsPass(this.arena.kernels.rowsdot, n, p, u);
  }

  /** u[i] = ‖X_i − p‖² for rows i < n, summed as the RBF kernel's JS loop sums it (kernel.ts), bit for bit. */
  squaredDistances(n: number, p: Float64Array, u: Float64Array): void {
    this.rowsPass(this.arena.kernels.rowssqdist, n, p, u);
  }

  /** g += Σ_{i<n} r[i]·X_i. */
  axpy(n: number, r: Float64Array, g: Float64Array): void {
    if (this.generation !== this.arena.generation) this.makeViews();
    const d = this.dim;
    this.g.set(g.subarray(0, d));
    this.vec.set(r.subarray(0, n));
    this.arena.kernels.rowsaxpy(this.rowsAt, n, d, this.vecAt, this.gAt);
    g.set(this.g);
  }

  /** u[i] = kernel(X_i, p) for rows i < n: p copied in, the kernel run over the rows, u copied out. */
  private rowsPass(kernel: (xs: number, n: number, d: number, p: number, u: number) => void, n: number, p: Float64Array, u: Float64Array): void {
    if (this.generation !== this.arena.generation) this.makeViews();
    const d = this.dim;
    this.p.set(p.subarray(0, d));
    kernel(this.rowsAt, n, d, this.pAt, this.vecAt);
    u.set(this.vec.subarray(0, n));
  }

  private allocate(capacity: number): void {
    this.rowsAt = this.arena.alloc(8 * capacity * this.dim);
    this.vecAt = this.arena.alloc(8 * capacity);
    this.rowsCap = capacity;
    this.makeViews();
  }

  private makeViews(): void {
    const buffer = this.arena.buffer;
    const d = this.dim;
    this.view = new Float64Array(buffer, this.rowsAt, this.rowsCap * d);
    this.p = new Float64Array(buffer, this.pAt, d);
    this.g = new Float64Array(buffer, this.gAt, d);
    this.vec = new Float64Array(buffer, this.vecAt, this.rowsCap);
    this.generation = this.arena.generation;
  }
}
