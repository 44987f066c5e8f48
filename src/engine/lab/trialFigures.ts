import type { TrialOutcomes } from '../simulate';
import type { TrialFigures } from './types';

/**
 * Each algorithm's per-trial utility, cost and success from a simulation's outcomes: what a run's summary and a
 * sweep's points are means of. Lab runs (./slices.ts) and sweeps (./sweepSlices.ts) both keep them per trial, so
 * that slices computed apart put together give the figures of the whole run.
 */
export function trialFigures(outcomes: TrialOutcomes, algos: readonly string[]): Record<string, TrialFigures> {
  return Object.fromEntries(algos.map((a) => [a, { utility: outcomes[a].utility, cost: outcomes[a].cost, success: outcomes[a].success }]));
}
