import { WasmArena } from './wasm/arena';

/**
 * The distinct contexts a logistic arm has seen, or a kernel gram's support points, row j at j·d, in a
 * WebAssembly arena, with O(m·d) passes over them in 128-bit SIMD (wasm/kernels.wat): the fit's u = X·p (the line
 * search's margins along a direction) and g += Xᵀr (the gradient), and the squared distances ‖X_j − x‖² that an
 * RBF kernel's Gram column needs (KernelGram). The d-vectors p and g are copied in and out (O(d) against the O(m·d)
 * pass); the fit's m-vectors u and r are the caller's arena vectors (LogisticArm's), read and written in place.
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

  /** Row j's byte offset in the arena, for kernels that read one row in place. */
  rowAt(j: number): number {
    return this.rowsAt + 8 * j * this.dim;
  }

  /** u[i] = X_i·p for rows i < n, into the vector at byte offset uAt of the same arena. */
  dot(n: number, p: Float64Array, uAt: number): void {
    if (this.generation !== this.arena.generation) this.makeViews();
    this.p.set(p.subarray(0, this.dim));
    this.arena.kernels.rowsdot(this.rowsAt, n, this.dim, this.pAt, uAt);
  }

  /** u[i] = ‖X_i − p‖² for rows i < n, summed as the RBF kernel's JS loop sums it (kernel.ts), bit for bit. */
  squaredDistances(n: number, p: Float64Array, u: Float64Array): void {
    if (this.generation !== this.arena.generation) this.makeViews();
    const d = this.dim;
    this.p.set(p.subarray(0, d));
    this.arena.kernels.rowssqdist(this.rowsAt, n, d, this.pAt, this.vecAt);
    u.set(this.vec.subarray(0, n));
  }

  /** g += Σ_{i<n} r[i]·X_i, with r the vector at byte offset rAt of the same arena. */
  axpy(n: number, rAt: number, g: Float64Array): void {
    if (this.generation !== this.arena.generation) this.makeViews();
    const d = this.dim;
    this.g.set(g.subarray(0, d));
    this.arena.kernels.rowsaxpy(this.rowsAt, n, d, rAt, this.gAt);
    g.set(this.g);
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
