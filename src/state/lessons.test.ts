import { describe, expect, it } from 'vitest';
import { fmtPct, fmtShort } from '../engine/lab/format';
import { labBuiltin, sweepBuiltin } from '../engine/lab/run';
import type { LabConfig, SweepResult, TraceRow } from '../engine/lab/types';
import { diffStandardError } from '../engine/metrics';
import { NUMBER_PARAMS } from '../engine/params';
import { ALGORITHMS, type AlgorithmSpec, algorithmSpec } from '../engine/policies/algorithms';
import { FOCUSED_ALGO_IDS } from './catalog';
import { CHANGE_SE, changed, firstCostChange, lambdaLessons, levelFrom, tauMaxLessons } from './lessons';
import { DEFAULT_PARAMS } from './urlCodec';

const LAMBDAS = [1e-4, 1e-3, 1e-2, 1e-1, 1];
const base = (world: string, algos: readonly string[], T = 300, trials = 10): LabConfig => ({
  world,
  algos: [...algos],
  T,
  trials,
  seed: 0,
  params: { lambda: 0.01, tauMax: 5 },
  traceAlgo: 'promptwise',
});
const words = (unit: string) => ({
  label: (id: string) => id,
  cost: (c: number) => `${fmtShort(c)} ${unit}`,
  costs: (a: number, b: number) => `${fmtShort(a)} to ${fmtShort(b)} ${unit}`,
  tauMax: 5,
});

/** PromptWise's pulls prompt by prompt, up to the first prompt where it stopped by its stop rule (the null action). */
function pullsUntilFirstStop(trace: readonly TraceRow[]): string[] {
  const out: string[] = [];
  for (const row of trace) {
    out.push(row.pulls.map((p) => p.arm).join(','));
    if (row.decisions.some((d) => d.arm < 0 && !d.forced && d.stopValue <= 0)) break;
  }
  return out;
}

describe('the λ sweep’s lessons, against the engine', () => {
  for (const world of ['sudoku', 't2i', 'two-models']) {
    it(`${world}: each sentence states the engine's numbers, and its mechanism holds`, () => {
      const algos = ['promptwise', 'promptwise-budget', 'greedy', 'oracle'];
      const sweep: SweepResult = sweepBuiltin({ base: base(world, algos), param: 'lambda', values: LAMBDAS });
      const lines = lambdaLessons(sweep, algos, words('per prompt'));
      // Greedy picks by q̂ − λc (a margin rule) and is described too; nothing is said of an algorithm not run.
      expect(lines.map((l) => l.split("'")[0])).toEqual(algos);
      for (const [i, algo] of algos.entries()) {
        const c = firstCostChange(sweep, algo);
        if (c === null) {
          expect(lines[i]).toContain('stays at');
          continue;
        }
        // The numbers are those of a run at that λ, computed on its own.
        const run = labBuiltin({ ...base(world, algos), params: { lambda: c.at.x, tauMax: 5 } });
        expect(lines[i]).toContain(`to ${fmtShort(run.summary.results[algo].cost.mean)} per prompt at λ = ${fmtShort(c.at.x)}`);
        expect(lines[i]).toContain(c.at.cost < c.first.cost ? ' falls ' : ' rises ');
        // Every point before it is level with the first, and it is not.
        const pts = sweep.points.filter((p) => p.algo === algo);
        for (const p of pts.filter((q) => q.x < c.at.x)) expect(changed(c.first, p, 'cost')).toBe(false);
        expect(Math.abs(c.at.cost - c.first.cost)).toBeGreaterThan(
          CHANGE_SE * diffStandardError({ std: c.first.std.cost }, { std: c.at.std.cost }, c.first.trials),
        );
      }

      // PromptWise: the order of models does not depend on λ. Up to its first stop, trial 0 asks exactly the same
      // models at the smallest λ and at the largest λ where its cost is still level.
      const pw = firstCostChange(sweep, 'promptwise');
      const levelUntil = pw ? pw.flatUntil.x : LAMBDAS[LAMBDAS.length - 1];
      const trace = (lambda: number) => labBuiltin({ ...base(world, ['promptwise']), trials: 1, params: { lambda, tauMax: 5 } }).trace;
      const [lo, hi] = [pullsUntilFirstStop(trace(LAMBDAS[0])), pullsUntilFirstStop(trace(levelUntil))];
      const n = Math.min(lo.length, hi.length);
      expect(n).toBeGreaterThan(20);
      expect(hi.slice(0, n)).toEqual(lo.slice(0, n));

      // A budget plan pays for surer, dearer models where cost weighs little: at the smallest λ it succeeds more
      // often than PromptWise, and spends more.
      const at = (algo: string) => sweep.points.find((p) => p.algo === algo && p.x === LAMBDAS[0])!;
      expect(at('promptwise-budget').success).toBeGreaterThan(at('promptwise').success);
      expect(at('promptwise-budget').cost).toBeGreaterThan(at('promptwise').cost);
    });
  }

  it('the literature’s learners: each says how λ enters its own rule (the registry’s words), and its cost falls as λ grows', () => {
    const algos = ALGORITHMS.filter((a) => a.rule === 'own').map((a) => a.id);
    expect(algos.length).toBeGreaterThan(0);
    const sweep: SweepResult = sweepBuiltin({ base: { ...base('t2i', algos), trials: 4 }, param: 'lambda', values: [1e-4, 0.1, 1] });
    const lines = lambdaLessons(sweep, algos, words('per prompt'));
    for (const [i, algo] of algos.entries()) {
      const role = (algorithmSpec(algo) as AlgorithmSpec).lambdaRole;
      expect(role, algo).toBeTruthy();
      expect(lines[i], algo).toContain(`: ${role}.`);
      const pts = sweep.points.filter((p) => p.algo === algo);
      expect(pts[pts.length - 1].cost, algo).toBeLessThan(pts[0].cost);
    }
  });

  it('says a level line is level, and names no change within noise', () => {
    const point = (x: number, cost: number, std: number) => ({
      algo: 'promptwise',
      x,
      utility: 0,
      cost,
      success: 0.5,
      std: { utility: 0, cost: std, success: 0 },
      trials: 20,
    });
    // 2.64 → 2.70 with a spread of 0.75 over 20 trials is 0.26 standard errors: level.
    const sweep: SweepResult = { param: 'lambda', values: [0.01, 0.1], points: [point(0.01, 2.64, 0.75), point(0.1, 2.7, 0.75)] };
    expect(firstCostChange(sweep, 'promptwise')).toBeNull();
    expect(lambdaLessons(sweep, ['promptwise'], words('$/Mtok per prompt'))[0]).toMatch(
      /^promptwise's cost stays at 2\.64 \$\/Mtok per prompt from λ = 0\.01 to 0\.1 \(within 3 standard errors\): it asks models in order of c\/q̂ whatever λ is \(Proposition 1\)/,
    );
    // The same difference over a tight spread is a change.
    const tight: SweepResult = { ...sweep, points: [point(0.01, 2.64, 0.01), point(0.1, 2.7, 0.01)] };
    expect(firstCostChange(tight, 'promptwise')?.at.x).toBe(0.1);
  });
});

describe('the τ_max sweep’s lessons, against the engine', () => {
  for (const world of ['sudoku', 't2i', 'two-models']) {
    it(`${world}: the figures at the smallest and largest budget are the engine's, and past the named τ_max nothing moves`, () => {
      const algos = ['promptwise', 'promptwise-budget', 'oracle'];
      const values = [1, 2, 4, 8, 16];
      const sweep = sweepBuiltin({ base: base(world, algos), param: 'tauMax', values });
      const lines = tauMaxLessons(sweep, algos, words('per prompt'));
      expect(lines).toHaveLength(algos.length);
      for (const [i, algo] of algos.entries()) {
        const at = (tauMax: number) => labBuiltin({ ...base(world, algos), params: { lambda: 0.01, tauMax } }).summary.results[algo];
        const [one, many] = [at(1), at(16)];
        const level = levelFrom(sweep, algo)!;
        if (level.x === 1) {
          expect(lines[i]).toContain('the budget changes neither');
          continue;
        }
        expect(lines[i]).toContain(
          `success ${fmtPct(one.success.mean)} → ${fmtPct(many.success.mean)}, cost ${fmtShort(one.cost.mean)} to ${fmtShort(many.cost.mean)} per prompt`,
        );
        // Every point from the named τ_max on is level with the last, in success and cost; the one before it is not.
        const pts = values.map((x) => sweep.points.find((p) => p.algo === algo && p.x === x)!);
        const last = pts[pts.length - 1];
        for (const p of pts.filter((q) => q.x >= level.x)) expect(changed(last, p, 'success') || changed(last, p, 'cost')).toBe(false);
        const before = pts[pts.findIndex((p) => p.x === level.x) - 1];
        expect(changed(last, before, 'success') || changed(last, before, 'cost')).toBe(true);
        if (level.x < 16) expect(lines[i]).toContain(`past τ_max = ${level.x} more rounds change neither`);
      }
    });
  }
});

describe('the λ sweep of a learner whose decisions λ never reaches', () => {
  it('says its cost and success are the same at every λ, as the engine computes them, and only then', () => {
    const sweep = sweepBuiltin({ base: base('t2i', ['promptwise', 'greedy']), param: 'lambda', values: [0.001, 0.01, 0.1] });
    const pw = sweep.points.filter((p) => p.algo === 'promptwise');
    expect(new Set(pw.map((p) => `${p.success} ${p.cost}`)).size).toBe(1);
    const [line] = lambdaLessons(sweep, ['promptwise'], words('per prompt'));
    expect(line).toMatch(
      /^promptwise's cost stays at \S+ per prompt from λ = 0\.001 to 0\.1 \(the same cost and success at every λ\): it asks models in order of c\/q̂/,
    );
    // Level within the noise but not the same figures: the words say which.
    const nudged: SweepResult = { ...sweep, points: sweep.points.map((p) => (p.algo === 'promptwise' && p.x === 0.1 ? { ...p, cost: p.cost * 1.0001 } : p)) };
    expect(lambdaLessons(nudged, ['promptwise'], words('per prompt'))[0]).toContain('(within 3 standard errors)');
  });
});

describe('the τ_max sweep of a learner that asks one model per prompt', () => {
  it('says the budget changes nothing, as the engine computes it: the same figures at every τ_max', () => {
    const values = [1, 2, 5, 16];
    const sweep = sweepBuiltin({ base: base('sudoku', ['greedy', 'promptwise']), param: 'tauMax', values });
    const greedy = sweep.points.filter((p) => p.algo === 'greedy');
    expect(new Set(greedy.map((p) => `${p.success} ${p.cost}`)).size).toBe(1);
    const [greedyLine, promptwiseLine] = tauMaxLessons(sweep, ['greedy', 'promptwise'], words('per prompt'));
    expect(greedyLine).toBe('greedy: the budget changes neither its success nor its cost from τ_max = 1 to 16 (the same figures at every budget).');
    expect(promptwiseLine).not.toContain('the same figures');
  });
});

describe('the first view: both sliders move what the focused learners do', () => {
  // Four log-spaced intervals across the λ slider: over at least three of them some PromptWise learner of the
  // first view changes its cost by more than 3 standard errors (20 trials, the default run).
  it('λ: a PromptWise learner’s cost changes over at least 3 of the slider’s 4 decades', () => {
    const { min, max } = NUMBER_PARAMS.lambda.lab;
    const edges = Array.from({ length: 5 }, (_, i) => min * (max / min) ** (i / 4));
    const learners = FOCUSED_ALGO_IDS.filter((id) => id.startsWith('promptwise'));
    expect(learners.length).toBeGreaterThanOrEqual(2);
    const sweep = sweepBuiltin({
      base: base(DEFAULT_PARAMS.world, learners, DEFAULT_PARAMS.T, DEFAULT_PARAMS.trials),
      param: 'lambda',
      values: edges,
    });
    const point = (algo: string, x: number) => sweep.points.find((p) => p.algo === algo && p.x === x)!;
    const moved = edges.slice(1).filter((hi, i) => learners.some((a) => changed(point(a, edges[i]), point(a, hi), 'cost')));
    expect(moved.length).toBeGreaterThanOrEqual(3);
  });

  it('τ_max: the oracle’s and PromptWise’s cost and success move across the slider', () => {
    const sweep = sweepBuiltin({
      base: base(DEFAULT_PARAMS.world, ['promptwise', 'oracle'], DEFAULT_PARAMS.T, DEFAULT_PARAMS.trials),
      param: 'tauMax',
      values: [1, 16],
    });
    for (const algo of ['promptwise', 'oracle']) {
      const [one, many] = [1, 16].map((x) => sweep.points.find((p) => p.algo === algo && p.x === x)!);
      expect(changed(one, many, 'cost')).toBe(true);
      expect(changed(one, many, 'success')).toBe(true);
    }
  });
});

describe('the words of the ideas cards and the slider help, against the engine', () => {
  const trace = (tauMax: number) => labBuiltin({ ...base('sudoku', ['promptwise']), T: DEFAULT_PARAMS.T, trials: 1, params: { lambda: 0.01, tauMax } }).trace;

  it('“the bonus shrinks only for the models it asks”: a model left unasked keeps its q̂ and bonus, though its true q is high', () => {
    const rows = trace(5);
    // Per prompt type and model: every q̂ and bonus PromptWise saw, and whether it asked that model there.
    const seen = new Map<string, { q: number; est: Set<string>; asked: boolean }>();
    for (const row of rows.slice(Math.floor(rows.length / 2))) {
      for (const d of row.decisions) {
        d.arms.forEach((a, arm) => {
          const key = `${row.category}:${arm}`;
          const e = seen.get(key) ?? { q: a.q, est: new Set<string>(), asked: false };
          e.est.add(`${a.qHat}/${a.bonus}`);
          e.asked ||= d.arm === arm;
          seen.set(key, e);
        });
      }
    }
    const frozen = [...seen.values()].filter((e) => !e.asked && e.est.size === 1 && e.q >= 0.9);
    expect(frozen.length).toBeGreaterThan(0);
    // Every model that was asked has a bonus that moved.
    expect([...seen.values()].filter((e) => e.asked).every((e) => e.est.size > 1)).toBe(true);
  });

  it('“with one there is no escalation”; with more, a dearer model follows a cheaper one’s failure', () => {
    expect(trace(1).every((r) => r.pulls.length <= 1)).toBe(true);
    const world = labBuiltin({ ...base('sudoku', ['promptwise']), trials: 1 }).world;
    const escalations = trace(5).filter((r) =>
      r.pulls.some((p, i) => i > 0 && r.pulls[i - 1].reward === 0 && world.costs[p.arm] > world.costs[r.pulls[i - 1].arm]),
    );
    expect(escalations.length).toBeGreaterThan(0);
  });
});
