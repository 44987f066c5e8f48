import type { WasmArena } from './wasm/arena';

/**
 * Which drifted weights LogisticArm re-folds into its preconditioner first (its correctDriftedWeights), chosen in
 * WebAssembly (wasm/kernels.wat, `driftselect`): score_j = |w_j − ŵ_j|·lev_j for every context, and the `budget`
 * highest above a floor, in descending order. The fit asks once per iteration, as often as it passes over the
 * contexts' features. Alone in the engine bench, the JS loop it replaced took 6–7 ns per context and the kernel with
 * three copies in 4–4.5; inside PromptWise runs the loop cost more (by CPU profile of the HumanEval replay, 224 ms
 * of 20 trials before, 107 ms after). The kernel now reads the arm's own arena vectors: no copies at all.
 *
 * The picks are the JS loop's exactly: the same comparisons in the same order (ties keep the lower j first, a NaN
 * score is never picked).
 */
export class DriftSelection {
  private readonly arena: WasmArena;
  private readonly maxPicks: number;
  /** Byte offsets of the picks' scores (f64) and indices (i32), maxPicks each. */
  private readonly scoresAt: number;
  private readonly picksAt: number;
  /** The last select's picks, copied out (at most maxPicks). */
  private readonly picks: Int32Array;

  constructor(arena: WasmArena, maxPicks: number) {
    this.arena = arena;
    this.maxPicks = maxPicks;
    this.scoresAt = arena.alloc(8 * maxPicks);
    this.picksAt = arena.alloc(4 * maxPicks);
    this.picks = new Int32Array(maxPicks);
  }

  /**
   * Scores the first m contexts and keeps those above `minScore`, at most `budget` (≤ maxPicks), highest first.
   * w, ŵ and lev are vectors of the same arena, by byte offset (LogisticArm's, read in place). Returns how many were
   * kept; `picked(k)` is the k-th one's index.
   */
  select(m: number, wAt: number, whAt: number, levAt: number, minScore: number, budget: number): number {
    if (budget > this.maxPicks) throw new RangeError(`DriftSelection: budget ${budget} exceeds ${this.maxPicks}`);
    const count = this.arena.kernels.driftselect(m, wAt, whAt, levAt, minScore, budget, this.picksAt, this.scoresAt);
    this.picks.set(new Int32Array(this.arena.buffer, this.picksAt, count));
    return count;
  }

  /** The index of the k-th pick of the last `select` (k below what it returned). */
  picked(k: number): number {
    return this.picks[k];
  }
}
