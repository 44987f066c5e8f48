import type { World } from '../types';
import { buildCategoricalWorld } from './categorical';
import { buildDatasetWorld, type WorldIO } from './dataset';
import { show, WorldFormatError } from './errors';
import { buildLogisticWorld } from './logistic';
import type { WorldSpec } from './schema';

export interface BuildOptions {
  /** --d: the dimension of a logistic world drawn from theta_seed, or of a dataset's hashed-ngrams features. */
  d?: number;
  /** The world file, for relative `prompts` paths and for WorldFormatError.source. */
  worldPath?: string;
}

/**
 * Builds a validated spec (from parseWorldSpec, parseWorldJson or builtinWorldSpec). Only dataset worlds touch
 * `io`. A --d that cannot apply is an error rather than ignored, so a run never silently differs from what
 * was asked.
 */
export function buildWorld(spec: WorldSpec, io: WorldIO, opts: BuildOptions = {}): World {
  const { d, worldPath } = opts;
  if (d !== undefined && !(Number.isInteger(d) && d >= 1)) {
    throw new WorldFormatError('d', `must be a positive integer (got ${show(d)})`, worldPath);
  }
  switch (spec.type) {
    case 'categorical':
      if (d !== undefined) {
        throw new WorldFormatError(
          'd',
          `--d applies to logistic and dataset worlds; a categorical world's dimension comes from context_dim or contexts (got --d ${d})`,
          worldPath,
        );
      }
      return buildCategoricalWorld(spec);
    case 'logistic':
      return buildLogisticWorld(spec, d, worldPath);
    case 'dataset':
      return buildDatasetWorld(spec, io, { d, worldPath });
  }
}
