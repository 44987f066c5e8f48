import { type SweepSlice, trialsDone } from '../../engine/lab/sweepSlices';
import type { SweepParam } from './jobs';

/**
 * The sweeps the controller has begun and not finished, by job key, the latest configuration of each kind only:
 * the values each computes and its slices so far. A sweep computes one round per start; `reconcile` gives the next
 * round to the sweep with fewer trials done, which resumes from these slices (docs/LAB.md, "the sweeps take
 * turns"). Trials are counted by the engine's `trialsDone`, the SweepAssembler's own rule.
 */
export class BegunSweeps {
  private readonly byKey = new Map<string, { kind: SweepParam; values: number[]; slices: SweepSlice[] }>();

  /** Trials every value of sweep `key` has done so far (0 if it is not begun). */
  trials(key: string): number {
    const b = this.byKey.get(key);
    return b ? trialsDone(b.slices, b.values) : 0;
  }

  /** Trials done by every begun sweep, by key: what `reconcile` weighs to pick the sweep whose turn it is. */
  trialsByKey(): Map<string, number> {
    return new Map([...this.byKey.keys()].map((key) => [key, this.trials(key)]));
  }

  /** The key of the begun sweep of this kind, or null. */
  keyOf(kind: SweepParam): string | null {
    for (const [key, b] of this.byKey) if (b.kind === kind) return key;
    return null;
  }

  /**
   * Begins sweep `key` over `values`, or resumes it: its slices of those values so far are kept (the run it shares
   * a point with may have changed the values since), and any other sweep of its kind is dropped. Returns a copy of
   * the slices it resumes from.
   */
  begin(kind: SweepParam, key: string, values: readonly number[]): SweepSlice[] {
    const slices = (this.byKey.get(key)?.slices ?? []).filter((sl) => values.includes(sl.x));
    for (const [k, b] of this.byKey) if (b.kind === kind) this.byKey.delete(k);
    this.byKey.set(key, { kind, values: [...values], slices });
    return [...slices];
  }

  /** A slice sweep `key` has computed (ignored if the sweep was dropped meanwhile). */
  add(key: string, slice: SweepSlice): void {
    this.byKey.get(key)?.slices.push(slice);
  }

  /** Sweep `key` is done: nothing to resume. */
  finish(key: string): void {
    this.byKey.delete(key);
  }
}
