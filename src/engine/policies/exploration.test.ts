/**
 * Forced exploration (Algorithm 1, lines 1–4: one pull per prompt, then "moving to the next context") for every
 * learner and baseline that explores (§5.1), and the Greedy baselines' rule (average success − λ·c).
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { type BanditParams, defaultParams, NULL_ACTION, type Policy, type StepView } from '../types';
import { ALGORITHM_IDS } from './algorithms';
import { type AlgorithmId, createPolicy } from './registry';

const K = 4;
const step = (t: number, costs = [1, 2, 3, 4]): StepView => ({
  t,
  x: Float64Array.of(0.3, -0.1),
  costs: Float64Array.from(costs),
  available: new Uint8Array(costs.length).fill(1),
});
const make = (id: AlgorithmId, params: Partial<BanditParams> = {}, k = K) =>
  createPolicy(id, { K: k, dim: 2, params: { ...defaultParams, ...params }, rng: createRng(7) });

/** Plays one prompt: the arms the policy asks for, each answered by `reward(arm)`, until it stops or τ_max. */
function play(policy: Policy, view: StepView, reward: (arm: number) => 0 | 1, tauMax = 5): number[] {
  policy.begin(view, new Float64Array(view.costs.length).fill(0.5));
  const arms: number[] = [];
  for (let left = tauMax; left > 0; left--) {
    const arm = policy.next(left);
    if (arm === NULL_ACTION) break;
    arms.push(arm);
    const r = reward(arm);
    policy.observe(arm, r);
    if (r === 1) break;
  }
  policy.end();
  return arms;
}

const EXPLORING = ALGORITHM_IDS.filter((id) => !['lowest-cost', 'highest-cost', 'oracle', 'oracle-prop1'].includes(id));

describe('forced exploration', () => {
  it.each(EXPLORING)('%s: the first K prompts each query one unexplored model once, then move on', (id) => {
    const policy = make(id);
    const asked = Array.from({ length: K }, (_, t) => play(policy, step(t), () => 0));
    // One query per exploration prompt, even though it failed and budget is left.
    expect(asked.map((a) => a.length)).toEqual([1, 1, 1, 1]);
    expect(
      asked.map((a) => a[0]),
      'every model once',
    ).toEqual(expect.arrayContaining([0, 1, 2, 3]));
    if (!id.includes('-official')) expect(asked.map((a) => a[0])).toEqual([0, 1, 2, 3]); // lowest index first
  });

  it('the official variants draw the under-explored models in random order, the others go by index', () => {
    const orders = [1, 2, 3, 4, 5].map((seed) => {
      const policy = createPolicy('promptwise-official', { K: 6, dim: 2, params: defaultParams, rng: createRng(seed) });
      return Array.from({ length: 6 }, (_, t) => play(policy, step(t, [1, 2, 3, 4, 5, 6]), () => 0)[0]).join('');
    });
    expect(new Set(orders).size).toBeGreaterThan(1);
    for (const o of orders) expect([...o].sort().join('')).toBe('012345');
  });

  it('τ_exp rounds per model, one per prompt; a model that joins later is explored when it appears', () => {
    const policy = make('promptwise', { tauExp: 2 }, 2);
    const two = [1, 2];
    const asked = Array.from({ length: 4 }, (_, t) => play(policy, step(t, two), () => 1));
    expect(asked).toEqual([[0], [0], [1], [1]]);

    const late = make('greedy', {}, 3);
    const first = { ...step(0, [1, 2, 3]), available: Uint8Array.of(1, 1, 0) };
    expect([play(late, first, () => 1), play(late, { ...first, t: 1 }, () => 1)]).toEqual([[0], [1]]);
    expect(play(late, step(2, [1, 2, 3]), () => 1)).toEqual([2]); // arm 2 joins: explored at once
  });

  it('Lowest-cost and Highest-cost do not explore', () => {
    expect(play(make('lowest-cost'), step(0), () => 0)).toEqual([0]);
    expect(play(make('highest-cost'), step(0), () => 0)).toEqual([3]);
  });
});

describe('Greedy and Greedy-till-Succeed (§5.1: average success rate, less λ·c as in the authors’ code)', () => {
  it('rank the context-free means less λ·c: a cheap model that failed once beats a dear one that succeeded', () => {
    const costs = [1, 200];
    for (const id of ['greedy', 'greedy-ts'] as const) {
      const policy = make(id, { lambda: 0.01 }, 2);
      play(policy, step(0, costs), () => 0); // explores arm 0: fails
      play(policy, step(1, costs), () => 1); // explores arm 1: succeeds
      // mean − λc: arm 0: 0 − 0.01; arm 1: 1 − 2. A cost-unaware rule would take arm 1.
      expect(
        play(policy, step(2, costs), () => 1),
        id,
      ).toEqual([0]);
    }
  });

  it('Greedy queries once per prompt; Greedy-till-Succeed ranks again with the updated mean after each failure', () => {
    const costs = [1, 1];
    const single = make('greedy', {}, 2);
    const tillSuccess = make('greedy-ts', {}, 2);
    for (const p of [single, tillSuccess]) {
      play(p, step(0, costs), () => 1);
      play(p, step(1, costs), () => 1);
    }
    // Both means are 1: arm 0 first (lower index). It fails: Greedy moves on, GtS's arm 0 mean drops to 1/2 → arm 1.
    expect(play(single, step(2, costs), () => 0)).toEqual([0]);
    expect(play(tillSuccess, step(2, costs), (a) => (a === 1 ? 1 : 0))).toEqual([0, 1]);
    expect(tillSuccess.explain?.().estimates.map((e) => e.qHat)).toEqual([0.5, 1]);
  });
});
