/** A small LabResult for the unit tests of the exports and the headline (no curves, usage or trace). */
import type { LabResult } from '../engine/lab/types';

const stat = (mean: number, std: number) => ({ mean, std });

export const RESULT: LabResult = {
  config: {
    world: 'sudoku',
    algos: ['promptwise', 'highest-cost', 'oracle'],
    T: 1000,
    trials: 20,
    seed: 0,
    params: { lambda: 0.01, tauMax: 5, tauExp: 1, alpha: null },
    traceAlgo: 'promptwise',
    curvePoints: 200,
  },
  world: {
    name: 'sudoku',
    arms: ['gemini-2.5-flash', 'deepseek-chat', 'qwen-plus', 'gpt-4o', 'claude-opus-4'],
    costs: [0.75, 1.37, 1.6, 12.5, 90],
    categories: [],
  },
  summary: {
    world: 'sudoku',
    params: {
      T: 1000,
      trials: 20,
      seed: 0,
      lambda: 0.01,
      tauMax: 5,
      tauExp: 1,
      alpha: 3.4628,
      delta: 0.05,
      ridge: 0.01,
      sigma: 3,
      beta: 1,
      fitIterations: null,
      d: 5,
    },
    results: {
      promptwise: {
        utility: stat(0.9156123456789, 0.0231),
        cost: stat(2.3112, 0.4),
        success: stat(0.9712, 0.01),
        regret: stat(33.5, 4.25),
        regretUnlimited: stat(41.5, 4.25),
        seconds: 0.05,
      },
      'highest-cost': {
        utility: stat(0.0828, 0.0123),
        cost: stat(90, 0),
        success: stat(0.9828, 0.004),
        regret: stat(560.7, 12),
        regretUnlimited: stat(568.7, 12),
        seconds: 0.001,
      },
      oracle: {
        utility: stat(0.9484, 0.0032),
        cost: stat(1.9, 0.1),
        success: stat(0.97, 0.005),
        regret: stat(-0.25, 3.1),
        regretUnlimited: stat(7.75, 3.1),
        seconds: 0.002,
      },
    },
  },
  singleModels: [
    { arm: 0, model: 'gemini-2.5-flash', success: stat(0.62, 0.01), cost: stat(0.75, 0), utility: stat(0.6125, 0.01) },
    { arm: 1, model: 'deepseek-chat', success: stat(0.9, 0.01), cost: stat(1.37, 0), utility: stat(0.8863, 0.01) },
    { arm: 2, model: 'qwen-plus', success: stat(0.7, 0.01), cost: stat(1.6, 0), utility: stat(0.684, 0.01) },
    { arm: 3, model: 'gpt-4o', success: stat(0.975, 0.004), cost: stat(12.5, 0), utility: stat(0.85, 0.004) },
    { arm: 4, model: 'claude-opus-4', success: stat(0.9828, 0.004), cost: stat(90, 0), utility: stat(0.0828, 0.004) },
  ],
  curves: {},
  usage: {},
  trace: [],
  byTrial: {},
};
