/**
 * The sharded-sweep tests' grid (sweep.test.ts, parallelOverSsh.test.ts, slurmRecipe.test.ts): 2 λ × 3 τ_max × 2
 * seeds on t2i, two algorithms, T = 150 and 2 trials: 12 cells, a second's work.
 */
export const SMALL_SWEEP = {
  worlds: ['t2i'],
  axes: { lambda: [0.01, 0.1], tauMax: [1, 3, 5], seeds: [0, 1] },
  fixed: { T: 150, trials: 2, algos: ['promptwise', 'greedy'] },
};
