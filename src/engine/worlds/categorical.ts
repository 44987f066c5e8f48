import type { Rng } from '../rng';
import type { Prompt, World } from '../types';
import { bernoulliPull } from './bernoulli';
import { availability, byPhase } from './schedule';
import type { CategoricalSpec } from './schema';

/**
 * A world of M prompt categories: category j is drawn with probability category_probs[j] (renormalised over
 * the categories already started), its context is one-hot e_j (zero-padded to context_dim) or contexts[j],
 * and arm a succeeds with probability q[j][a].
 */
export function buildCategoricalWorld(spec: CategoricalSpec): World {
  const K = spec.arms.length;
  const M = spec.categories.length;
  const dim = spec.contexts ? spec.contexts[0].length : (spec.context_dim ?? M);
  const xs = spec.contexts
    ? spec.contexts.map((x) => Float64Array.from(x))
    : spec.categories.map((_, j) => {
        const x = new Float64Array(dim);
        x[j] = 1;
        return x;
      });
  const qs = spec.q.map((row) => Float64Array.from(row));
  const costs = Float64Array.from(spec.costs);
  const probs = spec.category_probs ?? new Array<number>(M).fill(1 / M);
  const availableAt = availability(spec.arm_start, K);
  const cumulativeAt = byPhase(spec.category_start, M, (active) => cumulative(probs.map((p, j) => (active[j] ? p : 0))));

  return {
    name: spec.name,
    arms: [...spec.arms],
    dim,
    categories: [...spec.categories],
    draw(t: number, rng: Rng): Prompt {
      const j = pick(cumulativeAt(t), rng.uniform());
      return { x: xs[j], category: j, row: -1, q: qs[j], costs, available: availableAt(t) };
    },
    pull: bernoulliPull,
  };
}

/** Normalised cumulative sums; from the last positive weight on the value is exactly 1, so u < 1 always lands. */
function cumulative(weights: readonly number[]): Float64Array {
  const total = weights.reduce((s, w) => s + w, 0);
  const last = weights.findLastIndex((w) => w > 0);
  const out = new Float64Array(weights.length);
  let acc = 0;
  weights.forEach((w, j) => {
    acc += w / total;
    out[j] = j >= last ? 1 : acc;
  });
  return out;
}

/** First j with u < cum[j]; zero-weight entries have empty intervals and are never picked. */
function pick(cum: Float64Array, u: number): number {
  let j = 0;
  while (u >= cum[j]) j++;
  return j;
}
