/**
 * "Model a alone": every prompt sent once to the same model, the strategy a team runs before it routes. It is
 * what the Lowest-cost and Highest-cost baselines do with the cheapest and the dearest model (paper §6, Table 1's
 * single-model rows), here for every model, so that a result can be stated against declared single-model
 * references (the stakeholder line, state/headline.ts) rather than against whichever baselines were selected.
 *
 * Each trial replays the run's own draws (simulate.ts drawTrial: the same prompts, and the uniform of the first
 * pull of model a at step t that every algorithm sees), so "a alone" is the outcome Lowest-cost has when a is the
 * cheapest model, bit for bit. It learns nothing and pulls nothing twice: K·T outcomes per trial.
 */

import { meanStd, type Stat } from './metrics';
import { drawTrial, type SimOptions, stepUniforms, type TrialDraws, type TrialRange } from './simulate';
import { type BanditParams, defaultParams, type World } from './types';

/** Per model, each trial's per-prompt averages, in trial order: what a slice of trials produces. */
export interface SingleModelTrials {
  /** success[a][i]: share of trial i's prompts that model a answered on its one query. */
  success: number[][];
  /** cost[a][i]: the mean price of that one query over trial i's prompts. */
  cost: number[][];
  /** utility[a][i]: the mean of success − λ·cost over trial i's prompts (summed step by step, as a run sums). */
  utility: number[][];
  /** everyStep[a]: model a could be asked at every step of these trials (models that join later cannot). */
  everyStep: boolean[];
}

/** One model alone over a run's trials: mean and population std over trials, as the algorithms' summary. */
export interface SingleModelSummary {
  /** Index of the model in the world's arms. */
  arm: number;
  model: string;
  success: Stat;
  cost: Stat;
  utility: Stat;
}

/** No trials yet, for `models` models: what `addSingleModelTrial` fills. */
export function emptySingleModelTrials(models: number): SingleModelTrials {
  return {
    success: Array.from({ length: models }, () => []),
    cost: Array.from({ length: models }, () => []),
    utility: Array.from({ length: models }, () => []),
    everyStep: new Array(models).fill(true),
  };
}

/**
 * Appends one trial, from the draws its algorithms played on (simulate.ts drawTrial): a lab slice hands over the
 * draws it made anyway (simulateTrials' `onDraws`), so nothing is drawn twice.
 */
export function addSingleModelTrial(out: SingleModelTrials, world: World, draws: TrialDraws, params: Pick<BanditParams, 'lambda'>): void {
  const { lambda } = params;
  const { prompts } = draws;
  const K = world.arms.length;
  const T = prompts.length;
  const success = new Float64Array(K);
  const cost = new Float64Array(K);
  const utility = new Float64Array(K);
  for (let t = 0; t < T; t++) {
    const p = prompts[t];
    const u = stepUniforms(draws, t);
    for (let a = 0; a < K; a++) {
      if (!p.available[a]) {
        out.everyStep[a] = false;
        continue;
      }
      // The first pull of a at step t: the uniform every algorithm's first pull of a at t sees (protocol.ts).
      const reward = world.pull(p, a, u(a, 0));
      const c = p.costs[a];
      success[a] += reward;
      cost[a] += c;
      utility[a] += reward - lambda * c;
    }
  }
  for (let a = 0; a < K; a++) {
    out.success[a].push(success[a] / T);
    out.cost[a].push(cost[a] / T);
    out.utility[a].push(utility[a] / T);
  }
}

/** Trials [range.from, range.to) of `options` with each model alone, drawn here (the CLI's --single-models). */
export function singleModelTrials(world: World, options: SimOptions, range: TrialRange): SingleModelTrials {
  const params = { ...defaultParams, ...options.params };
  const out = emptySingleModelTrials(world.arms.length);
  for (let trial = range.from; trial < range.to; trial++) {
    addSingleModelTrial(out, world, drawTrial(world, options.seed, trial, options.T, params), params);
  }
  return out;
}

/** Consecutive slices' trials, in the order given: the run's, whatever the slicing. */
export function mergeSingleModelTrials(parts: readonly SingleModelTrials[]): SingleModelTrials | null {
  if (parts.length === 0) return null;
  const K = parts[0].everyStep.length;
  return {
    success: Array.from({ length: K }, (_, a) => parts.flatMap((p) => p.success[a])),
    cost: Array.from({ length: K }, (_, a) => parts.flatMap((p) => p.cost[a])),
    utility: Array.from({ length: K }, (_, a) => parts.flatMap((p) => p.utility[a])),
    everyStep: Array.from({ length: K }, (_, a) => parts.every((p) => p.everyStep[a])),
  };
}

/** The models that could be asked at every step, each summarised over the trials (in the world's order). */
export function summarizeSingleModels(arms: readonly string[], trials: SingleModelTrials): SingleModelSummary[] {
  const out: SingleModelSummary[] = [];
  arms.forEach((model, arm) => {
    if (!trials.everyStep[arm]) return;
    out.push({ arm, model, success: meanStd(trials.success[arm]), cost: meanStd(trials.cost[arm]), utility: meanStd(trials.utility[arm]) });
  });
  return out;
}
