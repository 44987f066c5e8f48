import { drain, type SimOptions, simulateTrials, type TrialOutcomes } from '../engine/simulate';
import type { World } from '../engine/types';

// The loop every lane of the CLI's pool runs (pool.ts), this thread and the workers alike; apart from pool.ts so
// that the workers' bundle does not load esbuild.

/**
 * Claims trials from `next` one at a time and runs each until none is left. `ran` receives each trial's outcomes as it finishes.
 */
export function claimTrials(world: World, options: SimOptions, next: Int32Array, trials: number, ran: (trial: number, outcomes: TrialOutcomes) => void): void {
  for (let t = Atomics.add(next, 0, 1); t < trials; t = Atomics.add(next, 0, 1)) {
    ran(t, drain(simulateTrials(world, options, { from: t, to: t + 1 })));
  }
}

/** Closes the counter, so that no lane claims another trial (after an error). */
export function closeCounter(next: Int32Array, trials: number): void {
  Atomics.store(next, 0, trials);
}
