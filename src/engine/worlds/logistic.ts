import { sigmoid } from '../estimators/linalg';
import { norm } from '../features/scale';
import { createRng, deriveSeed, type Rng } from '../rng';
import type { Prompt, World } from '../types';
import { bernoulliPull } from './bernoulli';
import { WorldFormatError } from './errors';
import { availability } from './schedule';
import type { LogisticSpec } from './schema';

/**
 * The paper's linear-logistic world: x uniform in the unit ball of R^d, q_a(x) = sigmoid(<theta_a, x>).
 * `dOverride` (the CLI's --d) changes d only when theta is drawn from theta_seed; a given theta fixes d.
 */
export function buildLogisticWorld(spec: LogisticSpec, dOverride?: number, source?: string): World {
  const K = spec.costs.length;
  if (spec.theta && dOverride !== undefined && dOverride !== spec.d) {
    throw new WorldFormatError('d', `this world gives theta, so its dimension is fixed at ${spec.d} (got --d ${dOverride})`, source);
  }
  const d = spec.theta ? spec.d : (dOverride ?? spec.d);
  const theta = spec.theta ? spec.theta.map((row) => Float64Array.from(row)) : drawTheta(spec.theta_seed!, spec.costs, d);
  const costs = Float64Array.from(spec.costs);
  const availableAt = availability(spec.arm_start, K);

  return {
    name: spec.name,
    arms: spec.arms ? [...spec.arms] : Array.from({ length: K }, (_, a) => `arm-${a}`),
    dim: d,
    categories: [],
    draw(t: number, rng: Rng): Prompt {
      const x = uniformInBall(d, rng);
      const q = theta.map((th) => sigmoid(dot(th, x)));
      return { x, category: -1, row: -1, q: Float64Array.from(q), costs, available: availableAt(t) };
    },
    pull: bernoulliPull,
  };
}

/**
 * theta for `theta_seed`: each theta_a points in a direction uniform on the sphere (normals from
 * createRng(deriveSeed(seed, 'theta')), drawn arm by arm) and has length √d · (1 + rank_a), rank_a = place of
 * c_a among the costs (cheapest 0, ties by index). Every arm is good on its own half-space, so the cheapest
 * adequate arm varies with x; pricier arms are sharper (q nearer 0 or 1). The √d keeps <theta_a, x> on the
 * same scale whatever d is, since a random direction's cosine with x shrinks like 1/√d.
 */
export function drawTheta(seed: number, costs: readonly number[], d: number): Float64Array[] {
  const rng = createRng(deriveSeed(seed, 'theta'));
  const order = costs.map((c, a) => ({ c, a })).sort((p, r) => p.c - r.c || p.a - r.a);
  const rank = new Array<number>(costs.length);
  order.forEach(({ a }, r) => {
    rank[a] = r;
  });
  return costs.map((_, a) => scaleTo(unitDirection(d, rng), Math.sqrt(d) * (1 + rank[a])));
}

/** Uniform in the unit ball: a uniform direction times radius u^{1/d}. */
function uniformInBall(d: number, rng: Rng): Float64Array {
  return scaleTo(unitDirection(d, rng), rng.uniform() ** (1 / d));
}

function unitDirection(d: number, rng: Rng): Float64Array {
  for (;;) {
    const g = Float64Array.from({ length: d }, () => rng.normal());
    const n = norm(g);
    if (n > 0) return g.map((v) => v / n);
  }
}

function scaleTo(v: Float64Array, length: number): Float64Array {
  return v.map((x) => x * length);
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
