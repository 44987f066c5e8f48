/** The learners the playground can hold: those with per-model estimates. (No imports: the page's main bundle reads it.) */
export const PLAYGROUND_ALGOS = ['promptwise', 'promptwise-klr', 'promptwise-budget'] as const;
export type PlaygroundAlgo = (typeof PLAYGROUND_ALGOS)[number];
