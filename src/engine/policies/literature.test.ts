/**
 * The online-routing literature's learners (issue 45): each update rule against a hand-computed case, each
 * learner's regret per step falling on the logistic world, and each one's own reason for its choices.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../rng';
import { runSimulation, type StepBatch } from '../simulate';
import { type BanditParams, defaultParams, NULL_ACTION, type Policy, type StepView } from '../types';
import { builtinWorld } from '../worlds/builtins';
import type { BudgetedLinUcb } from './literature';
import { type AlgorithmId, createPolicy, releasePolicy, THOMPSON_V } from './registry';

const LITERATURE: AlgorithmId[] = ['linucb', 'linucb-ts', 'lin-thompson', 'lin-thompson-ts', 'eps-greedy', 'eps-greedy-ts', 'pilot', 'pilot-ts', 'cascade'];

/** The policies a test made: their WebAssembly regions go back after it (files of this project share the heap). */
const made: Policy[] = [];
afterEach(() => {
  for (const p of made.splice(0)) releasePolicy(p);
});

function make(id: AlgorithmId, params: Partial<BanditParams>, rng: Rng = createRng(1), K = 2, dim = 2): Policy {
  const policy = createPolicy(id, { K, dim, params: { ...defaultParams, tauExp: 0, ...params }, rng });
  made.push(policy);
  return policy;
}

const step = (t: number, x: number[], costs: number[]): StepView => ({
  t,
  x: Float64Array.from(x),
  costs: Float64Array.from(costs),
  available: new Uint8Array(costs.length).fill(1),
});

/** Plays one prompt: `reward(arm)` answers each query; returns the arms asked. */
function play(policy: Policy, s: StepView, reward: (arm: number) => 0 | 1, tauMax = 5): number[] {
  policy.begin(s, new Float64Array(s.costs.length));
  const asked: number[] = [];
  while (asked.length < tauMax) {
    const arm = policy.next(tauMax - asked.length);
    if (arm === NULL_ACTION) break;
    asked.push(arm);
    const r = reward(arm);
    policy.observe(arm, r);
    if (r) break;
  }
  policy.end();
  return asked;
}

describe('LinUCB (Li et al. 2010, Algorithm 1)', () => {
  it('ranks the index x·θ̂ + α√(xᵀA⁻¹x) − λc of each model’s ridge regression, as computed by hand', () => {
    const alpha = 1.5;
    const lambda = 0.1;
    const policy = make('linucb-ts', { alpha, lambda });
    // Prompt 1 at x = (1, 0): both indices are α·1 − λc; model 0 is cheaper, so it is asked, and fails; then model 1
    // (A₀ = diag(2, 1), b₀ = 0: index α/√2 − λc₀ = 1.06 − 0.1 < α − λc₁ = 1.5 − 0.2) succeeds.
    expect(play(policy, step(0, [1, 0], [1, 2]), (a) => (a === 1 ? 1 : 0))).toEqual([0, 1]);
    // Prompt 2 at x = (0.6, 0.8). Model 0: A = diag(2, 1), b = 0 → mean 0, xᵀA⁻¹x = 0.36/2 + 0.64 = 0.82.
    // Model 1: A = diag(2, 1), b = (1, 0) → θ̂ = (0.5, 0), mean 0.3, xᵀA⁻¹x = 0.82.
    policy.begin(step(1, [0.6, 0.8], [1, 2]), new Float64Array(2));
    const arm = policy.next(5);
    const { estimates, own } = policy.explain!();
    expect(estimates[0].qHat).toBeCloseTo(alpha * Math.sqrt(0.82), 12);
    expect(estimates[1].qHat).toBeCloseTo(0.3 + alpha * Math.sqrt(0.82), 12);
    expect(estimates[1].bonus).toBeCloseTo(alpha * Math.sqrt(0.82), 12);
    // 0.3 − 0.2 > 0 − 0.1: model 1, and the reason states its index less λc.
    expect(arm).toBe(1);
    expect(own?.reason).toMatch(/^highest LinUCB index/);
    expect(own?.value).toBeCloseTo(0.3 + alpha * Math.sqrt(0.82) - lambda * 2, 12);
  });

  it('asks one model per prompt (the original); its -ts id asks again after a failure', () => {
    expect(play(make('linucb', {}), step(0, [1, 0], [1, 2]), () => 0)).toHaveLength(1);
    const policy = make('linucb', {});
    play(policy, step(0, [1, 0], [1, 2]), () => 0);
    expect(policy.explain!().own?.reason).toBe('it asks one model per prompt, as the original algorithm does');
    expect(play(make('linucb-ts', {}), step(0, [1, 0], [1, 2]), () => 0)).toHaveLength(5);
  });
});

describe('linear Thompson sampling (Agrawal & Goyal 2013)', () => {
  it('draws each model’s score from N(x·θ̂, v²xᵀB⁻¹x) with the policy’s own stream', () => {
    const policy = make('lin-thompson-ts', { lambda: 0 }, createRng(42));
    const twin = createRng(42);
    // Prompt 1 at x = (1, 0): B = I, θ̂ = 0 for both: draws v·z₀ and v·z₁.
    policy.begin(step(0, [1, 0], [1, 1]), new Float64Array(2));
    const first = policy.next(5);
    const z = [twin.normal(), twin.normal()];
    const e = policy.explain!().estimates;
    expect(e[0].qHat).toBeCloseTo(THOMPSON_V * z[0], 12);
    expect(e[1].qHat).toBeCloseTo(THOMPSON_V * z[1], 12);
    expect(first).toBe(z[0] >= z[1] ? 0 : 1);
    policy.observe(first, 1);
    policy.end();
    // Prompt 2 at x = (0.6, 0.8): the asked model has B = diag(2, 1), f = (1, 0) → mean 0.3, xᵀB⁻¹x = 0.82; the other
    // is still at the prior: mean 0, xᵀB⁻¹x = 1. Draws in arm order.
    policy.begin(step(1, [0.6, 0.8], [1, 1]), new Float64Array(2));
    policy.next(5);
    const e2 = policy.explain!().estimates;
    const [z0, z1] = [twin.normal(), twin.normal()];
    const expected = (a: number, zz: number) => (a === first ? 0.3 + THOMPSON_V * Math.sqrt(0.82) * zz : THOMPSON_V * zz);
    expect(e2[0].qHat).toBeCloseTo(expected(0, z0), 12);
    expect(e2[1].qHat).toBeCloseTo(expected(1, z1), 12);
  });
});

describe('ε-greedy', () => {
  it('explores with probability ε_t = min(1, K/t), a uniformly random model, else the greedy choice', () => {
    const seed = 9;
    const policy = make('eps-greedy', {}, createRng(seed), 4);
    const twin = createRng(seed);
    for (let t = 0; t < 40; t++) {
      policy.begin(step(t, [1, 0], [1, 2, 3, 4]), new Float64Array(4));
      const arm = policy.next(5);
      const epsilon = Math.min(1, 4 / (t + 1));
      const explored = twin.uniform() < epsilon;
      const own = policy.explain!().own;
      if (explored) {
        expect(arm).toBe(twin.int(4));
        expect(own).toEqual({ reason: 'a uniformly random model: it explores with probability ε_t = min(1, K/t)', value: epsilon });
      } else {
        // The greedy choice: the highest q̂ − λc of the logistic fits (q̂ without a bonus).
        const e = policy.explain!().estimates;
        const margins = e.map((x, a) => x.qHat - 0.01 * (a + 1));
        expect(arm).toBe(margins.indexOf(Math.max(...margins)));
        expect(e.every((x) => x.bonus === 0)).toBe(true);
      }
      policy.observe(arm, arm === 2 ? 1 : 0);
      policy.end();
    }
  });
});

describe('the PILOT-style budgeted LinUCB (Panda et al. 2025, from its abstract)', () => {
  it('asks the highest UCB among the models whose UCB/c reaches ψ(z) = (U·e/L)^z·L/e, as computed by hand', () => {
    // Costs 1 and 4: U = 1/1, L = 1/4. λ = 0.5: the budget accrues 1/λ = 2 per prompt, so z = spent·λ/(t + 1).
    // x = (3, 4) enters as its direction (0.6, 0.8): a fresh model's UCB is α·√(x̄ᵀx̄) = 1 (not 5).
    const policy = make('pilot-ts', { lambda: 0.5, alpha: 1 });
    policy.begin(step(0, [3, 4], [1, 4]), new Float64Array(2));
    // z = 0: ψ = L/e = 0.0920; densities 1/1 and 1/4 both pass; the UCBs tie at 1 → the lower index.
    expect(policy.next(5)).toBe(0);
    expect(policy.explain!().estimates.map((e) => e.qHat)).toEqual([1, 1]);
    expect(policy.explain!().own?.value).toBeCloseTo(1, 12);
    policy.observe(0, 0);
    // Spent 1, z = 0.5: ψ = √(4e)·(1/4)/e = 0.3033. Model 0 after its failure: A = I + x̄x̄ᵀ, so UCB = √(1/2) = 0.707
    // per unit cost passes; model 1's 1/4 does not. So model 0 again, the cheaper one, though its UCB is lower.
    expect(policy.next(4)).toBe(0);
    expect(policy.explain!().estimates[0].qHat).toBeCloseTo(Math.SQRT1_2, 12);
    policy.observe(0, 0);
    // Spent 2, z = 1: ψ = U = 1. Model 0's UCB √(1/3) and model 1's 1/4 per unit cost fall short: it stops.
    expect(policy.next(3)).toBe(NULL_ACTION);
    const { own } = policy.explain!();
    expect(own?.reason).toBe('no model reaches the budget policy’s threshold UCB/c ≥ ψ(z)');
    expect(own?.value).toBeCloseTo(1, 12);
    policy.end();
  });

  it('asks one model per prompt (the original); its -ts id goes on after a failure', () => {
    expect(play(make('pilot', { lambda: 0.01 }), step(0, [1, 0], [1, 2]), () => 0)).toHaveLength(1);
    expect(play(make('pilot-ts', { lambda: 0.01 }), step(0, [1, 0], [1, 2]), () => 0).length).toBeGreaterThan(1);
  });
});

describe('the cost cascade (FrugalGPT-style)', () => {
  it('asks from the cheapest to the dearest, each once, and stops where the next model’s q̂ is below λc', () => {
    // Costs 3, 1, 2: the order is 1, 2, 0. With λ = 0.4, model 0's threshold λc = 1.2 is above any q̂ ≤ 1.
    const policy = make('cascade', { lambda: 0.4 }, createRng(1), 3);
    expect(play(policy, step(0, [1, 0], [3, 1, 2]), () => 0)).toEqual([1, 2]);
    const { own } = policy.explain!();
    expect(own?.reason).toBe('the next model in cost order has q̂ below its threshold λc: q̂ − λc');
    // At λ = 0 every threshold is 0: it asks all three, each once, and stops when none is left.
    const free = make('cascade', { lambda: 0 }, createRng(1), 3);
    expect(play(free, step(0, [1, 0], [3, 1, 2]), () => 0)).toEqual([1, 2, 0]);
    expect(free.explain!().own?.reason).toBe('every available model has been asked on this prompt');
    // It stops at the first success.
    expect(play(make('cascade', { lambda: 0 }, createRng(1), 3), step(0, [1, 0], [3, 1, 2]), (a) => (a === 2 ? 1 : 0))).toEqual([1, 2]);
  });

  it('states the margin q̂ − λc it tested for the model it asks', () => {
    const policy = make('cascade', { lambda: 0.1 }, createRng(1), 2);
    policy.begin(step(0, [0.6, 0.8], [1, 2]), new Float64Array(2));
    expect(policy.next(5)).toBe(0);
    const { own, estimates } = policy.explain!();
    expect(own?.value).toBeCloseTo(estimates[0].qHat - 0.1, 12);
  });
});

/**
 * The λ lessons quote each learner's `lambdaRole` (algorithms.ts; state/lessons.ts): each sentence's mechanism held
 * here, at several λ from the same state. lessons.test.ts holds their common effect (cost falls as λ grows on t2i).
 */
describe('how λ enters each learner’s rule, as its lambdaRole says', () => {
  const LAMBDAS = [0, 0.05, 0.2, 1];
  // The dearest model first: at λ = 0 a tie or a high draw asks it, and a larger λ turns to the cheaper ones.
  const COSTS = [10, 3, 1];

  it.each(['linucb-ts', 'lin-thompson-ts', 'eps-greedy-ts'] as const)('%s: it asks the highest score less λc; λ enters the score directly', (id) => {
    const asked = LAMBDAS.map((lambda) => {
      // The same seed: the same scores (index, draws, fits) at every λ; only λ differs.
      const policy = make(id, { lambda }, createRng(5), 3);
      // Prompt 100: ε-greedy's coin explores with ε = 3/100 only.
      policy.begin(step(99, [0.6, 0.8], COSTS), new Float64Array(3));
      const arm = policy.next(5);
      const { estimates, own } = policy.explain!();
      const margins = estimates.map((e, a) => e.qHat - lambda * COSTS[a]);
      if (own?.reason.startsWith('a uniformly random model')) return null; // ε-greedy's coin, which λ does not enter
      expect(arm).toBe(margins.indexOf(Math.max(...margins)));
      expect(own?.value).toBeCloseTo(margins[arm], 12);
      return COSTS[arm];
    });
    // A larger λ never asks a dearer model first.
    const costs = asked.filter((c) => c !== null);
    expect(costs.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < costs.length; i++) expect(costs[i]).toBeLessThanOrEqual(costs[i - 1]);
    expect(costs[costs.length - 1]).toBeLessThan(costs[0]);
  });

  it('pilot: its budget accrues 1/λ per prompt, so after the same spend a larger λ sets a higher threshold ψ(z)', () => {
    const thresholds = [0.05, 0.1, 0.2, 0.4].map((lambda) => {
      const policy = make('pilot-ts', { lambda, alpha: 1 });
      const budgeted = policy as unknown as BudgetedLinUcb;
      policy.begin(step(0, [1, 0], [1, 4]), new Float64Array(2));
      // Nothing spent (z = 0): ψ = L/e at every λ, and the same first query.
      expect(budgeted.threshold()).toBeCloseTo(1 / 4 / Math.E, 12);
      expect(policy.next(5)).toBe(0);
      policy.observe(0, 0);
      // Spent 1 of a budget of 1/λ: z = λ, ψ(z) = (U·e/L)^z·L/e with U = 1, L = 1/4.
      expect(budgeted.threshold()).toBeCloseTo((4 * Math.E) ** lambda / 4 / Math.E, 12);
      const psi = budgeted.threshold();
      policy.end();
      return psi;
    });
    for (let i = 1; i < thresholds.length; i++) expect(thresholds[i]).toBeGreaterThan(thresholds[i - 1]);
  });

  it('cascade: it climbs from the cheapest and stops where q̂ < λc, so a larger λ climbs no further, and less at some λ', () => {
    const climbed = LAMBDAS.map((lambda) => play(make('cascade', { lambda }, createRng(1), 3), step(0, [1, 0], COSTS), () => 0).length);
    for (let i = 1; i < climbed.length; i++) expect(climbed[i]).toBeLessThanOrEqual(climbed[i - 1]);
    expect(climbed[climbed.length - 1]).toBeLessThan(climbed[0]);
  });
});

describe('regret per step falls on the logistic world', () => {
  // Regret against the DP oracle holds a constant per-step gap (one query where the oracle escalates, a fixed
  // order), and Bernoulli noise. The halves are compared on common random numbers with the oracle's realised
  // utility as control variate (as simulate.test.ts does for PromptWise): per trial, d = (late-half regret − early-
  // half regret) per step. The tolerance: the mean of d over 10 trials must lie more than 2 standard errors below 0,
  // a one-sided test at about 2.5% that the fall is more than noise. Measured falls are 2.6–11 standard errors
  // (seed 0).
  const T = 1000;
  const trials = 10;
  const batches: StepBatch[] = [];
  runSimulation(builtinWorld('logistic'), { algos: [...LITERATURE, 'oracle'], T, trials, seed: 0, params: {} }, { onBatch: (b) => batches.push(b) });

  it.each(LITERATURE)('%s', (id) => {
    const early = new Float64Array(trials);
    const late = new Float64Array(trials);
    for (const b of batches) {
      const sign = b.algo === 'oracle' ? 1 : b.algo === id ? -1 : 0;
      if (sign === 0) continue;
      b.utility.forEach((u, i) => {
        if (b.from + i < T / 2) early[b.trial] += sign * u;
        else late[b.trial] += sign * u;
      });
    }
    const d = Array.from(late, (v, i) => (v - early[i]) / (T / 2));
    const mean = d.reduce((a, b) => a + b, 0) / trials;
    const se = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (trials - 1) / trials);
    expect(mean).toBeLessThan(-2 * se);
  });
});
