import { describe, expect, it } from 'vitest';
import type { Decision, DecisionArm } from '../../engine/lab/types';
import { algorithmSpec } from '../../engine/policies/algorithms';
import { argmaxMargin, argminRatio, explainDecision, explainOracle, stopVerdict } from './explain';

const arm = (qHat: number, cost: number, q = 0.5, available: 0 | 1 = 1): DecisionArm => ({
  qHat,
  bonus: 1,
  costOverQ: Number.isNaN(qHat) ? NaN : qHat > 0 ? cost / qHat : Infinity,
  q,
  cost,
  available,
});
const names = ['gpt-4o-mini', 'deepseek-chat', 'o3-mini'];
/** A decision as the engine records it for `algo` (the registry's rule for it). */
const decision = (d: Partial<Decision> & Pick<Decision, 'arms'>, algo?: string): Decision => ({
  arm: 0,
  forced: false,
  pullsLeft: 5,
  stopValue: NaN,
  rule: (algo === undefined ? undefined : algorithmSpec(algo)?.rule) ?? 'unknown',
  ...d,
});

describe('explainDecision', () => {
  const arms = [arm(0.98, 0.6), arm(0.99, 1.1), arm(0.999, 4.4)];
  const stopValue = Math.max(...arms.map((a) => a.qHat - 0.01 * a.cost));

  it('names the lowest c/q̂ and the stop value for PromptWise', () => {
    const s = explainDecision(decision({ arm: 0, arms, stopValue }, 'promptwise'), names, 0.01);
    expect(s).toBe('Chose gpt-4o-mini: lowest c/q̂ (0.612) among 3 available models; stop value +0.979 > 0, so it queries.');
  });

  it('explains forced exploration, and the stop that ends an exploration prompt', () => {
    const s = explainDecision(decision({ arm: 2, forced: true, arms, stopValue }, 'promptwise'), names, 0.01);
    expect(s).toMatch(/^Forced exploration: o3-mini/);
    expect(explainDecision(decision({ arm: -1, forced: true, arms, stopValue }, 'promptwise'), names, 0.01)).toMatch(/^Moves on: an exploration prompt ends/);
  });

  it('explains the null action by the stop value', () => {
    const s = explainDecision(decision({ arm: -1, arms, stopValue: -0.02 }, 'promptwise'), names, 0.5);
    expect(s).toBe('Stopped (null action): the stop value max(q̂ − λc) = −0.0200 ≤ 0, so no model is worth its cost.');
    expect(explainDecision(decision({ arm: -1, arms, stopValue: 0.1, pullsLeft: 1 }, 'promptwise-budget'), names, 0.5)).toMatch(/1 pull left/);
    expect(explainDecision(decision({ arm: -1, arms: [], stopValue: NaN }), names, 0.5)).toMatch(/^Stopped:/);
  });

  it('says when the budget plan departs from the lowest c/q̂', () => {
    const s = explainDecision(decision({ arm: 2, arms, stopValue, pullsLeft: 1 }, 'promptwise-budget'), names, 0.01);
    expect(s).toMatch(/^Chose o3-mini \(c\/q̂ 4\.40\) over gpt-4o-mini \(lowest c\/q̂, 0\.612\): with 1 pull left/);
  });

  it('uses each baseline’s own rule', () => {
    const pak = [arm(0.5, 0.6), arm(0.9, 1.1), arm(0.95, 40)];
    expect(explainDecision(decision({ arm: 1, arms: pak }, 'ca-pak-ucb-ts'), names, 0.01)).toMatch(/highest q̂ − λc \(\+0\.889\)/);
    // Greedy ranks the average success rates less λ·c (§5.1; the authors' code).
    expect(explainDecision(decision({ arm: 1, arms: pak }, 'greedy-ts'), names, 0.01)).toMatch(/highest q̂ − λc \(\+0\.889\)/);
    // The authors' CA PAK-UCB-tS code drops the −λc term (docs/ENGINE.md, reading 12): the dearest model wins on q̂.
    expect(explainDecision(decision({ arm: 2, arms: pak }, 'ca-pak-ucb-ts-official'), names, 0.01)).toMatch(
      /^Chose o3-mini: highest estimated success q̂ \(0\.950\) among 3 available models; cost is not considered\.$/,
    );
    const none = [arm(NaN, 0.6), arm(NaN, 1.1), arm(NaN, 4.4)];
    expect(explainDecision(decision({ arm: 1, arms: none }, 'random'), names, 0.01)).toMatch(/does not estimate/);
    expect(explainDecision(decision({ arm: 1, arms: none }, 'oracle'), names, 0.01)).toMatch(/oracle's plan/);
  });

  it('ignores unavailable models', () => {
    const withNew = [arm(0.5, 0.6), arm(0.9, 1.1), arm(1, 0.1, 0.5, 0)];
    expect(argminRatio(withNew)).toBe(0);
    expect(argmaxMargin(withNew, 0.01)).toBe(1);
    expect(explainDecision(decision({ arm: 0, arms: withNew }, 'promptwise'), names, 0.01)).toMatch(/among 2 available models/);
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
