/**
 * The featurizer ablation (paper §5's comparison of context representations): the same dataset, seed and
 * algorithms run once per featurizer, one summary per (featurizer, algorithm), side by side.
 */
import { driveSimulation, type SimOptions, simulate } from '../simulate';
import type { World } from '../types';
import type { DatasetWorld } from '../worlds/dataset';
import type { FeatureType } from './datasetSource';

export interface AblationArm {
  features: FeatureType;
  world: World;
}

interface AblationPoint {
  features: FeatureType;
  /** Context dimension the featurizer gave. */
  dim: number;
  /** Embedding features projected by PCA: the share of variance kept. */
  explainedVariance?: number;
  algo: string;
  utility: number;
  cost: number;
  success: number;
  regret: number;
  /** Standard deviation of utility over trials. */
  utilityStd: number;
}

export interface AblationResult {
  features: FeatureType[];
  points: AblationPoint[];
}

export interface AblationTick {
  done: number;
  total: number;
}

/** Runs `options` on each featurizer's world in turn; yields progress in steps over all of them. */
export function* ablation(arms: readonly AblationArm[], options: SimOptions, chunk = 100): Generator<AblationTick, AblationResult, void> {
  const total = arms.length * options.algos.length * options.trials * options.T;
  const points: AblationPoint[] = [];
  let done = 0;
  for (const { features, world } of arms) {
    const summary = yield* driveSimulation(simulate(world, options, chunk), (batch) => {
      done += batch.to - batch.from;
      return { done, total };
    });
    const explained = (world as Partial<DatasetWorld>).features?.explainedVariance;
    for (const algo of options.algos) {
      const r = summary.results[algo];
      points.push({
        features,
        dim: world.dim,
        ...(explained === undefined ? {} : { explainedVariance: explained }),
        algo,
        utility: r.utility.mean,
        cost: r.cost.mean,
        success: r.success.mean,
        regret: r.regret.mean,
        utilityStd: r.utility.std,
      });
    }
  }
  return { features: arms.map((a) => a.features), points };
}
