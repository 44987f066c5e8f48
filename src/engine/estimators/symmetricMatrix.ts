import { WasmArena } from './wasm/arena';

/**
 * A symmetric matrix stored as its upper triangle (row-major, row stride `stride`) in a WebAssembly arena, with
 * the two O(n²) operations the estimators run on their inverses after every pull: y = M·x and M −= c·u·uᵀ, in
 * 128-bit SIMD (wasm/kernels.wat), over the leading n×n block (n ≤ stride: the kernel estimators' inverses grow
 * with their support points). At d = 384 the product takes a third to a fifth of the time of linalg.ts's blocked JS
 * loop (the bench), and that product is what the engine spends most of a high-dimensional trial on.
 *
 * Vectors are copied in and out (O(n), against the O(n²) work). `data` is a view on the arena: read it again
 * after anything that may allocate in the same arena (a grow here or in another structure) and after a
 * rankOneSub, never keep it across one. Results are deterministic: the kernels round every product and sum (no
 * fused multiply-add), whatever the CPU.
 *
 * A rank-one update is applied lazily, by the next product when one comes first (one pass over the triangle that
 * updates each row and then reads it: kernel `syrsymv`, the same values bit for bit as the two passes): the
 * estimators follow nearly every update of an inverse with a product by it (the next prompt's width, the next
 * fit direction), and at d = 384 a pass over the 1.2 MB matrix is bound by the memory traffic, not the arithmetic.
 */
export class SymmetricMatrix {
  /** Row stride, and the largest n the kernels may be asked for. */
  stride: number;
  private readonly arena: WasmArena;
  /** Byte offsets of the matrix and of the x and y vectors. */
  private at = 0;
  private xAt = 0;
  private yAt = 0;
  /** The pending rank-one update M −= pendingC·u·uᵀ over the leading pendingN×pendingN block (u at uAt); none when pendingN is 0. */
  private uAt = 0;
  private pendingC = 0;
  private pendingN = 0;
  private generation = -1;
  /** The arena's buffer when the views were made (current while `generation` is). */
  private arenaBuffer!: ArrayBuffer;
  private view!: Float64Array;
  private xIn!: Float64Array;
  private yOut!: Float64Array;
  private uIn!: Float64Array;

  constructor(stride: number, arena: WasmArena = new WasmArena()) {
    if (!(Number.isInteger(stride) && stride >= 1)) throw new Error(`SymmetricMatrix: bad size ${stride}`);
    this.stride = stride;
    this.arena = arena;
    this.allocate(stride);
  }

  /** The matrix, row-major, stride × stride; only the upper triangle (j ≥ i) is read and written by the kernels. */
  get data(): Float64Array {
    this.flush();
    if (this.generation !== this.arena.generation) this.makeViews();
    return this.view;
  }

  /** M ← value·I (the whole stride × stride block). */
  setScaledIdentity(value: number): void {
    const s = this.stride;
    const data = this.data;
    data.fill(0);
    for (let i = 0; i < s; i++) data[i * s + i] = value;
  }

  /** y = M·x over the leading n×n block (x and y hold at least n entries; they may be the same array). */
  times(x: Float64Array, y: Float64Array, n = this.stride): void {
    if (this.generation !== this.arena.generation) this.makeViews();
    // x read from this arena (a view of the matrix itself, say) must see the pending update, as it would have.
    // (The arena's buffer as of the views: asking the memory for it is a call into the engine, 1% of a run.)
    if (x.buffer === this.arenaBuffer) this.flush();
    this.xIn.set(n === x.length ? x : x.subarray(0, n));
    this.timesAt(this.xAt, this.yAt, n);
    y.set(n === this.stride ? this.yOut : this.yOut.subarray(0, n));
  }

  /**
   * y = M·x on vectors that already live in this matrix's arena (byte offsets xAt, yAt, neither inside the matrix):
   * what times() runs between its two copies, for callers whose per-point arrays are arena vectors. A pending
   * rank-one update is applied in the same pass (kernel `syrsymv`) when it covers the same block.
   */
  timesAt(xAt: number, yAt: number, n: number): void {
    if (this.pendingN === n) {
      this.arena.kernels.syrsymv(this.at, this.stride, this.pendingC, this.uAt, xAt, yAt, n);
      this.pendingN = 0;
    } else {
      this.flush();
      this.arena.kernels.symv(this.at, this.stride, xAt, yAt, n);
    }
  }

  /** M −= c·u·uᵀ over the leading n×n block (u holds at least n entries), applied by the next product or read. */
  rankOneSub(c: number, u: Float64Array, n = this.stride): void {
    this.flush();
    if (this.generation !== this.arena.generation) this.makeViews();
    this.uIn.set(n === u.length ? u : u.subarray(0, n));
    this.pendingC = c;
    this.pendingN = n;
  }

  /** M −= c·u·uᵀ over the leading n×n block, now, for u already in this matrix's arena (byte offset uAt). */
  rankOneSubAt(c: number, uAt: number, n: number): void {
    this.flush();
    this.arena.kernels.syr(this.at, this.stride, c, uAt, n);
  }

  /** Applies a pending rank-one update on its own (kernel `syr`). */
  private flush(): void {
    const n = this.pendingN;
    if (n === 0) return;
    this.pendingN = 0;
    this.arena.kernels.syr(this.at, this.stride, this.pendingC, this.uAt, n);
  }

  /** A larger stride, keeping the entries (new rows and columns are 0). */
  grow(stride: number): void {
    if (stride <= this.stride) return;
    this.flush(); // against the old layout
    const oldAt = this.at;
    const oldStride = this.stride;
    this.allocate(stride);
    const buffer = this.arena.buffer;
    const old = new Float64Array(buffer, oldAt, oldStride * oldStride);
    const data = this.data;
    for (let i = 0; i < oldStride; i++) data.set(old.subarray(i * oldStride, (i + 1) * oldStride), i * stride);
  }

  private allocate(stride: number): void {
    this.at = this.arena.alloc(8 * stride * stride);
    this.xAt = this.arena.alloc(8 * stride);
    this.yAt = this.arena.alloc(8 * stride);
    this.uAt = this.arena.alloc(8 * stride);
    this.stride = stride;
    this.makeViews();
  }

  private makeViews(): void {
    const buffer = this.arena.buffer;
    const s = this.stride;
    this.view = new Float64Array(buffer, this.at, s * s);
    this.xIn = new Float64Array(buffer, this.xAt, s);
    this.yOut = new Float64Array(buffer, this.yAt, s);
    this.uIn = new Float64Array(buffer, this.uAt, s);
    this.arenaBuffer = buffer;
    this.generation = this.arena.generation;
  }
}
