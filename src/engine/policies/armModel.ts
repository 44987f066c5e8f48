import { AuthorsKernelRidgeArm } from '../estimators/authorsKernelRidge';
import { DesignInverse } from '../estimators/designInverse';
import { rbf } from '../estimators/kernel';
import { KernelLogisticArm } from '../estimators/kernelLogistic';
import { KernelRidgeArm } from '../estimators/kernelRidge';
import { sigmoid } from '../estimators/linalg';
import { LogisticArm } from '../estimators/logistic';
import type { WasmArena } from '../estimators/wasm/arena';
import type { ArmEstimate, BanditParams } from '../types';

/**
 * One arm's learned success model, as the learners use it: feed observations, then ask for an
 * optimistic estimate at a context. Wraps the estimators so policies do not care which family they use.
 */
export interface ArmModel {
  readonly count: number;
  add(x: Float64Array, y: 0 | 1): void;
  /** Bring the fit up to date with everything added (warm-started; see the estimators). */
  fit(): void;
  /** q̂ with exploration bonus scaled by `alpha` (alpha = 0: the plain estimate). */
  estimate(x: Float64Array, alpha: number): ArmEstimate;
  /**
   * The same numbers as `estimate`, bit for bit, without side effects that could change later estimates or
   * updates: what the lab's decision trace reads for arms the policy did not look at itself.
   */
  peek(x: Float64Array, alpha: number): ArmEstimate;
}

/** An estimator of the success logit f̂(x) with a confidence width, as the logistic and KLR arms are. */
interface LogitEstimator {
  readonly count: number;
  add(x: Float64Array, y: 0 | 1): void;
  logit(x: Float64Array): number;
  width(x: Float64Array): number;
  /** width(x) without side effects, if width has any that matter (see LogisticArm.peekWidth). */
  peekWidth?(x: Float64Array): number;
}

/** The optimistic index in logit space: q̂ = σ(f̂(x) + α·width(x)) (Algorithm 1). */
function optimisticLogit(est: LogitEstimator, fit: () => void): ArmModel {
  return {
    get count() {
      return est.count;
    },
    add: (x, y) => est.add(x, y),
    fit,
    estimate(x, alpha) {
      const bonus = alpha === 0 ? 0 : alpha * est.width(x);
      return { qHat: sigmoid(est.logit(x) + bonus), bonus };
    },
    peek(x, alpha) {
      const bonus = alpha === 0 ? 0 : alpha * (est.peekWidth ? est.peekWidth(x) : est.width(x));
      return { qHat: sigmoid(est.logit(x) + bonus), bonus };
    },
  };
}

/**
 * Logistic MLE per arm; q̂ = σ(xᵀθ̂ + α‖x‖_{V⁻¹}). The factories take the policy's WasmArena: all its arms'
 * matrices share one WebAssembly memory (browsers refuse a memory per matrix beyond a few hundred).
 */
export function logisticModel(dim: number, params: BanditParams, arena: WasmArena): ArmModel {
  const est = new LogisticArm(dim, params.ridge, undefined, arena);
  return optimisticLogit(est, () => est.fit(params.fitIterations ?? undefined));
}

/** The authors' code's L2 penalty ½‖θ‖² on the logistic fit (refit from scratch there; the optimum is the same). */
const OFFICIAL_L2 = 1;
/** The authors' code's initial V⁻¹ = 10⁻⁶·I. */
export const OFFICIAL_VINV_INIT = 1e-6;

/**
 * PromptWise as the authors' public code has it (promptwise-official): q̂ = σ(xᵀθ̂ + α·xᵀV⁻¹x) with θ̂ the MLE
 * under ½‖θ‖² and V⁻¹ started at 10⁻⁶·I, so the bonus is about 10⁻⁶·α‖x‖² (x in the unit ball): in effect
 * no optimism, and exploration comes only from the τ_exp forced pulls.
 */
export function officialLogisticModel(dim: number, params: BanditParams, arena: WasmArena): ArmModel {
  const est = new LogisticArm(dim, OFFICIAL_L2, undefined, arena);
  const design = new DesignInverse(dim, OFFICIAL_VINV_INIT, arena);
  const estimate = (x: Float64Array, alpha: number): ArmEstimate => {
    const bonus = alpha === 0 ? 0 : alpha * design.quad(x);
    return { qHat: sigmoid(est.logit(x) + bonus), bonus };
  };
  return {
    get count() {
      return est.count;
    },
    add(x, y) {
      est.add(x, y);
      design.add(x);
    },
    fit: () => est.fit(params.fitIterations ?? undefined),
    estimate,
    peek: estimate, // quad() only overwrites its own scratch vector
  };
}

/** Kernel logistic regression (PromptWise-KLR): q̂ = σ(f̂(x) + α·β^-½·√(k(x,x) − k_xᵀ(K+βI)⁻¹k_x)). */
export function kernelLogisticModel(params: BanditParams, arena: WasmArena): ArmModel {
  const est = new KernelLogisticArm(rbf(params.sigma), params.beta, arena);
  return optimisticLogit(est, () => est.fit());
}

/**
 * Kernel ridge regression on the 0/1 rewards (PAK-UCB): q̂ = k_xᵀ(K+βI)⁻¹y + α·width. It is an upper
 * confidence score, not clipped to [0, 1]: clipping would turn every optimistic arm into a tie at 1.
 */
export function kernelRidgeModel(params: BanditParams, arena: WasmArena): ArmModel {
  return kernelUcb(new KernelRidgeArm(rbf(params.sigma), params.beta, arena));
}

/** The same index on the authors' code's kernel ridge matrix (ca-pak-ucb-ts-official; see AuthorsKernelRidgeArm). */
export function authorsKernelRidgeModel(params: BanditParams): ArmModel {
  return kernelUcb(new AuthorsKernelRidgeArm(rbf(params.sigma), params.beta));
}

interface KernelRegression {
  readonly count: number;
  add(x: Float64Array, y: number): void;
  fit(): void;
  mean(x: Float64Array): number;
  width(x: Float64Array): number;
}

function kernelUcb(est: KernelRegression): ArmModel {
  return {
    get count() {
      return est.count;
    },
    add: (x, y) => est.add(x, y),
    fit: () => est.fit(),
    estimate(x, alpha) {
      const bonus = alpha === 0 ? 0 : alpha * est.width(x);
      return { qHat: est.mean(x) + bonus, bonus };
    },
    // The kernel estimators' caches are memos of exact values (kernel vectors, the variance at the last x),
    // so estimating is already free of side effects that matter.
    peek(x, alpha) {
      return this.estimate(x, alpha);
    },
  };
}
