/**
 * Every algorithm id in the registry's order (registry.ts checks it has exactly these), with no imports: code
 * that only orders or lists ids (presets, the page's main bundle) need not load the policies.
 */
export const ALGORITHM_IDS = [
  'promptwise',
  'promptwise-perstep',
  'promptwise-klr',
  'promptwise-budget',
  'promptwise-official',
  'ca-pak-ucb-ts',
  'ca-pak-ucb-ts-official',
  'ca-pak-ucb-ts-official-ca',
  'random',
  'greedy',
  'random-ts',
  'greedy-ts',
  'lowest-cost',
  'highest-cost',
  'oracle',
  'oracle-prop1',
] as const;
