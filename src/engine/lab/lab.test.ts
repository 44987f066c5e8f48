import { describe, expect, it } from 'vitest';
import { wasmHeap } from '../estimators/wasm/heap';
import { meanStd } from '../metrics';
import { planBudget } from '../oracle';
import { algorithmIds } from '../policies/registry';
import { runSimulation, SimCancelled, SimConfigError, type SimOptions, type SimResult, type StepBatch } from '../simulate';
import { builtinWorld } from '../worlds/builtins';
import { curveSteps } from './curves';
import { lab, labBuiltin, runLab, runSweep } from './run';
import type { AlgoCurves, LabConfig, LabResult } from './types';

const METRICS = ['utility', 'cost', 'success', 'regret'] as const;

function config(patch: Partial<LabConfig> = {}): LabConfig {
  return { world: 'sudoku', algos: [...algorithmIds], T: 300, trials: 4, seed: 3, params: {}, traceAlgo: 'promptwise', curvePoints: 40, ...patch };
}

function options(c: LabConfig): SimOptions {
  return { algos: c.algos, T: c.T, trials: c.trials, seed: c.seed, params: c.params };
}

/** The plain simulation of the same config, with its batches. */
function plain(c: LabConfig): { result: SimResult; batches: StepBatch[] } {
  const batches: StepBatch[] = [];
  const result = runSimulation(builtinWorld(c.world), options(c), { onBatch: (b) => batches.push(b) });
  return { result, batches };
}

const noSeconds = (r: SimResult) => ({ ...r, results: Object.fromEntries(Object.entries(r.results).map(([k, v]) => [k, { ...v, seconds: 0 }])) });

/** Per trial, metric m's series over steps 0..T−1 of one algorithm, from the batches. */
function series(batches: StepBatch[], algo: string, trials: number, T: number) {
  const out = METRICS.map(() => Array.from({ length: trials }, () => new Float64Array(T)));
  for (const b of batches) {
    if (b.algo !== algo) continue;
    METRICS.forEach((m, j) => {
      b[m].forEach((v, i) => {
        out[j][b.trial][b.from + i] = v;
      });
    });
  }
  return out;
}

describe('a lab run', () => {
  const c = config();
  const result = labBuiltin(c);
  const { result: sim, batches } = plain(c);

  it('has the plain simulation’s summary: tracing changes no decision', () => {
    expect(noSeconds(result.summary)).toEqual(noSeconds(sim));
  });

  it('curves end at the summary exactly (mean and population std over trials)', () => {
    for (const algo of c.algos) {
      for (const m of METRICS) {
        const last = result.curves[algo][m].at(-1)!;
        expect(last.t).toBe(c.T);
        expect(last.mean, `${algo} ${m}`).toBe(sim.results[algo][m].mean);
        expect(last.std, `${algo} ${m}`).toBe(sim.results[algo][m].std);
      }
    }
  });

  it('curves at an intermediate step equal running averages (cumulative regret) computed from the batches', () => {
    const k = 17;
    for (const algo of ['promptwise', 'random-ts', 'oracle']) {
      const t = result.curves[algo].utility[k].t;
      expect(t).toBeGreaterThan(1);
      expect(t).toBeLessThan(c.T);
      const s = series(batches, algo, c.trials, c.T);
      METRICS.forEach((m, j) => {
        const perTrial = s[j].map((xs) => {
          let sum = 0;
          for (let i = 0; i < t; i++) sum += xs[i];
          return m === 'regret' ? sum : sum / t;
        });
        const expected = meanStd(perTrial);
        const point = result.curves[algo][m][k];
        expect(point.t).toBe(t);
        expect(point.mean, `${algo} ${m} at t=${t}`).toBe(expected.mean);
        expect(point.std, `${algo} ${m} at t=${t}`).toBe(expected.std);
      });
    }
  });

  it('downsamples every curve to at most curvePoints points, from t = 1 to t = T, increasing', () => {
    for (const curves of Object.values(result.curves)) {
      for (const m of METRICS) {
        const ts = curves[m].map((p) => p.t);
        expect(ts.length).toBeLessThanOrEqual(c.curvePoints!);
        expect(ts.length).toBe(c.curvePoints);
        expect(ts[0]).toBe(1);
        expect(ts.at(-1)).toBe(c.T);
        for (let i = 1; i < ts.length; i++) expect(ts[i]).toBeGreaterThan(ts[i - 1]);
      }
    }
  });

  it('arm usage sums to the pulls made, and prompts per category to trials × T', () => {
    for (const algo of c.algos) {
      const pulls = batches.filter((b) => b.algo === algo).reduce((n, b) => n + b.arms.filter((a) => a >= 0).length, 0);
      const usage = result.usage[algo];
      expect(
        usage.counts.flat().reduce((a, b) => a + b, 0),
        algo,
      ).toBe(pulls);
      expect(usage.prompts.reduce((a, b) => a + b, 0)).toBe(c.trials * c.T);
      expect(usage.counts).toHaveLength(5);
      for (const row of usage.counts) expect(row).toHaveLength(5);
    }
    // per category and arm too, for one algorithm
    const counts = Array.from({ length: 5 }, () => new Array(5).fill(0));
    for (const b of batches.filter((bb) => bb.algo === 'greedy-ts')) {
      b.arms.forEach((a, i) => {
        if (a >= 0) counts[b.category[Math.floor(i / 5)]][a]++;
      });
    }
    expect(result.usage['greedy-ts'].counts).toEqual(counts);
  });

  it('trace rows are trial 0 of the traced algorithm, as its StepBatches have it', () => {
    expect(result.trace).toHaveLength(c.T);
    const tau = 5;
    for (const b of batches.filter((bb) => bb.algo === 'promptwise' && bb.trial === 0)) {
      for (let i = 0; i < b.to - b.from; i++) {
        const row = result.trace[b.from + i];
        expect(row.step).toBe(b.from + i);
        const arms = Array.from(b.arms.slice(i * tau, (i + 1) * tau)).filter((a) => a >= 0);
        expect(row.pulls.map((p) => p.arm)).toEqual(arms);
        expect(row.pulls.map((p) => p.reward)).toEqual(Array.from(b.rewards.slice(i * tau, i * tau + arms.length)));
        expect(row.utility).toBe(b.utility[i]);
        expect(row.cost).toBe(b.cost[i]);
        expect(row.success).toBe(b.success[i]);
        expect(row.category).toBe(b.category[i]);
        expect(row.oracleValue - row.utility).toBe(b.regret[i]);
        expect(row.oraclePlan).toHaveLength(tau);
        expect(row.decisions.filter((d) => d.arm >= 0).map((d) => d.arm)).toEqual(arms);
        expect(row.pulls.map((p) => p.cost)).toEqual(arms.map((a) => row.decisions[0].arms[a].cost));
      }
    }
  });

  it('the oracle plan is the DP’s arm per rounds left, for the prompt’s true q', () => {
    for (const row of result.trace.slice(0, 50)) {
      const d = row.decisions[0];
      const plan = planBudget(
        d.arms.map((a) => a.q),
        d.arms.map((a) => a.cost),
        d.arms.map((a) => a.available),
        0.01,
        5,
      );
      expect(row.oraclePlan).toEqual([5, 4, 3, 2, 1].map((n) => plan.arm[n]));
      expect(row.oracleValue).toBe(plan.value[5]);
    }
  });

  it('PromptWise’s non-forced pulls follow Proposition 1 on the recorded q̂: argmin c/q̂, with stopValue > 0', () => {
    let checked = 0;
    let forced = 0;
    for (const row of result.trace) {
      row.decisions.forEach((d, k) => {
        expect(d.pullsLeft).toBe(5 - k);
        if (d.forced) {
          forced++;
          return;
        }
        expect(d.arm).toBeGreaterThanOrEqual(0); // no null action at λ = 0.01
        let best = -1;
        let bestRatio = Infinity;
        d.arms.forEach((a, i) => {
          expect(Number.isFinite(a.qHat)).toBe(true);
          expect(a.costOverQ).toBe(a.cost / a.qHat);
          if (a.available && a.qHat > 0 && a.cost / a.qHat < bestRatio) {
            bestRatio = a.cost / a.qHat;
            best = i;
          }
        });
        expect(d.arm).toBe(best);
        expect(d.stopValue).toBeGreaterThan(0);
        expect(d.stopValue).toBe(Math.max(...d.arms.map((a) => a.qHat - 0.01 * a.cost)));
        checked++;
      });
    }
    expect(forced).toBe(5); // τ_exp = 1: each arm once
    expect(checked).toBeGreaterThan(c.T / 2);
  });

  it('the world info names the arms, costs and categories', () => {
    expect(result.world).toEqual({
      name: 'sudoku',
      arms: ['gemini-2.5-flash', 'deepseek-chat', 'qwen-plus', 'gpt-4o', 'claude-opus-4'],
      costs: [0.75, 1.37, 1.6, 12.5, 90],
      categories: ['blanks-5-9', 'blanks-10-14', 'blanks-15-19', 'blanks-20-24', 'blanks-25-30'],
      dim: 5,
    });
  });

  it('is deterministic: the same seed gives the same LabResult', () => {
    const again = labBuiltin(c);
    const strip = (r: LabResult) => ({ ...r, summary: noSeconds(r.summary) });
    expect(strip(again)).toEqual(strip(result));
    const other = labBuiltin({ ...c, seed: 4 });
    expect(other.trace.map((r) => r.pulls)).not.toEqual(result.trace.map((r) => r.pulls));
  });
});

describe('decision details', () => {
  it("records each decision's rule from the algorithm registry, so the page only puts it into words", () => {
    const want = { promptwise: 'ratio', 'promptwise-budget': 'budget', 'ca-pak-ucb-ts-official': 'max-q', greedy: 'margin', random: 'none', oracle: 'budget' };
    for (const [traceAlgo, rule] of Object.entries(want)) {
      const r = labBuiltin(config({ algos: [traceAlgo], trials: 1, T: 30, traceAlgo }));
      const rules = new Set(r.trace.flatMap((row) => row.decisions.map((d) => d.rule)));
      expect([...rules], traceAlgo).toEqual([rule]);
    }
  });

  it('says why a single baseline ends a prompt after its one query: its rule, not a stop by value (it has no null action)', () => {
    for (const traceAlgo of ['greedy', 'random', 'lowest-cost']) {
      // Seed 0: some forced first queries fail (seed 3's all succeed), so exploration prompts end with a decision too.
      const r = labBuiltin(config({ algos: [traceAlgo], trials: 1, T: 60, traceAlgo, seed: 0 }));
      let explored = 0;
      for (const row of r.trace) {
        const ends = row.decisions.filter((d) => d.arm < 0);
        // After its one query (forced or chosen) the prompt ends, once, unless that query succeeded.
        expect(row.pulls, traceAlgo).toHaveLength(1);
        expect(ends, `${traceAlgo} #${row.step}`).toHaveLength(row.success ? 0 : 1);
        for (const d of ends) {
          // An exploration prompt moves on as such (Algorithm 1, line 2); otherwise the one-query rule says why.
          if (d.forced) explored++;
          if (d.forced) expect(d.own, traceAlgo).toBeUndefined();
          else expect(d.own?.reason, traceAlgo).toBe('it asks one model per prompt, as the original algorithm does');
        }
      }
      if (traceAlgo !== 'lowest-cost') expect(explored, `${traceAlgo}: an exploration prompt ended by a failure`).toBeGreaterThan(0);
      // Random and Greedy explore each model first, and their trace says so.
      if (traceAlgo !== 'lowest-cost')
        expect(
          r.trace.slice(0, 5).every((row) => row.decisions[0].forced),
          traceAlgo,
        ).toBe(true);
      // A chosen query's reason: Greedy's is the lab's q̂ − λc; Random's and Lowest-cost's are their own.
      const picks = r.trace.flatMap((row) => row.decisions.filter((d) => d.arm >= 0 && !d.forced));
      expect(picks.length, traceAlgo).toBeGreaterThan(40);
      for (const d of picks) {
        if (traceAlgo === 'greedy') {
          expect(d.own).toBeUndefined();
          expect(d.arm).toBe(d.winners.margin.arm);
        } else {
          expect(d.own?.reason, traceAlgo).toBe(traceAlgo === 'random' ? 'a model drawn uniformly at random' : 'the cheapest model');
        }
      }
    }
  });

  it('CA PAK-UCB-tS chooses by q̂ − λc at a prompt’s first query, and says that it repeats that choice after it', () => {
    const r = labBuiltin(config({ algos: ['ca-pak-ucb-ts'], trials: 1, T: 80, traceAlgo: 'ca-pak-ucb-ts', params: { lambda: 0.2 } }));
    let repeats = 0;
    for (const row of r.trace) {
      row.decisions.forEach((d, k) => {
        if (d.forced) return;
        if (k === 0) {
          // Its one choice: the recorded estimates' highest q̂ − λc, in the lab's words.
          expect(d.own, `#${row.step}`).toBeUndefined();
          expect(d.arm).toBe(d.winners.margin.arm);
        } else {
          repeats++;
          expect(d.arm, `#${row.step}: the same model`).toBe(row.decisions[0].arm);
          expect(d.own?.reason).toBe("it asks again the model of this prompt's first query (then the highest q̂ − λc), until success or the budget");
        }
      });
    }
    expect(repeats).toBeGreaterThan(10);
  });

  it("records the literature's learners' own reasons with every decision they make from their estimates (issue 45)", () => {
    for (const traceAlgo of ['linucb', 'lin-thompson-ts', 'eps-greedy', 'cascade']) {
      const r = labBuiltin(config({ algos: [traceAlgo], trials: 1, T: 60, traceAlgo }));
      const free = r.trace.flatMap((row) => row.decisions).filter((d) => !d.forced);
      expect(free.length, traceAlgo).toBeGreaterThan(30);
      for (const d of free) {
        expect(d.rule).toBe('own');
        expect(d.own?.reason, traceAlgo).toMatch(/\w/);
        // A chosen model's reason carries the number its rule compared; only the one-query stop has none.
        if (d.arm >= 0) expect(Number.isFinite(d.own?.value), traceAlgo).toBe(true);
      }
    }
  });

  it('non-learners have NaN estimates; oracle decisions are recorded all the same', () => {
    for (const traceAlgo of ['random-ts', 'lowest-cost', 'oracle', 'oracle-prop1']) {
      const r = labBuiltin(config({ algos: [traceAlgo], trials: 1, T: 50, traceAlgo }));
      for (const row of r.trace) {
        expect(row.decisions.length).toBeGreaterThanOrEqual(row.pulls.length);
        for (const d of row.decisions) {
          // Random-till-Succeed first explores each model once, one prompt each (τ_exp = 1); the others do not explore.
          expect(d.forced, `${traceAlgo} #${row.step}`).toBe(traceAlgo === 'random-ts' && row.step < r.world.arms.length);
          expect(d.stopValue).toBeNaN();
          for (const a of d.arms) {
            expect(a.qHat).toBeNaN();
            expect(a.bonus).toBeNaN();
            expect(a.costOverQ).toBeNaN();
            expect(Number.isFinite(a.q) && Number.isFinite(a.cost)).toBe(true);
          }
        }
      }
    }
  });

  it('with a huge λ PromptWise ends prompts by the null action, recorded as arm −1 with stopValue ≤ 0', () => {
    const r = labBuiltin(config({ world: 't2i', algos: ['promptwise', 'oracle'], T: 200, trials: 1, params: { lambda: 10 } }));
    const stops = r.trace.filter((row) => row.decisions.at(-1)!.arm === -1);
    expect(stops.length).toBeGreaterThan(100);
    for (const row of stops) {
      const last = row.decisions.at(-1)!;
      expect(last.forced).toBe(false);
      expect(last.stopValue).toBeLessThanOrEqual(0);
      expect(row.decisions).toHaveLength(row.pulls.length + 1);
      expect(row.oraclePlan.every((a) => a === -1)).toBe(true);
    }
  });

  it('arms not yet available have NaN estimates and available = 0', () => {
    const r = labBuiltin(config({ world: 'sudoku-new-arms', algos: ['promptwise', 'ca-pak-ucb-ts'], T: 450, trials: 1, traceAlgo: 'ca-pak-ucb-ts' }));
    const early = r.trace[100].decisions[0];
    expect(early.arms.map((a) => a.available)).toEqual([1, 0, 1, 0, 0]);
    expect(early.arms.filter((a) => a.available === 0).every((a) => Number.isNaN(a.qHat))).toBe(true);
    expect(early.arms.filter((a) => a.available === 1).every((a) => Number.isFinite(a.qHat))).toBe(true);
    expect(r.trace[420].decisions[0].arms.map((a) => a.available)).toEqual([1, 1, 1, 1, 0]);
  });

  it('tracing any learner changes none of its decisions', () => {
    for (const traceAlgo of ['promptwise-perstep', 'promptwise-klr', 'promptwise-budget', 'ca-pak-ucb-ts', 'greedy', 'greedy-ts']) {
      const c = config({ world: 'sudoku-new-prompts', algos: [traceAlgo], T: 400, trials: 2, traceAlgo });
      expect(noSeconds(labBuiltin(c).summary), traceAlgo).toEqual(noSeconds(plain(c).result));
    }
  });

  it('traceSteps caps the trace', () => {
    const r = labBuiltin(config({ trials: 1, algos: ['promptwise'], traceSteps: 20 }));
    expect(r.trace).toHaveLength(20);
  });
});

describe('curve sampling', () => {
  it('keeps every step when T ≤ curvePoints, else exactly curvePoints from 1 to T', () => {
    expect(Array.from(curveSteps(5, 200))).toEqual([1, 2, 3, 4, 5]);
    expect(Array.from(curveSteps(3, 3))).toEqual([1, 2, 3]);
    for (const [T, P] of [
      [4, 3],
      [1000, 200],
      [201, 200],
      [123457, 200],
      [10, 2],
    ]) {
      const s = Array.from(curveSteps(T, P));
      expect(s).toHaveLength(P);
      expect(s[0]).toBe(1);
      expect(s.at(-1)).toBe(T);
      for (let i = 1; i < s.length; i++) expect(s[i]).toBeGreaterThan(s[i - 1]);
    }
  });

  it('short runs: one point per step', () => {
    const r = labBuiltin(config({ T: 30, trials: 2, algos: ['random'], traceAlgo: 'random', curvePoints: undefined }));
    expect(r.config.curvePoints).toBe(200);
    expect(r.curves.random.cost.map((p) => p.t)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});

describe('streaming', () => {
  it('partial curves over the first k finished trials equal a run of k trials', () => {
    const c = config({ algos: ['promptwise', 'random'], T: 120, trials: 3, curvePoints: 25 });
    const partials: { done: number; curves: Record<string, AlgoCurves> | null }[] = [];
    const full = runLab(builtinWorld(c.world), c, {
      chunk: 50,
      onProgress: (tick) => partials.push({ done: tick.done, curves: tick.partial()?.curves ?? null }),
    });
    expect(partials.at(-1)!.done).toBe(2 * 3 * 120);
    expect(partials[0].curves).toBeNull();
    const afterOne = partials.find((p) => p.done === 2 * 120)!;
    expect(afterOne.curves).toEqual(labBuiltin({ ...c, trials: 1 }).curves);
    const afterTwo = partials.find((p) => p.done === 2 * 2 * 120)!;
    expect(afterTwo.curves).toEqual(labBuiltin({ ...c, trials: 2 }).curves);
    expect(partials.at(-1)!.curves).toEqual(full.curves);
  });
});

describe('configuration errors', () => {
  it.each([
    [{ traceAlgo: 'greedy', algos: ['promptwise'] }, 'traceAlgo: "greedy" is not one of the algorithms run (promptwise)'],
    [{ curvePoints: 1 }, 'curvePoints: must be an integer ≥ 2 (got 1)'],
    [{ algos: ['promptwise', 'promptwise'] }, 'algos: "promptwise" is listed twice'],
    [{ T: 0 }, 'T: must be an integer from 1 to 1,000,000 (got 0)'],
  ])('%j → %s', (patch, message) => {
    expect(() => labBuiltin(config(patch as Partial<LabConfig>))).toThrow(new SimConfigError(message));
  });

  it('throws before simulating anything', () => {
    const it = lab(builtinWorld('t2i'), config({ curvePoints: 0 }));
    expect(() => it.next()).toThrow(SimConfigError);
  });
});

describe('sweeps', () => {
  const base = config({ algos: ['promptwise', 'promptwise-budget', 'oracle'], T: 200, trials: 3 });

  it('has one point per algorithm per value, and the base τ_max point is a plain run’s summary', () => {
    const values = [1, 2, 5];
    const ticks: number[] = [];
    const r = runSweep(builtinWorld(base.world), { base, param: 'tauMax', values }, { onProgress: (t) => ticks.push(t.values) });
    expect(r.param).toBe('tauMax');
    expect(r.values).toEqual(values);
    expect(r.points).toHaveLength(base.algos.length * values.length);
    expect(ticks.at(-1)).toBe(3);
    const sim = plain(base).result;
    for (const algo of base.algos) {
      const p = r.points.find((pt) => pt.algo === algo && pt.x === 5)!;
      const stat = (m: 'utility' | 'cost' | 'success') => sim.results[algo][m];
      expect(p).toEqual({
        algo,
        x: 5,
        utility: stat('utility').mean,
        cost: stat('cost').mean,
        success: stat('success').mean,
        std: { utility: stat('utility').std, cost: stat('cost').std, success: stat('success').std },
        trials: base.trials,
      });
    }
    // more rounds, more success for the oracle
    const oracle = values.map((x) => r.points.find((p) => p.algo === 'oracle' && p.x === x)!.success);
    expect(oracle[0]).toBeLessThan(oracle[2]);
  });

  it("gives its learners' WebAssembly regions back when it is stopped mid-value", () => {
    // (A test of this thread's heap: it runs in one task, so no collected arena gives regions back meanwhile.)
    const sweepBase = { ...base, world: 'logistic', algos: ['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts'] };
    const inUse = wasmHeap().inUse;
    let ticks = 0;
    expect(() =>
      runSweep(builtinWorld('logistic'), { base: sweepBase, param: 'tauMax', values: [1, 2] }, { chunk: 10, shouldStop: () => ++ticks > 3 }),
    ).toThrow(SimCancelled);
    expect(wasmHeap().inUse).toBe(inUse);
  });

  it('sweeps λ: the cost falls as λ grows', () => {
    const r = runSweep(builtinWorld('t2i'), { base: { ...base, world: 't2i' }, param: 'lambda', values: [0, 0.01, 1] });
    const cost = (x: number) => r.points.find((p) => p.algo === 'oracle' && p.x === x)!.cost;
    expect(cost(1)).toBeLessThan(cost(0));
  });

  it('rejects a bad value before running', () => {
    expect(() => runSweep(builtinWorld('t2i'), { base, param: 'tauMax', values: [2, 0] })).toThrow(
      new SimConfigError('values: tauMax: must be an integer from 1 to 1,000 (got 0)'),
    );
    expect(() => runSweep(builtinWorld('t2i'), { base, param: 'lambda', values: [] })).toThrow(SimConfigError);
  });
});

describe('a world without categories', () => {
  it('has one usage row and trace category 0, "all prompts"', () => {
    const r = labBuiltin(config({ world: 'logistic', algos: ['promptwise', 'random'], T: 100, trials: 2 }));
    expect(r.world.categories).toEqual(['all prompts']);
    expect(r.usage.promptwise.counts).toHaveLength(1);
    expect(r.usage.promptwise.prompts).toEqual([200]);
    expect(r.trace.every((row) => row.category === 0)).toBe(true);
  });
});
