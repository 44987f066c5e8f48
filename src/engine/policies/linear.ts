import { LinearRidgeArm } from '../estimators/linearRidge';
import type { WasmArena } from '../estimators/wasm/arena';
import type { Rng } from '../rng';
import type { ArmModel } from './armModel';

/** Li et al. 2010, Algorithm 1 (and Agrawal & Goyal 2013, Algorithm 1) start each arm at A = I_d: ridge 1. */
const LINEAR_RIDGE = 1;

/**
 * LinUCB's index per arm (Li, Chu, Langford, Schapire 2010, Algorithm 1, "disjoint" linear model):
 * p_a = xᵀθ̂_a + α√(xᵀA_a⁻¹x), θ̂_a = A_a⁻¹b_a. The reward it regresses is the 0/1 success: the cost of a model is
 * known before it is asked, so the learner ranks p_a − λc_a, the index of the reward success − λc (docs/ENGINE.md,
 * reading 16). Not clipped to [0, 1], as PAK-UCB's is not: clipping would tie every optimistic arm at 1.
 */
export function linearUcbModel(dim: number, arena: WasmArena): ArmModel {
  const est = new LinearRidgeArm(dim, LINEAR_RIDGE, arena);
  const estimate = (x: Float64Array, alpha: number) => {
    const { mean, variance } = est.at(x);
    const bonus = alpha * Math.sqrt(variance);
    return { qHat: mean + bonus, bonus };
  };
  return {
    get count() {
      return est.count;
    },
    add: (x, y) => est.add(x, y),
    fit: () => {},
    estimate,
    peek: estimate, // `at` writes only its scratch vector
  };
}

/**
 * Linear Thompson sampling's draw per arm (Agrawal & Goyal 2013, Algorithm 1, with a model per arm as LinUCB's):
 * θ̃_a ~ N(θ̂_a, v²B_a⁻¹), score xᵀθ̃_a. Only xᵀθ̃_a is used, and it is N(xᵀθ̂_a, v²xᵀB_a⁻¹x): the scalar is drawn
 * directly (one normal from the policy's seeded stream, O(d²)) rather than θ̃_a (a Cholesky factor, O(d³)); the
 * decision has the same law. `v` comes in as `alpha` (registry.ts: THOMPSON_V). `peek` gives the posterior mean:
 * a draw would consume the stream and change the run.
 */
export function linearThompsonModel(dim: number, rng: Rng, arena: WasmArena): ArmModel {
  const est = new LinearRidgeArm(dim, LINEAR_RIDGE, arena);
  return {
    get count() {
      return est.count;
    },
    add: (x, y) => est.add(x, y),
    fit: () => {},
    estimate(x, v) {
      const { mean, variance } = est.at(x);
      const bonus = v * Math.sqrt(variance) * rng.normal();
      return { qHat: mean + bonus, bonus };
    },
    peek(x) {
      return { qHat: est.at(x).mean, bonus: 0 };
    },
  };
}

/**
 * The model of a prompt's direction x/‖x‖ rather than x (PILOT's affinity: a cosine in the shared space when θ_a is
 * of unit length): the zero context stays zero.
 */
export function directionModel(inner: ArmModel, dim: number): ArmModel {
  const unit = new Float64Array(dim);
  const direction = (x: Float64Array) => {
    let n = 0;
    for (let i = 0; i < dim; i++) n += x[i] * x[i];
    const s = n > 0 ? 1 / Math.sqrt(n) : 0;
    for (let i = 0; i < dim; i++) unit[i] = x[i] * s;
    return unit;
  };
  return {
    get count() {
      return inner.count;
    },
    add: (x, y) => inner.add(direction(x), y),
    fit: () => inner.fit(),
    estimate: (x, alpha) => inner.estimate(direction(x), alpha),
    peek: (x, alpha) => inner.peek(direction(x), alpha),
  };
}
