/**
 * The choices a run makes on a recorded dataset, as plain constants and types with no imports, so the page's
 * main bundle (links, controls) can use them without pulling in the engine (see datasetSource.ts).
 */

export type FeatureType = 'task-onehot' | 'hashed-ngrams' | 'embedding';
export const FEATURE_TYPES: readonly FeatureType[] = ['task-onehot', 'hashed-ngrams', 'embedding'];
export type CostMode = 'prices' | 'per-query';

/** The dimension n-gram and projected embedding features get unless one is chosen. */
export const DEFAULT_FEATURE_DIM = 16;

/** Recorded per-query USD costs are charged in µ$, on the scale of the $-per-1M-token prices (see costScale). */
export const PER_QUERY_COST_SCALE = 1e6;

/** The unit a run's costs are in, for labels. */
export function costUnit(choice: { costs: CostMode }): string {
  return choice.costs === 'per-query' ? 'µ$ per query (recorded)' : '$ per 1M tokens (set price)';
}
