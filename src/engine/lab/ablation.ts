/**
 * The featurizer ablation (paper §5's comparison of context representations): the same dataset, seed and
 * algorithms run once per featurizer, one summary per (featurizer, algorithm), side by side.
 */
import { messageOf } from '../messageOf';
import { driveSimulation, SimCancelled, type SimOptions, type SimResult, simulate } from '../simulate';
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

/** A featurizer that could not be run (its world could not be built, or its simulation failed), and why. */
export interface AblationFailure {
  features: FeatureType;
  error: string;
}

export interface AblationResult {
  features: FeatureType[];
  points: AblationPoint[];
  /** The featurizers that failed; the others' points are kept (issue 41, item 8). */
  failed: AblationFailure[];
}

export interface AblationTick {
  done: number;
  total: number;
}

/**
 * Runs `options` on each featurizer's world in turn; yields progress in steps over all of them. A featurizer whose
 * simulation fails is listed in `failed` with its message and the others go on; `failed` starts with those whose
 * world could not be built (`unbuilt`). A cancellation still ends the whole ablation.
 */
export function* ablation(
  arms: readonly AblationArm[],
  options: SimOptions,
  chunk = 100,
  unbuilt: readonly AblationFailure[] = [],
): Generator<AblationTick, AblationResult, void> {
  const total = arms.length * options.algos.length * options.trials * options.T;
  const points: AblationPoint[] = [];
  const failed: AblationFailure[] = [...unbuilt];
  let done = 0;
  for (const { features, world } of arms) {
    const before = done;
    let summary: SimResult;
    try {
      summary = yield* runArm(world, options, chunk, (steps) => {
        done += steps;
        return { done, total };
      });
    } catch (e) {
      if (e instanceof SimCancelled) throw e;
      failed.push({ features, error: messageOf(e) });
      done = before + options.algos.length * options.trials * options.T;
      continue;
    }
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
  return { features: arms.map((a) => a.features), points, failed };
}

/** One featurizer's simulation, its progress in steps. */
function* runArm(world: World, options: SimOptions, chunk: number, tick: (steps: number) => AblationTick): Generator<AblationTick, SimResult, void> {
  return yield* driveSimulation(simulate(world, options, chunk), (batch) => tick(batch.to - batch.from));
}
