import { describe, expect, it } from 'vitest';
import { budgetValue, planBudget, prop1Arm, prop1ArmLazy, truncatedUtility } from './oracle';
import { createRng } from './rng';
import { NULL_ACTION } from './types';

/** Expected utility of Proposition 1's plan when the budget is τ_max pulls. */
function prop1Value(q: ArrayLike<number>, costs: ArrayLike<number>, available: ArrayLike<number>, lambda: number, tauMax: number): number {
  const a = prop1Arm(q, costs, available, lambda);
  return a === NULL_ACTION ? 0 : truncatedUtility(q[a], costs[a], lambda, tauMax);
}

const all = (K: number) => new Uint8Array(K).fill(1);

/** Expected utility of a fixed sequence of arms (stop after the list or at the first success). */
function planUtility(plan: number[], q: number[], c: number[], lambda: number): number {
  let reach = 1;
  let u = 0;
  for (const a of plan) {
    u += reach * (q[a] - lambda * c[a]);
    reach *= 1 - q[a];
  }
  return u;
}

/** Every sequence of at most `tau` arms (the empty one is the null action). */
function* plans(K: number, tau: number): Generator<number[]> {
  yield [];
  if (tau === 0) return;
  for (const rest of plans(K, tau - 1)) {
    if (rest.length !== tau - 1) continue;
    for (let a = 0; a < K; a++) yield [...rest, a];
  }
}
function* allPlans(K: number, tau: number): Generator<number[]> {
  for (let len = 0; len <= tau; len++) for (const p of plans(K, len)) if (p.length === len) yield p;
}

function randomInstance(seed: number, K: number) {
  const rng = createRng(seed);
  const q = Array.from({ length: K }, () => (rng.uniform() < 0.2 ? 0 : rng.uniform()));
  const c = Array.from({ length: K }, () => 0.1 + rng.uniform() * 50);
  return { q, c, lambda: rng.uniform() * 0.05 };
}

describe('Proposition 1', () => {
  it('stops when no arm has positive q − λc and otherwise plays argmin c/q', () => {
    expect(prop1Arm([0.1, 0.2], [20, 30], all(2), 0.01)).toBe(NULL_ACTION); // 0.1−0.2 < 0, 0.2−0.3 < 0
    expect(prop1Arm([0.5, 1], [0.75, 12.5], all(2), 0.01)).toBe(0); // c/q: 1.5 vs 12.5
    expect(prop1Arm([0.5, 1], [0.75, 1.37], all(2), 0.01)).toBe(1); // 1.5 vs 1.37
    expect(prop1Arm([0.5, 1], [0.75, 1.37], Uint8Array.from([1, 0]), 0.01)).toBe(0);
  });

  it('the untruncated value of repeating the arm is 1 − λc/q', () => {
    expect(truncatedUtility(0.4, 2, 0.01, 10_000)).toBeCloseTo(1 - (0.01 * 2) / 0.4, 12);
  });

  it('argmin c/q maximises the untruncated utility 1 − λc/q over arms', () => {
    for (let s = 0; s < 200; s++) {
      const { q, c, lambda } = randomInstance(s, 4);
      const a = prop1Arm(q, c, all(4), lambda);
      if (a === NULL_ACTION) continue;
      const best = Math.max(...q.map((qa, b) => (qa > 0 ? 1 - (lambda * c[b]) / qa : -Infinity)));
      expect(1 - (lambda * c[a]) / q[a]).toBeCloseTo(best, 12);
    }
  });
});

describe('Proposition 1, lazily', () => {
  /** The rule by a plain scan of every arm. */
  function fullScan(q: number[], c: number[], avail: Uint8Array, lambda: number): number {
    let pays = false;
    let best = NULL_ACTION;
    for (let a = 0; a < q.length; a++) {
      if (!avail[a]) continue;
      if (q[a] - lambda * c[a] > 0) pays = true;
      if (q[a] > 0 && (best === NULL_ACTION || c[a] / q[a] < c[best] / q[best])) best = a;
    }
    return pays ? best : NULL_ACTION;
  }

  it('gives the full scan answer, ties and unavailable arms included, while asking for fewer estimates', () => {
    let asked = 0;
    let scanned = 0;
    for (let s = 0; s < 2000; s++) {
      const rng = createRng(500 + s);
      const K = 1 + rng.int(6);
      const q = Array.from({ length: K }, () => [0, 1, 0.5, rng.uniform()][rng.int(4)]);
      const c = Array.from({ length: K }, () => [1, 2, 0.5 + rng.uniform() * 100][rng.int(3)]);
      const avail = Uint8Array.from({ length: K }, () => (rng.uniform() < 0.85 ? 1 : 0));
      const lambda = [0.01, 0.5, 2][rng.int(3)];
      const qOf = (a: number) => {
        asked++;
        return q[a];
      };
      expect(prop1ArmLazy(c, avail, lambda, qOf)).toBe(fullScan(q, c, avail, lambda));
      scanned += avail.reduce((n, v) => n + v, 0);
    }
    expect(asked).toBeLessThan(scanned);
  });
});

describe('truncated utility', () => {
  it('equals the expected utility of repeating one arm τ times, by enumeration and by Monte Carlo', () => {
    const rng = createRng(3);
    for (const [q, c, lambda, tau] of [
      [0.3, 2, 0.05, 4],
      [0.9, 10, 0.01, 2],
      [0, 1, 0.1, 3],
      [1, 5, 0.01, 5],
    ] as const) {
      const exact = truncatedUtility(q, c, lambda, tau);
      expect(exact).toBeCloseTo(planUtility(Array(tau).fill(0), [q], [c], lambda), 12);
      let sum = 0;
      const n = 200_000;
      for (let i = 0; i < n; i++) {
        let paid = 0;
        let won = 0;
        for (let k = 0; k < tau && !won; k++) {
          paid += c;
          won = rng.uniform() < q ? 1 : 0;
        }
        sum += won - lambda * paid;
      }
      expect(Math.abs(sum / n - exact)).toBeLessThan(4 * Math.sqrt(1 / n) * (1 + lambda * c * tau));
    }
  });
});

describe('finite-budget DP oracle', () => {
  it('equals the best of all plans by brute force, and is ≥ every fixed plan', () => {
    for (let s = 0; s < 60; s++) {
      const K = 3;
      const tau = 1 + (s % 4);
      const { q, c, lambda } = randomInstance(100 + s, K);
      const v = budgetValue(q, c, all(K), lambda, tau);
      let best = 0;
      for (const p of allPlans(K, tau)) {
        const u = planUtility(p, q, c, lambda);
        expect(v).toBeGreaterThanOrEqual(u - 1e-12);
        best = Math.max(best, u);
      }
      expect(v).toBeCloseTo(best, 12);
    }
  });

  it('its plan achieves its value (evaluated exactly) and Monte Carlo agrees', () => {
    const q = [0.5, 1, 0.9];
    const c = [0.75, 90, 12.5];
    const lambda = 0.01;
    const tau = 3;
    const plan = planBudget(q, c, all(3), lambda, tau);
    const seq = [plan.arm[3], plan.arm[2], plan.arm[1]].filter((a) => a !== NULL_ACTION);
    expect(planUtility(seq, q, c, lambda)).toBeCloseTo(plan.value[3], 12);
    const rng = createRng(9);
    let sum = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      let paid = 0;
      let won = 0;
      for (let left = tau; left > 0 && !won; left--) {
        const a = plan.arm[left];
        if (a === NULL_ACTION) break;
        paid += c[a];
        won = rng.uniform() < q[a] ? 1 : 0;
      }
      sum += won - lambda * paid;
    }
    expect(Math.abs(sum / n - plan.value[3])).toBeLessThan(0.01);
  });

  it('can beat Proposition 1 under a finite budget by switching arms', () => {
    // A cheap long shot then a sure but dear model: Prop. 1 repeats the cheap arm and may run out of rounds.
    const q = [0.5, 1];
    const c = [0.75, 1.6];
    const lambda = 0.01;
    const tau = 2;
    expect(prop1Arm(q, c, all(2), lambda)).toBe(0);
    const dp = planBudget(q, c, all(2), lambda, tau);
    expect(dp.arm[2]).toBe(0);
    expect(dp.arm[1]).toBe(1); // last round: switch to the sure model
    expect(dp.value[2]).toBeGreaterThan(prop1Value(q, c, all(2), lambda, tau) + 1e-3);
  });

  it('never plays an unavailable arm and takes the null action when nothing pays', () => {
    const plan = planBudget([0.9, 0.01], [1, 1000], Uint8Array.from([0, 1]), 0.01, 4);
    expect(Array.from(plan.arm)).toEqual([NULL_ACTION, NULL_ACTION, NULL_ACTION, NULL_ACTION, NULL_ACTION]);
    expect(plan.value[4]).toBe(0);
  });
});
