import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { builtinWorld } from '../worlds/builtins';
import { type PlaygroundPrompt, PlaygroundSession, planOf } from './session';

describe('planOf', () => {
  const costs = [1, 10];
  const all = [1, 1];
  it('Proposition 1 repeats argmin c/q; cost and success follow from independent attempts', () => {
    const plan = planOf([0.5, 0.99], costs, all, 0.01, 3, 'prop1');
    expect(plan.order).toEqual([0, 0, 0]); // 1/0.5 = 2 < 10/0.99
    expect(plan.expectedCost).toBeCloseTo(1 + 0.5 + 0.25, 12);
    expect(plan.expectedSuccess).toBeCloseTo(1 - 0.125, 12);
  });
  it('the DP may switch arms with the rounds left, and stops where nothing pays', () => {
    // one cheap long shot, then the sure but dear model (oracle.ts)
    const plan = planOf([0.3, 1], [1, 20], all, 0.01, 2, 'budget');
    expect(plan.order).toEqual([0, 1]);
    expect(plan.expectedCost).toBeCloseTo(1 + 0.7 * 20, 12);
    expect(planOf([0.5, 0.5], [200, 300], all, 0.01, 3, 'budget')).toEqual({ order: [-1], expectedCost: 0, expectedSuccess: 0 });
  });
});

describe('PlaygroundSession', () => {
  const world = builtinWorld('t2i');
  /** A prompt of type j (one-hot), drawn from the world itself so x, costs and q are the world's. */
  function promptOfType(j: number): PlaygroundPrompt {
    const rng = createRng(7);
    for (let t = 0; ; t++) {
      const p = world.draw(t, rng);
      if (p.category === j) return { x: p.x, costs: p.costs, available: p.available, q: p.q };
    }
  }

  it('after warm-up, estimates every model, plans like the rule it follows, and shows the oracle beside it', () => {
    const session = new PlaygroundSession(world, { algo: 'promptwise', params: {}, seed: 0, warmup: 300 });
    const view = session.inspect(promptOfType(4)); // only expert-5 always succeeds on type 5
    expect(view.arms).toHaveLength(5);
    expect(view.arms.reduce((s, a) => s + a.observations, 0)).toBeGreaterThanOrEqual(300);
    for (const a of view.arms) expect(a.qHat).toBeGreaterThan(0);
    expect(view.decision.forced).toBe(false);
    expect(view.plan.order[0]).toBe(view.next);
    expect(view.oracle?.order[0]).toBe(0); // the DP's cheap long shot first (q = 0.5 at cost 0.75)
    expect(view.arms[4].q).toBe(1);
  });

  it('records the next query as the trace records a decision: the model "Next" names, by the learner’s own rule', () => {
    // Sudoku, where PromptWise-Budget's plan often starts with a surer model than the lowest c/q̂ (seed 1: 17 of 40).
    const sudoku = builtinWorld('sudoku');
    let departures = 0;
    for (const algo of ['promptwise', 'promptwise-budget'] as const) {
      const session = new PlaygroundSession(sudoku, { algo, params: {}, seed: 1, warmup: 500 });
      const rng = createRng(7);
      for (let t = 0; t < 40; t++) {
        const p = sudoku.draw(t, rng);
        const view = session.inspect({ x: p.x, costs: p.costs, available: p.available, q: p.q });
        const d = view.decision;
        expect(d.arm).toBe(view.next);
        expect(d.stopValue).toBe(Math.max(...view.arms.map((a) => a.qHat - 0.01 * a.cost)));
        expect(d.pullsLeft).toBe(5);
        expect(d.rule).toBe(algo === 'promptwise' ? 'ratio' : 'budget');
        // Proposition 1 asks the lowest c/q̂; the budget plan may not, so its words must not say it does.
        if (algo === 'promptwise') expect(d.winners.ratio.arm).toBe(view.next);
        else if (d.winners.ratio.arm !== view.next) departures++;
      }
    }
    expect(departures, 'PromptWise-Budget departs from the lowest c/q̂ on some prompts').toBeGreaterThan(0);
  });

  it('a ✗ lowers and a ✓ raises the answered model’s q̂ for that prompt, and nothing else changes', () => {
    const session = new PlaygroundSession(world, { algo: 'promptwise', params: {}, seed: 0, warmup: 200 });
    const prompt = promptOfType(2);
    const before = session.inspect(prompt);
    const arm = 1;
    session.feedback(prompt, arm, 0);
    const afterFail = session.inspect(prompt);
    expect(afterFail.arms[arm].qHat).toBeLessThan(before.arms[arm].qHat);
    expect(afterFail.arms[arm].observations).toBe(before.arms[arm].observations + 1);
    expect(afterFail.arms[3].qHat).toBe(before.arms[3].qHat);
    session.feedback(prompt, arm, 1);
    session.feedback(prompt, arm, 1);
    expect(session.inspect(prompt).arms[arm].qHat).toBeGreaterThan(afterFail.arms[arm].qHat);
  });

  it('a fresh learner: the plan starts with the model "Next" names, through forced exploration and after each ✗', () => {
    const session = new PlaygroundSession(world, { algo: 'promptwise', params: {}, seed: 0, warmup: 0 });
    const prompt = promptOfType(0);
    for (let answers = 0; answers < 8; answers++) {
      const view = session.inspect(prompt);
      expect(view.plan.order[0]).toBe(view.next);
      if (view.decision.forced) {
        // One forced query, then the prompt is over: its success is that model's q̂ alone.
        expect(view.plan.order).toEqual([view.next, -1]);
        expect(view.plan.expectedSuccess).toBe(view.arms[view.next].qHat);
      }
      if (view.next < 0) break;
      session.feedback(prompt, view.next, 0);
    }
  });

  it('an empty context (a typed prompt with no task under task one-hot features): q̂ is σ(0) = 0.5 and the bonus 0 for every model', () => {
    const session = new PlaygroundSession(world, { algo: 'promptwise', params: {}, seed: 0, warmup: 200 });
    const p = promptOfType(0);
    const view = session.inspect({ ...p, x: new Float64Array(p.x.length) });
    for (const a of view.arms) {
      expect(a.qHat).toBe(0.5);
      expect(a.bonus).toBe(0);
    }
  });

  it('inspecting twice gives the same view, and the same seed the same learner', () => {
    const a = new PlaygroundSession(world, { algo: 'promptwise-budget', params: { lambda: 0.02 }, seed: 3, warmup: 100 });
    const b = new PlaygroundSession(world, { algo: 'promptwise-budget', params: { lambda: 0.02 }, seed: 3, warmup: 100 });
    const p = promptOfType(1);
    expect(a.inspect(p)).toEqual(a.inspect(p));
    expect(a.inspect(p)).toEqual(b.inspect(p));
  });

  it('refuses feedback on a model that is not available', () => {
    const session = new PlaygroundSession(world, { algo: 'promptwise', params: {}, seed: 0, warmup: 10 });
    const p = promptOfType(0);
    expect(() => session.feedback({ ...p, available: Uint8Array.of(1, 1, 1, 1, 0) }, 4, 1)).toThrow(/not available/);
  });
});
