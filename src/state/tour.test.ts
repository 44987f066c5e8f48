import { describe, expect, it } from 'vitest';
import { fmt } from '../engine/lab/format';
import { labBuiltin } from '../engine/lab/run';
import type { LabResult } from '../engine/lab/types';
import { prop1Pick, TOUR_STEPS, tourHash, tourParams, tourText } from './tour';
import { decodeHash } from './urlCodec';

/** The run a step's link asks for, as the page's worker computes it. */
function runOf(n: number): LabResult {
  const p = tourParams(n);
  return labBuiltin({
    world: p.world,
    algos: p.algos,
    T: p.T,
    trials: p.trials,
    seed: p.seed,
    params: { lambda: p.lambda, tauMax: p.tauMax },
    traceAlgo: p.traceAlgo,
  });
}
const stepOf = (id: string) => TOUR_STEPS.findIndex((s) => s.id === id) + 1;

describe('the guided tour', () => {
  it('has 5–8 steps, each a link that reads back as itself, with no notice', () => {
    expect(TOUR_STEPS.length).toBeGreaterThanOrEqual(5);
    expect(TOUR_STEPS.length).toBeLessThanOrEqual(8);
    TOUR_STEPS.forEach((spec, i) => {
      const hash = tourHash(i + 1);
      const read = decodeHash(hash);
      expect(read.notices).toEqual([]);
      expect(read.state).toMatchObject({ tour: i + 1, step: spec.step, present: false });
      expect(read.state.params).toEqual(tourParams(i + 1));
    });
    expect(decodeHash('#tour=99').notices.map((n) => n.text)).toEqual([`tour=99 is not valid (a tour step 1–${TOUR_STEPS.length}); using no tour`]);
  });

  // The claims each step's words make about its prompt hold in the run its link asks for.
  it('predict: the oracle asks first the lowest c/q, neither the cheapest model nor the most accurate', () => {
    const n = stepOf('predict');
    const r = runOf(n);
    const row = r.trace[TOUR_STEPS[n - 1].step!];
    const pick = prop1Pick(row, 0.01);
    expect(row.oraclePlan[0]).toBe(pick);
    const q = row.decisions[0].arms.map((a) => a.q);
    expect(pick).not.toBe(0); // the cheapest
    expect(pick).not.toBe(q.indexOf(Math.max(...q))); // the most accurate
    // "The cheapest model rarely succeeds here"
    expect(q[0]).toBeLessThanOrEqual(0.1);
    // "a hard one": no prompt of the run has a lower best chance of success
    const best = (t: (typeof r.trace)[number]) => Math.max(...t.decisions[0].arms.map((a) => a.q));
    expect(r.trace.every((t) => t.decisions.length === 0 || best(t) >= best(row))).toBe(true);
    expect(tourText(TOUR_STEPS[n - 1], r, pick)).toMatch(/^That is the oracle’s choice\./);
    expect(tourText(TOUR_STEPS[n - 1], r, 0)).toMatch(/^The oracle asks qwen-plus first, not gemini-2\.5-flash/);
  });

  it('learner: the chosen model’s bonus is smaller late than early, on a prompt of the same kind', () => {
    const n = stepOf('learner');
    const r = runOf(n);
    const late = r.trace[TOUR_STEPS[n - 1].step!];
    const early = r.trace[10];
    expect(late.category).toBe(early.category);
    const arm = late.decisions[0].arm;
    expect(late.decisions[0].arms[arm].bonus).toBeLessThan(early.decisions[0].arms[arm].bonus / 2);
    // "near the true q"
    expect(Math.abs(late.decisions[0].arms[arm].qHat - late.decisions[0].arms[arm].q)).toBeLessThan(0.05);
  });

  it('escalate: the first query fails and the learner asks again until a success', () => {
    const n = stepOf('escalate');
    const row = runOf(n).trace[TOUR_STEPS[n - 1].step!];
    expect(row.pulls.length).toBeGreaterThanOrEqual(2);
    expect(row.pulls[0].reward).toBe(0);
    expect(row.pulls.at(-1)!.reward).toBe(1);
  });

  it('budget: the DP plan switches models where Proposition 1 would repeat one', () => {
    const n = stepOf('budget');
    const r = runOf(n);
    const row = r.trace[TOUR_STEPS[n - 1].step!];
    const plan = row.oraclePlan.filter((a) => a >= 0);
    expect(new Set(plan).size).toBeGreaterThanOrEqual(2);
    // Proposition 1 would ask the same model three times; the DP plan does not.
    expect(plan).not.toEqual([0, 0, 0].map(() => prop1Pick(row, 0.01)));
    expect(tourText(TOUR_STEPS[n - 1], r)).toContain(`τ_max = 3`);
  });

  it('lambda: the words state the run’s own figures and the λ sweep’s lessons, and nothing the engine does not do', () => {
    const n = stepOf('lambda');
    const r = runOf(n);
    const text = tourText(TOUR_STEPS[n - 1], r, null, ['PromptWise’s cost stays at 2.64.']);
    expect(text).toContain(`At λ = ${r.summary.params.lambda}, PromptWise spends ${fmt(r.summary.results.promptwise.cost.mean)} per prompt`);
    expect(text).toContain(`PromptWise-Budget ${fmt(r.summary.results['promptwise-budget'].cost.mean)}`);
    expect(text).toContain('The λ sweep below, at every λ: PromptWise’s cost stays at 2.64.');
    expect(text).not.toMatch(/cheaper models|cost-blind|five times/);
    expect(tourText(TOUR_STEPS[n - 1], r)).toContain('The λ sweep below is computing');
  });

  it('writes every step’s words from its run, and says the run is on its way before it is in', () => {
    TOUR_STEPS.forEach((spec, i) => {
      expect(tourText(spec, null)).toBe('Running the step’s simulation…');
      expect(tourText(spec, runOf(i + 1)).length).toBeGreaterThan(80);
    });
  });
});
