import type { WasmArena } from './wasm/arena';

/**
 * Which drifted weights LogisticArm re-folds into its preconditioner first (its correctDriftedWeights), chosen in
 * WebAssembly (wasm/kernels.wat, `driftselect`): score_j = |w_j − ŵ_j|·lev_j for every context, and the `budget`
 * highest above a floor, in descending order. The fit asks once per iteration, as often as it passes over the
 * contexts' features. Alone in the engine bench, the JS loop it replaced took 6–7 ns per context and the kernel with
 * its three copies in 4–4.5; inside PromptWise runs the loop cost more (by CPU profile of the HumanEval replay, 224 ms
 * of 20 trials before, 107 ms after).
 *
 * The picks are the JS loop's exactly: the same comparisons in the same order (ties keep the lower j first, a NaN
 * score is never picked).
 */
export class DriftSelection {
  private readonly arena: WasmArena;
  private readonly maxPicks: number;
  private cap = 0;
  /** Byte offsets of w, ŵ, lev (cap each), and of the picks' scores (f64) and indices (i32). */
  private at0 = 0;
  private readonly scoresAt: number;
  private readonly picksAt: number;
  private generation = -1;
  private inputs: Float64Array[] = [];
  private picks!: Int32Array;

  constructor(arena: WasmArena, maxPicks: number) {
    this.arena = arena;
    this.maxPicks = maxPicks;
    this.scoresAt = arena.alloc(8 * maxPicks);
    this.picksAt = arena.alloc(4 * maxPicks);
    this.reserve(16);
  }

  /**
   * Scores the first m contexts and keeps those above `minScore`, at most `budget` (≤ maxPicks), highest first.
   * Returns how many were kept; `picked(k)` is the k-th one's index.
   */
  select(m: number, w: Float64Array, wHat: Float64Array, lev: Float64Array, minScore: number, budget: number): number {
    if (budget > this.maxPicks) throw new RangeError(`DriftSelection: budget ${budget} exceeds ${this.maxPicks}`);
    this.reserve(m);
    const [wv, hv, lv] = this.viewsNow();
    wv.set(w.subarray(0, m));
    hv.set(wHat.subarray(0, m));
    lv.set(lev.subarray(0, m));
    const b = 8 * this.cap;
    return this.arena.kernels.driftselect(m, this.at0, this.at0 + b, this.at0 + 2 * b, minScore, budget, this.picksAt, this.scoresAt);
  }

  /** The index of the k-th pick of the last `select` (k below what it returned). */
  picked(k: number): number {
    this.viewsNow();
    return this.picks[k];
  }

  /** Room for n contexts; a larger region moves to a fresh allocation. */
  private reserve(n: number): void {
    if (n <= this.cap) return;
    let cap = Math.max(16, this.cap);
    while (cap < n) cap *= 2;
    this.at0 = this.arena.alloc(8 * 3 * cap);
    this.cap = cap;
    this.generation = -1;
  }

  private viewsNow(): Float64Array[] {
    if (this.generation !== this.arena.generation) {
      const buffer = this.arena.buffer;
      this.inputs = Array.from({ length: 3 }, (_, i) => new Float64Array(buffer, this.at0 + 8 * this.cap * i, this.cap));
      this.picks = new Int32Array(buffer, this.picksAt, this.maxPicks);
      this.generation = this.arena.generation;
    }
    return this.inputs;
  }
}
