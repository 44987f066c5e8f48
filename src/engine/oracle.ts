import { clearlyGreater } from './ties';
import { NULL_ACTION } from './types';

/**
 * Oracles of the CA-CMAB with known success probabilities q (paper §4).
 * All functions take one prompt's q and costs and the arms available at that step.
 */

/**
 * Proposition 1: if max_a (q_a − λc_a) ≤ 0 take the null action, else play argmin_a c_a/q_a
 * (and keep playing it until success). Ties go to the lower index.
 */
export function prop1Arm(q: ArrayLike<number>, costs: ArrayLike<number>, available: ArrayLike<number>, lambda: number): number {
  return prop1ArmLazy(costs, available, lambda, (a) => q[a]);
}

/**
 * Proposition 1 asking for q_a only where it can matter, so a learner skips estimating most arms.
 * Arms are visited cheapest first; once c_a ≥ the best ratio c_b/q_b found so far, no arm from a on can
 * win (c_a/q_a ≥ c_a since q_a ≤ 1), and none has q_a − λc_a > 0 unless a visited one has: if the best
 * visited arm has q_b − λc_b ≤ 0 then c_a ≥ c_b/q_b ≥ 1/λ, so q_a − λc_a ≤ 1 − λc_a ≤ 0. Same answer as
 * the full scan, ties included (lower index).
 */
export function prop1ArmLazy(costs: ArrayLike<number>, available: ArrayLike<number>, lambda: number, qOf: (arm: number) => number): number {
  const order: number[] = [];
  for (let a = 0; a < costs.length; a++) if (available[a]) order.push(a);
  order.sort((a, b) => costs[a] - costs[b] || a - b);
  let best = NULL_ACTION;
  let bestRatio = Infinity;
  let pays = false;
  for (const a of order) {
    if (clearlyGreater(costs[a], bestRatio)) break;
    const q = qOf(a);
    if (q - lambda * costs[a] > 0) pays = true;
    if (q > 0) {
      const ratio = costs[a] / q;
      if (clearlyGreater(bestRatio, ratio) || (!clearlyGreater(ratio, bestRatio) && a < best)) {
        bestRatio = ratio;
        best = a;
      }
    }
  }
  return pays ? best : NULL_ACTION;
}

/**
 * The paper's optimal utility with an unlimited round budget (Proposition 1, eq. (utility), promptwise.tex l. 268–273):
 * u*(x) = 1[a* ≠ a0] · (1 − λ c_{a*}/q_{a*}). The finite-budget DP's value (budgetValue) is at most this.
 */
export function unlimitedValue(q: ArrayLike<number>, costs: ArrayLike<number>, available: ArrayLike<number>, lambda: number): number {
  const a = prop1Arm(q, costs, available, lambda);
  return a === NULL_ACTION ? 0 : 1 - (lambda * costs[a]) / q[a];
}

/**
 * Expected utility of playing one arm repeatedly until success, at most τ pulls
 * (truncated-utility lemma): Σ_{k<τ} (1−q)^k (q − λc) = (q − λc)(1 − (1−q)^τ)/q, and −τλc when q = 0.
 * With τ → ∞ and q > 0 this is 1 − λc/q, Proposition 1's value.
 */
export function truncatedUtility(q: number, cost: number, lambda: number, tau: number): number {
  if (tau <= 0) return 0;
  if (q <= 0) return -tau * lambda * cost;
  if (q >= 1) return 1 - lambda * cost;
  return ((q - lambda * cost) * (1 - (1 - q) ** tau)) / q;
}

/** The finite-budget optimum: values V_0..V_τmax and the arm to play with n rounds left. */
export interface BudgetPlan {
  /** value[n] = V_n, the best expected utility with n pulls left (value[0] = 0). */
  value: Float64Array;
  /** arm[n] = the arm to pull with n pulls left, or NULL_ACTION; arm[0] is NULL_ACTION. */
  arm: Int32Array;
}

/**
 * Exact finite-budget oracle by dynamic programming over rounds left:
 * V_0 = 0, V_n = max(0, max_a q_a − λc_a + (1 − q_a)·V_{n−1}).
 * Pulls are independent draws, so after a failure the state is just the number of rounds left.
 * With τ_max < ∞ the best plan can switch arms (e.g. a cheap long shot first, then a sure but dear model),
 * which Proposition 1 never does.
 */
export function planBudget(q: ArrayLike<number>, costs: ArrayLike<number>, available: ArrayLike<number>, lambda: number, tauMax: number): BudgetPlan {
  const value = new Float64Array(tauMax + 1);
  const arm = new Int32Array(tauMax + 1).fill(NULL_ACTION);
  for (let n = 1; n <= tauMax; n++) {
    let best = 0;
    let bestArm = NULL_ACTION;
    const rest = value[n - 1];
    for (let a = 0; a < q.length; a++) {
      if (!available[a]) continue;
      const v = q[a] - lambda * costs[a] + (1 - q[a]) * rest;
      if (clearlyGreater(v, best)) {
        best = v;
        bestArm = a;
      }
    }
    value[n] = best;
    arm[n] = bestArm;
  }
  return { value, arm };
}

/** V_τmax: the DP oracle's expected utility, the benchmark regret is measured against. */
export function budgetValue(q: ArrayLike<number>, costs: ArrayLike<number>, available: ArrayLike<number>, lambda: number, tauMax: number): number {
  return planBudget(q, costs, available, lambda, tauMax).value[tauMax];
}
