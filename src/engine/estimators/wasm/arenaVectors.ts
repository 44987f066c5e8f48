import type { WasmArena } from './arena';

/**
 * `count` vectors of doubles side by side in a WasmArena, room for `cap` entries each, for the estimators' per-point
 * arrays that a kernel takes by byte offset (a line search's points, the drift scan's inputs, a kernel arm's
 * coefficients). `reserve` makes room for more in a fresh region, doubling from 16, and moves the entries there (the
 * new ones are 0), and `views` are made again whenever the arena's memory has grown, which detaches every earlier
 * view.
 */
export class ArenaVectors {
  private readonly arena: WasmArena;
  private readonly count: number;
  private capacity = 0;
  private at0 = 0;
  private generation = -1;
  private current: Float64Array[] = [];

  constructor(arena: WasmArena, count: number) {
    this.arena = arena;
    this.count = count;
    this.reserve(16);
  }

  /** Entries each vector has room for (even: the kernels work in pairs). */
  get cap(): number {
    return this.capacity;
  }

  /** Room for n entries in each vector, the entries so far kept and the new ones 0. */
  reserve(n: number): void {
    if (n <= this.capacity) return;
    let cap = Math.max(16, this.capacity);
    while (cap < n) cap *= 2;
    const oldAt = this.at0;
    const oldCap = this.capacity;
    this.at0 = this.arena.alloc(8 * this.count * cap);
    this.capacity = cap;
    this.generation = -1;
    if (oldCap > 0) {
      const buffer = this.arena.buffer;
      for (let i = 0; i < this.count; i++) {
        new Float64Array(buffer, this.offset(i), oldCap).set(new Float64Array(buffer, oldAt + 8 * oldCap * i, oldCap));
      }
    }
  }

  /** Byte offset of vector i in the arena's memory. */
  offset(i: number): number {
    return this.at0 + 8 * this.capacity * i;
  }

  /** The vectors as views on the arena (made again after it grew: read them afresh after any allocation). */
  views(): Float64Array[] {
    if (this.generation !== this.arena.generation) {
      const buffer = this.arena.buffer;
      this.current = Array.from({ length: this.count }, (_, i) => new Float64Array(buffer, this.offset(i), this.capacity));
      this.generation = this.arena.generation;
    }
    return this.current;
  }
}
