import { describe, expect, it } from 'vitest';
import { MIN_RBF_SIGMA } from './estimators/kernel';
import { NUMBER_PARAMS } from './params';
import { algorithmIds } from './policies/registry';
import {
  drainAsync,
  drawTrial,
  mergeOutcomes,
  runSimulation,
  SimCancelled,
  SimConfigError,
  type SimOptions,
  type StepBatch,
  simulate,
  stepUniforms,
} from './simulate';
import { singleModelTrials } from './singleModels';
import { builtinWorld } from './worlds/builtins';

/** Runs and keeps every batch, for checks on the per-step traces. */
function runCollect(worldName: string, options: SimOptions) {
  const batches: StepBatch[] = [];
  const result = runSimulation(builtinWorld(worldName), options, { onBatch: (b) => batches.push(b) });
  return { result, batches };
}

const paperBaselines = ['random', 'greedy', 'random-ts', 'greedy-ts', 'lowest-cost', 'highest-cost', 'ca-pak-ucb-ts'];

describe.each(['t2i', 'sudoku'])('PromptWise on %s (T=1000, 20 trials)', (worldName) => {
  const { result, batches } = runCollect(worldName, {
    algos: ['promptwise', 'oracle-prop1', ...paperBaselines],
    T: 1000,
    trials: 20,
    seed: 0,
    params: {},
  });

  it.each(paperBaselines)('has higher average utility than %s', (baseline) => {
    expect(result.results.promptwise.utility.mean).toBeGreaterThan(result.results[baseline].utility.mean);
  });

  it('has lower regret per step in the second half than in the first', () => {
    // Regret against the DP oracle also holds Proposition 1's finite-budget gap, a constant per step, and the
    // Bernoulli noise of 10,000 prompts per half is as large as what is left to learn after the first ~100
    // steps. So the halves are compared with a control variate: the Prop-1 oracle's realised utility on the
    // same random numbers (common random numbers), whose expected regret is the same in both halves.
    // E[regret_PW − regret_prop1] per half is the learning part; with the same draws its noise mostly cancels.
    const half = [0, 0];
    for (const b of batches) {
      const sign = b.algo === 'oracle-prop1' ? 1 : b.algo === 'promptwise' ? -1 : 0;
      b.utility.forEach((u, i) => {
        half[b.from + i < 500 ? 0 : 1] += sign * u;
      });
    }
    expect(half[1]).toBeLessThan(half[0]);
  });
});

describe('the protocol as simulated', () => {
  const tauMax = 4;
  const { result, batches } = runCollect('sudoku', { algos: algorithmIds, T: 300, trials: 2, seed: 11, params: { tauMax } });

  it('ends every step at the first success, the null action or τ_max pulls, and books utility = success − λ·cost', () => {
    for (const b of batches) {
      for (let i = 0; i < b.to - b.from; i++) {
        const arms = Array.from(b.arms.slice(i * tauMax, (i + 1) * tauMax));
        const rewards = Array.from(b.rewards.slice(i * tauMax, (i + 1) * tauMax));
        const n = arms.indexOf(-1) === -1 ? tauMax : arms.indexOf(-1);
        expect(arms.slice(n).every((a) => a === -1)).toBe(true);
        // only the last pull may succeed
        expect(rewards.slice(0, Math.max(0, n - 1)).every((r) => r === 0)).toBe(true);
        expect(b.success[i]).toBe(n > 0 ? rewards[n - 1] : 0);
        expect(b.utility[i]).toBeCloseTo(b.success[i] - 0.01 * b.cost[i], 12);
      }
    }
  });

  it('single-query baselines make at most one query per prompt', () => {
    for (const b of batches) {
      if (!['random', 'greedy', 'lowest-cost', 'highest-cost', 'linucb', 'lin-thompson', 'eps-greedy'].includes(b.algo)) continue;
      for (let i = 0; i < b.to - b.from; i++) expect(b.arms[i * tauMax + 1]).toBe(-1);
    }
  });

  it('the DP oracle has no systematic regret and does at least as well as Proposition 1', () => {
    const oracle = result.results.oracle;
    expect(Math.abs(oracle.regret.mean)).toBeLessThan(3 * Math.sqrt(300) * 0.5);
    expect(oracle.utility.mean).toBeGreaterThanOrEqual(result.results['oracle-prop1'].utility.mean - 0.02);
  });
});

describe('the two regret benchmarks (docs/ENGINE.md)', () => {
  it('against the paper’s unlimited-budget u*, regret is the DP regret plus what the round budget costs, ≥ 0, largest at τ_max = 1', () => {
    const world = builtinWorld('t2i');
    const gap = (tauMax: number) => {
      const r = runSimulation(world, { algos: ['promptwise', 'oracle'], T: 200, trials: 3, seed: 1, params: { tauMax } });
      for (const id of ['promptwise', 'oracle']) {
        const { regret, regretUnlimited } = r.results[id];
        expect(regretUnlimited.mean).toBeGreaterThanOrEqual(regret.mean);
      }
      // The same prompts for both learners: the same gap, to rounding.
      const g = (id: string) => r.results[id].regretUnlimited.mean - r.results[id].regret.mean;
      expect(g('promptwise')).toBeCloseTo(g('oracle'), 9);
      return g('oracle');
    };
    const one = gap(1);
    const five = gap(5);
    // One round cannot retry: the unlimited optimum is far ahead; with five, the DP is nearly there.
    expect(one).toBeGreaterThan(five);
    expect(five).toBeGreaterThanOrEqual(0);
    expect(one).toBeGreaterThan(1);
  });
});

describe('the null action', () => {
  it('with a huge λ the oracle and PromptWise stop paying once exploration is over', () => {
    const { result, batches } = runCollect('t2i', { algos: ['oracle', 'promptwise'], T: 200, trials: 1, seed: 1, params: { lambda: 10 } });
    expect(result.results.oracle.cost.mean).toBe(0);
    const late = batches.filter((b) => b.algo === 'promptwise' && b.from >= 100);
    expect(late.every((b) => b.cost.every((c) => c === 0))).toBe(true);
  });
});

describe('slices of a run', () => {
  it('merge in order, and an algorithm’s seconds are its slices’ seconds summed (the time its trials took over every worker, not the run’s wall time)', () => {
    const slice = (u: number, seconds: number) => ({ greedy: { utility: [u], cost: [1], success: [1], regret: [0], regretUnlimited: [0], seconds } });
    const merged = mergeOutcomes([slice(0.1, 0.5), slice(0.2, 0.7)]);
    expect(merged.greedy.utility).toEqual([0.1, 0.2]);
    expect(merged.greedy.seconds).toBeCloseTo(1.2, 12);
  });
});

describe('determinism', () => {
  const opts: SimOptions = { algos: algorithmIds, T: 150, trials: 3, seed: 5, params: {} };
  const strip = (r: ReturnType<typeof runSimulation>) =>
    JSON.stringify({ ...r, results: Object.fromEntries(Object.entries(r.results).map(([k, v]) => [k, { ...v, seconds: 0 }])) });

  it('the same seed gives identical results and traces', () => {
    const a = runCollect('t2i', opts);
    const b = runCollect('t2i', opts);
    expect(strip(a.result)).toBe(strip(b.result));
    expect(a.batches).toEqual(b.batches);
  });

  it('a different seed gives different traces', () => {
    const a = runCollect('t2i', opts);
    const b = runCollect('t2i', { ...opts, seed: 6 });
    const arms = (x: typeof a) => x.batches.filter((bb) => bb.algo === 'promptwise').map((bb) => Array.from(bb.arms));
    expect(arms(a)).not.toEqual(arms(b));
  });

  it('trial i does not depend on the number of trials before or after it', () => {
    const one = runCollect('t2i', { ...opts, trials: 1 });
    const three = runCollect('t2i', opts);
    const first = (x: typeof one) => x.batches.filter((b) => b.trial === 0);
    expect(first(one)).toEqual(first(three));
  });
});

describe('common random numbers across τ_max (docs/ENGINE.md, reading 6)', () => {
  const TAUS = [1, 2, 3, 5, 8, 16];
  const base: SimOptions = { algos: ['greedy', 'random', 'lowest-cost'], T: 300, trials: 3, seed: 2, params: {} };

  it('a trial draws the same prompts, and the same uniform for the same query, whatever λ, τ_max or T (the seed’s help says so)', () => {
    const world = builtinWorld('sudoku');
    const K = world.arms.length;
    const ref = drawTrial(world, 3, 1, 200, { lambda: 0.01, tauMax: 12 });
    for (const [T, lambda, tauMax] of [
      [200, 0.5, 12],
      [80, 0.01, 3],
      [200, 0.001, 16],
      [350, 0.2, 7],
    ]) {
      const d = drawTrial(world, 3, 1, T, { lambda, tauMax });
      const n = Math.min(T, 200);
      expect(d.prompts.slice(0, n)).toEqual(ref.prompts.slice(0, n));
      for (let t = 0; t < n; t++) {
        const [u, uRef] = [stepUniforms(d, t), stepUniforms(ref, t)];
        for (let a = 0; a < K; a++) {
          for (let k = 0; k < Math.min(tauMax, 12); k++) expect(u(a, k)).toBe(uRef(a, k));
        }
      }
      // Every uniform drawn is one some pull reads: none is read twice (the layout is one to one).
      const read = new Set<number>();
      for (let t = 0; t < T; t++) {
        const u = stepUniforms(d, t);
        for (let a = 0; a < K; a++) for (let k = 0; k < Math.ceil(tauMax / 5) * 5; k++) read.add(u(a, k));
      }
      expect(read.size).toBe(d.uniforms.length);
    }
    expect(NUMBER_PARAMS.seed.lab.help).toMatch(/whatever λ, τ_max or T/);
  });

  it('a learner that asks one model per prompt gets the same outcomes at every budget', () => {
    const runs = TAUS.map((tauMax) => runSimulation(builtinWorld('sudoku'), { ...base, params: { tauMax } }).results);
    for (const algo of base.algos) {
      const outcomes = runs.map((r) => ({ utility: r[algo].utility, cost: r[algo].cost, success: r[algo].success }));
      for (const o of outcomes.slice(1)) expect(o).toEqual(outcomes[0]);
    }
  });

  it('each model alone has the same outcomes at every budget', () => {
    const alone = TAUS.map((tauMax) => singleModelTrials(builtinWorld('sudoku'), { ...base, params: { tauMax } }, { from: 0, to: 3 }));
    for (const a of alone.slice(1)) expect(a).toEqual(alone[0]);
  });

  it('a larger budget replays a smaller one’s pulls: a learner that repeats until success asks the same models with the same outcomes up to the first prompt the smaller budget runs out on, and there its first pulls', () => {
    const pullsOf = (tauMax: number) => {
      const steps: { arm: number; reward: number }[][] = [];
      for (const b of runCollect('sudoku', { ...base, algos: ['greedy-ts'], trials: 1, params: { tauMax } }).batches) {
        for (let s = 0; s < b.to - b.from; s++) {
          const pulls = [];
          for (let k = 0; k < tauMax && b.arms[s * tauMax + k] >= 0; k++) pulls.push({ arm: b.arms[s * tauMax + k], reward: b.rewards[s * tauMax + k] });
          steps[b.from + s] = pulls;
        }
      }
      return steps;
    };
    const [small, large] = [pullsOf(2), pullsOf(8)];
    const ranOut = small.findIndex((pulls) => pulls.length === 2 && pulls[1].reward === 0);
    expect(ranOut).toBeGreaterThan(10);
    expect(large.slice(0, ranOut)).toEqual(small.slice(0, ranOut));
    expect(large[ranOut].slice(0, 2)).toEqual(small[ranOut]);
    expect(large[ranOut].length).toBeGreaterThan(2);
  });
});

describe('a run of T prompts is the first T prompts of a longer one', () => {
  it.each([5, 8])('τ_max = %i: the same queries, outcomes and utilities on the shared prompts, learners and planners alike', (tauMax) => {
    const play = (T: number) =>
      runCollect('sudoku', { algos: ['promptwise', 'greedy-ts', 'oracle'], T, trials: 1, seed: 4, params: { tauMax } }).batches.filter((b) => b.from === 0);
    const [short, long] = [play(100), play(250)];
    expect(short.map((b) => [b.algo, b.to])).toEqual([
      ['promptwise', 100],
      ['greedy-ts', 100],
      ['oracle', 100],
    ]);
    expect(long).toEqual(short);
    // Past the first block of five pulls: the comparison reaches pulls whose uniforms come from a later block.
    if (tauMax > 5) expect(short.some((b) => b.arms.some((a, i) => a >= 0 && i % tauMax >= 5))).toBe(true);
  });
});

describe('configuration errors', () => {
  it('runs the kernel learners at the smallest σ it accepts (no "not positive definite" crash)', () => {
    const options: SimOptions = { algos: ['promptwise-klr', 'ca-pak-ucb-ts'], T: 30, trials: 1, seed: 0, params: { sigma: MIN_RBF_SIGMA } };
    const { results } = runSimulation(builtinWorld('t2i'), options);
    for (const id of options.algos) expect(Number.isFinite(results[id].utility.mean), id).toBe(true);
  });

  it.each([
    [{ T: 0 }, 'T: must be an integer from 1 to 1,000,000 (got 0)'],
    [{ trials: 1.5 }, 'trials: must be an integer from 1 to 10,000 (got 1.5)'],
    [{ algos: ['nope'] }, 'algos: unknown algorithm "nope"'],
    [{ params: { tauMax: 0 } }, 'tauMax: must be an integer from 1 to 1,000 (got 0)'],
    [{ params: { lambda: -1 } }, 'lambda: must be a non-negative number (got -1)'],
    [{ params: { sigma: 1e-170 } }, 'sigma: too small for the RBF kernel (1/(2σ²) overflows; got 1e-170, need ≥ 1e-154)'],
  ])('%j → %s', (patch, message) => {
    const options = { algos: ['random'], T: 10, trials: 1, seed: 0, params: {}, ...patch } as SimOptions;
    expect(() => runSimulation(builtinWorld('t2i'), options)).toThrow(new SimConfigError(message));
  });
});

describe('sizes and scales it refuses before writing non-numbers (issue 14)', () => {
  it('refuses a λ × cost whose utilities cannot be represented, naming both, instead of writing -Infinity ± NaN', () => {
    const options: SimOptions = { algos: ['random', 'oracle'], T: 10, trials: 1, seed: 0, params: { lambda: 1e308 } };
    expect(() => runSimulation(builtinWorld('sudoku'), options)).toThrow(
      'lambda × costs: a query costs λ × c = 7.50e+307 (model 1, prompt 0), more than 1e+12 successes; use smaller costs or λ',
    );
    // At λ = 0.01 the sudoku prices are far inside the bound.
    const ok = runSimulation(builtinWorld('sudoku'), { ...options, params: { lambda: 0.01 } });
    expect(Number.isFinite(ok.results.random.utility.mean)).toBe(true);
  });

  it('refuses a trial whose reward draws (T × models × tauMax) would not fit, before allocating them', () => {
    const options: SimOptions = { algos: ['random'], T: 1_000_000, trials: 1, seed: 0, params: { tauMax: 1000 } };
    expect(() => runSimulation(builtinWorld('sudoku'), options)).toThrow(
      /^T × tauMax: a trial would draw about T × models × tauMax = 5\.00e\+9 rewards, more than 50,000,000/,
    );
  });
});

describe('the async runner (the worker uses it)', () => {
  const opts: SimOptions = { algos: ['promptwise', 'random', 'oracle'], T: 300, trials: 2, seed: 3, params: {} };

  it('gives the same result as the synchronous one', async () => {
    const sync = runSimulation(builtinWorld('sudoku'), opts);
    const async = await drainAsync(simulate(builtinWorld('sudoku'), opts), undefined, { sliceMs: 0 });
    expect(async.results.promptwise.utility).toEqual(sync.results.promptwise.utility);
    expect(async.results.oracle.regret).toEqual(sync.results.oracle.regret);
  });

  it('stops with SimCancelled soon after the signal is raised from another task', async () => {
    const signal = { aborted: false };
    let batches = 0;
    setTimeout(() => (signal.aborted = true), 20);
    const run = drainAsync(simulate(builtinWorld('t2i'), { ...opts, T: 1000, trials: 500 }), () => batches++, { signal });
    await expect(run).rejects.toBeInstanceOf(SimCancelled);
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(500 * 10 * 3);
  });
});

describe('promptwise-budget (beyond the paper)', () => {
  it('recovers most of the finite-budget gap that Proposition 1 leaves when τ_max is tight', () => {
    const r = runSimulation(builtinWorld('t2i'), {
      algos: ['promptwise', 'promptwise-budget', 'oracle'],
      T: 1000,
      trials: 20,
      seed: 0,
      params: { tauMax: 2 },
    }).results;
    expect(r['promptwise-budget'].utility.mean).toBeGreaterThan(r.promptwise.utility.mean + 0.03);
    expect(r['promptwise-budget'].regret.mean).toBeLessThan(r.promptwise.regret.mean / 2);
  });
});
