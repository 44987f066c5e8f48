import type { StepBatch } from '../simulate';
import type { ArmUsage } from './types';

/** Pulls per (category, arm), row-major, and prompts per category. */
export interface UsageSums {
  counts: Float64Array;
  prompts: Float64Array;
}

/**
 * Pulls of each arm per prompt category, per algorithm, summed over all trials and steps, from the
 * StepBatches' escalation traces. A world without categories (category −1) has one row.
 */
export class UsageAccumulator {
  private readonly counts = new Map<string, Float64Array>();
  private readonly prompts = new Map<string, Float64Array>();
  private readonly rows: number;

  constructor(
    algos: readonly string[],
    categories: number,
    private readonly K: number,
    private readonly tauMax: number,
  ) {
    this.rows = Math.max(1, categories);
    for (const algo of algos) {
      this.counts.set(algo, new Float64Array(this.rows * K));
      this.prompts.set(algo, new Float64Array(this.rows));
    }
  }

  add(batch: StepBatch): void {
    const counts = this.counts.get(batch.algo)!;
    const prompts = this.prompts.get(batch.algo)!;
    const { K, tauMax } = this;
    for (let i = 0; i < batch.to - batch.from; i++) {
      const c = labCategory(batch.category[i]);
      prompts[c]++;
      for (let k = 0; k < tauMax; k++) {
        const arm = batch.arms[i * tauMax + k];
        if (arm < 0) break;
        counts[c * K + arm]++;
      }
    }
  }

  /** The raw sums of one algorithm (what a pool worker sends back). */
  sums(algo: string): UsageSums {
    return { counts: this.counts.get(algo)!, prompts: this.prompts.get(algo)! };
  }

  /** Adds another accumulator's sums for `algo` (counts of pulls and prompts: integers, so the order of adding is immaterial). */
  absorb(algo: string, sums: UsageSums): void {
    const counts = this.counts.get(algo)!;
    const prompts = this.prompts.get(algo)!;
    if (sums.counts.length !== counts.length || sums.prompts.length !== prompts.length) throw new Error('UsageAccumulator: sums of another shape');
    for (let i = 0; i < counts.length; i++) counts[i] += sums.counts[i];
    for (let i = 0; i < prompts.length; i++) prompts[i] += sums.prompts[i];
  }

  result(): Record<string, ArmUsage> {
    const out: Record<string, ArmUsage> = {};
    for (const [algo, counts] of this.counts) {
      out[algo] = {
        counts: Array.from({ length: this.rows }, (_, c) => Array.from(counts.subarray(c * this.K, (c + 1) * this.K))),
        prompts: Array.from(this.prompts.get(algo)!),
      };
    }
    return out;
  }
}

/** The lab's category index of a prompt: a world without categories (−1) has the one row 0, "all prompts". */
export function labCategory(category: number): number {
  return Math.max(category, 0);
}
