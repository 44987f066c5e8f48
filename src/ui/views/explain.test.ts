import { describe, expect, it } from 'vitest';
import { decisionWinners } from '../../engine/lab/trace';
import type { Decision, DecisionArm } from '../../engine/lab/types';
import { algorithmSpec } from '../../engine/policies/algorithms';
import { explainDecision, explainOracle, stopVerdict } from './explain';

const arm = (qHat: number, cost: number, q = 0.5, available: 0 | 1 = 1): DecisionArm => ({
  qHat,
  bonus: 1,
  costOverQ: Number.isNaN(qHat) ? NaN : qHat > 0 ? cost / qHat : Infinity,
  q,
  cost,
  available,
});
const names = ['gpt-4o-mini', 'deepseek-chat', 'o3-mini'];
/** A decision as the engine records it for `algo` (the registry's rule for it, the winners at λ = 0.01). */
const decision = (d: Partial<Decision> & Pick<Decision, 'arms'>, algo?: string): Decision => ({
  arm: 0,
  forced: false,
  pullsLeft: 5,
  stopValue: NaN,
  rule: (algo === undefined ? undefined : algorithmSpec(algo)?.rule) ?? 'unknown',
  winners: decisionWinners(d.arms, d.arm ?? 0, 0.01),
  ...d,
});

describe('explainDecision', () => {
  const arms = [arm(0.98, 0.6), arm(0.99, 1.1), arm(0.999, 4.4)];
  const stopValue = Math.max(...arms.map((a) => a.qHat - 0.01 * a.cost));

  it('names the lowest c/q̂ and the stop value for PromptWise', () => {
    const s = explainDecision(decision({ arm: 0, arms, stopValue }, 'promptwise'), names);
    expect(s).toBe('Chose gpt-4o-mini: lowest c/q̂ (0.612) among 3 available models; stop value +0.979 > 0, so it queries.');
  });

  it('explains forced exploration, and the stop that ends an exploration prompt', () => {
    const s = explainDecision(decision({ arm: 2, forced: true, arms, stopValue }, 'promptwise'), names);
    expect(s).toMatch(/^Forced exploration: o3-mini/);
    expect(explainDecision(decision({ arm: -1, forced: true, arms, stopValue }, 'promptwise'), names)).toMatch(/^Moves on: an exploration prompt ends/);
  });

  it('explains the null action by the stop value', () => {
    const s = explainDecision(decision({ arm: -1, arms, stopValue: -0.02 }, 'promptwise'), names);
    expect(s).toBe('Stopped (null action): the stop value max(q̂ − λc) = −0.0200 ≤ 0, so no model is worth its cost.');
    expect(explainDecision(decision({ arm: -1, arms, stopValue: 0.1, pullsLeft: 1 }, 'promptwise-budget'), names)).toMatch(/1 pull left/);
    expect(explainDecision(decision({ arm: -1, arms: [], stopValue: NaN }), names)).toMatch(/^Stopped:/);
    // The oracle estimates nothing: its stop is its plan's, on the true q.
    const noEstimates = arms.map((a) => ({ ...a, qHat: NaN, bonus: NaN, costOverQ: NaN }));
    expect(explainDecision(decision({ arm: -1, arms: noEstimates, stopValue: NaN, pullsLeft: 2 }, 'oracle'), names)).toBe(
      "Stopped (null action) with 2 pulls left: the oracle's plan on the true success rates values every further query below nothing.",
    );
    expect(explainDecision(decision({ arm: -1, arms: noEstimates, stopValue: NaN }, 'oracle-prop1'), names)).toBe(
      'Stopped (null action): on the true success rates no model is worth its cost, max(q − λc) ≤ 0 (Proposition 1).',
    );
    // Only a budget plan stops while a model's q̂ − λc is still above 0: no other rule is worded as one.
    expect(explainDecision(decision({ arm: -1, arms, stopValue: 0.1 }, 'greedy'), names)).toBe(
      'Stopped: this algorithm makes no further query on this prompt.',
    );
  });

  it('says when the budget plan departs from the lowest c/q̂', () => {
    const s = explainDecision(decision({ arm: 2, arms, stopValue, pullsLeft: 1 }, 'promptwise-budget'), names);
    expect(s).toMatch(/^Chose o3-mini \(c\/q̂ 4\.40\) over gpt-4o-mini \(lowest c\/q̂, 0\.612\): with 1 pull left/);
  });

  it('states a learner’s own reason where its rule is its own (issue 45): its index, draw, coin or threshold test', () => {
    const own = { reason: 'highest LinUCB index x·θ̂ + α√(xᵀA⁻¹x) − λc', value: 0.85 };
    expect(explainDecision(decision({ arm: 1, arms, own }, 'linucb'), names)).toBe(
      'Chose deepseek-chat among 3 available models: highest LinUCB index x·θ̂ + α√(xᵀA⁻¹x) − λc (0.850).',
    );
    const stop = { reason: 'the next model in cost order has q̂ below its threshold λc: q̂ − λc', value: -0.2 };
    expect(explainDecision(decision({ arm: -1, arms, own: stop, stopValue }, 'cascade'), names)).toBe(
      'Stopped: the next model in cost order has q̂ below its threshold λc: q̂ − λc (−0.200).',
    );
    const one = { reason: 'it asks one model per prompt, as the original algorithm does' };
    expect(explainDecision(decision({ arm: -1, arms, own: one, stopValue }, 'eps-greedy'), names)).toBe(
      'Stopped: it asks one model per prompt, as the original algorithm does.',
    );
    // A forced exploration pull is explained as such, whatever the learner's rule.
    expect(explainDecision(decision({ arm: 2, forced: true, arms, own }, 'linucb'), names)).toMatch(/^Forced exploration/);
  });

  it('uses each baseline’s own rule', () => {
    const pak = [arm(0.5, 0.6), arm(0.9, 1.1), arm(0.95, 40)];
    expect(explainDecision(decision({ arm: 1, arms: pak }, 'ca-pak-ucb-ts'), names)).toMatch(/highest q̂ − λc \(\+0\.889\)/);
    // Greedy ranks the average success rates less λ·c (§5.1; the authors' code).
    expect(explainDecision(decision({ arm: 1, arms: pak }, 'greedy-ts'), names)).toMatch(/highest q̂ − λc \(\+0\.889\)/);
    // The authors' CA PAK-UCB-tS code drops the −λc term (docs/ENGINE.md, reading 12): the dearest model wins on q̂.
    expect(explainDecision(decision({ arm: 2, arms: pak }, 'ca-pak-ucb-ts-official'), names)).toMatch(
      /^Chose o3-mini: highest estimated success q̂ \(0\.950\) among 3 available models; cost is not considered\.$/,
    );
    const none = [arm(NaN, 0.6), arm(NaN, 1.1), arm(NaN, 4.4)];
    expect(explainDecision(decision({ arm: 1, arms: none }, 'random'), names)).toMatch(/does not estimate/);
    expect(explainDecision(decision({ arm: 1, arms: none }, 'oracle'), names)).toMatch(/oracle's plan/);
  });

  it('ignores unavailable models', () => {
    const withNew = [arm(0.5, 0.6), arm(0.9, 1.1), arm(1, 0.1, 0.5, 0)];
    expect(decisionWinners(withNew, 0, 0.01)).toMatchObject({ ratio: { arm: 0 }, margin: { arm: 1 }, maxQ: { arm: 1 } });
    expect(explainDecision(decision({ arm: 0, arms: withNew }, 'promptwise'), names)).toMatch(/among 2 available models/);
  });
});

describe('the recorded winners (engine/lab/trace.ts)', () => {
  it('go to the chosen arm when it ties the best, else to the lowest index of the best', () => {
    const tied = [arm(0.5, 1), arm(0.5, 1), arm(0.25, 1)];
    expect(decisionWinners(tied, 1, 0.01).ratio).toEqual({ arm: 1, score: 2 });
    expect(decisionWinners(tied, 2, 0.01).ratio).toEqual({ arm: 0, score: 2 });
    expect(decisionWinners(tied, -1, 0.01).maxQ).toEqual({ arm: 0, score: 0.5 });
  });

  it('leave out arms with no estimate or q̂ ≤ 0 (c/q̂ infinite), and say so when none is left', () => {
    expect(decisionWinners([arm(0, 1), arm(0.2, 1)], 0, 0.01).ratio).toEqual({ arm: 1, score: 5 });
    const none = decisionWinners([arm(NaN, 1), arm(NaN, 2)], 0, 0.01);
    expect(none.ratio.arm).toBe(-1);
    expect(none.margin.score).toBeNaN();
  });
});

describe('helpers', () => {
  it('stop verdicts', () => {
    expect(stopVerdict(0.93)).toBe('continue');
    expect(stopVerdict(0)).toBe('stop');
    expect(stopVerdict(NaN)).toBe('n/a');
  });
  it('describes the oracle plan', () => {
    expect(explainOracle([2, 2, 2, 4, 4], 0.985, ['a', 'b', 'c', 'd', 'e'])).toBe(
      'The oracle would query c up to 3×, then e up to 2× until one succeeds (expected utility 0.985).',
    );
    expect(explainOracle([-1, -1], 0, ['a'])).toBe('The oracle would not query at all (expected utility 0).');
    expect(explainOracle([0, -1], 0.4, ['a'])).toBe('The oracle would query a once, then stop until one succeeds (expected utility 0.400).');
  });
});
