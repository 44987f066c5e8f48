/**
 * The guided tour (issue 15, item 2): six steps that drive the real lab. Each step is a link (`tourHash`): the
 * parameters of its run, the prompt it selects and `tour=N`; going to a step is going to that link, so the page
 * applies it exactly as a pasted link (urlSync.ts), and the link of any step reproduces it. The words of a step
 * are written from the run it shows (`tourText`), so they state what the lab computed, not what a page author
 * remembered. Where the tour was left is kept in localStorage, to resume.
 */
import { fmt, fmtPct, fmtPlan } from '../engine/lab/format';
import type { LabResult, TraceRow } from '../engine/lab/types';
import { prop1Arm } from '../engine/oracle';
import { TOUR_BASE, TOUR_STEPS, type TourStepSpec } from './tourSteps';
import { DEFAULT_PARAMS, encodeHash, type LabParams } from './urlCodec';

export { TOUR_STEPS } from './tourSteps';

/** The parameters of step `n` (1-based): the tour's base with the step's changes. */
export function tourParams(n: number): LabParams {
  const spec = TOUR_STEPS[n - 1];
  return { ...DEFAULT_PARAMS, ...TOUR_BASE, algos: [...TOUR_BASE.algos], ...spec.params };
}

/** The link of step `n` (1-based): its run, its selected prompt, `tour=n`. */
export function tourHash(n: number): string {
  return encodeHash({ params: tourParams(n), present: false, step: TOUR_STEPS[n - 1].step, tour: n });
}

const RESUME_KEY = 'promptwise-lab:tour';

/** The step the tour was left at (to resume), or null. */
export function savedTourStep(): number | null {
  try {
    const n = Number(globalThis.localStorage?.getItem(RESUME_KEY));
    return Number.isInteger(n) && n >= 1 && n <= TOUR_STEPS.length ? n : null;
  } catch {
    return null;
  }
}

export function saveTourStep(n: number | null): void {
  try {
    if (n === null) globalThis.localStorage?.removeItem(RESUME_KEY);
    else globalThis.localStorage?.setItem(RESUME_KEY, String(n));
  } catch {
    // storage disabled: the tour still works, it only cannot be resumed after a reload
  }
}

const RETURN_KEY = 'promptwise-lab:tour-return';

/**
 * The lab's link before the tour (issue 41, item 4): kept when the tour starts, taken back when it is left or
 * finished, so the tour's short runs (T = 300, 5 trials, its λ) do not stay behind. Kept in localStorage, so a reload
 * in the middle of the tour still returns there; a tour opened from a step's link has none, and leaves the step's
 * settings in place.
 */
export function saveTourReturn(hash: string): void {
  try {
    globalThis.localStorage?.setItem(RETURN_KEY, hash);
  } catch {
    // storage disabled: the tour cannot restore the settings after a reload, the page still works
  }
}

/** The link to return to after the tour (and forgets it), or null. */
export function takeTourReturn(): string | null {
  try {
    const hash = globalThis.localStorage?.getItem(RETURN_KEY) ?? null;
    globalThis.localStorage?.removeItem(RETURN_KEY);
    return hash;
  } catch {
    return null;
  }
}

/** Proposition 1's first model for a trace prompt, from its true q (engine/oracle.ts prop1Arm); −1 to stop. */
export function prop1Pick(row: TraceRow, lambda: number): number {
  const arms = row.decisions[0]?.arms ?? [];
  return prop1Arm(
    arms.map((a) => a.q),
    arms.map((a) => a.cost),
    arms.map((a) => a.available),
    lambda,
  );
}

/**
 * What step `spec` says, from the run it shows (`result`, the finished run of the step's link), or a word that
 * the run is on its way. `answer` is the reader's pick at the "predict" step (a model index), null before.
 * `lessons` are the λ sweep's sentences for the step's run (state/lessons.ts), null while it computes.
 */
export function tourText(spec: TourStepSpec, result: LabResult | null, answer: number | null = null, lessons: readonly string[] | null = null): string {
  if (result === null) return 'Running the step’s simulation…';
  const { arms, costs } = result.world;
  const lambda = Number(result.summary.params.lambda);
  const row = spec.step !== null ? result.trace[spec.step] : undefined;
  const ladder = arms.map((a, i) => `${a} ${fmt(costs[i])}`).join(' < ');
  switch (spec.id) {
    case 'ladder':
      return `Each prompt can go to ${arms.length} models, priced ${ladder} per query (the paper's set prices). Prompt #${(spec.step ?? 0) + 1} in the escalation trace (one row per prompt, newest first) shows which models PromptWise asked, in order, until one succeeded, and beside it what the oracle would have asked. A success is worth 1; every query costs λ × its price (λ = ${lambda}).`;
    case 'predict': {
      if (!row) return '';
      const pick = prop1Pick(row, lambda);
      const cq = (i: number) => fmt(row.decisions[0].arms[i].cost / row.decisions[0].arms[i].q);
      if (answer === null) {
        return `Prompt #${row.step + 1} is a hard one. Knowing each model's true chance of success q (shown as "true q" in the panel), which model would you ask first? Pick one below.`;
      }
      const verdict = answer === pick ? 'That is the oracle’s choice.' : `The oracle asks ${arms[pick]} first, not ${arms[answer]} (c/q ${cq(answer)}).`;
      return `${verdict} Its rule (Proposition 1): among the models worth their price (q − λc > 0), ask the one with the lowest cost per expected success c/q: ${arms[pick]}, c/q = ${cq(pick)}. The cheapest model rarely succeeds here, and the most accurate one costs too much per success.`;
    }
    case 'learner': {
      const early = result.trace[10];
      if (!row || !early) return '';
      const arm = row.decisions[0].arm;
      const b = (r: TraceRow) => fmt(r.decisions[0].arms[arm].bonus);
      const q = (r: TraceRow) => fmt(r.decisions[0].arms[arm].qHat);
      return `The learner does not know q: it estimates q̂ from what it has seen, plus an optimism bonus that shrinks as a model is tried (UCB). For ${arms[arm]} on prompt #${row.step + 1} (selected), the bonus is ${b(row)} and q̂ is ${q(row)}, near the true q ${fmt(row.decisions[0].arms[arm].q)}; on the same kind of prompt at #${early.step + 1} (drag the scrubber back to see it) they were ${b(early)} and ${q(early)}. A model the learner has not asked keeps its bonus, large or small: it shrinks only with data.`;
    }
    case 'escalate': {
      if (!row) return '';
      const tries = row.pulls.map((p) => `${arms[p.arm]} ${p.reward ? '✓' : '✗'}`).join(', ');
      return `Prompt #${row.step + 1}: ${tries}. After each failure the learner updates its estimate of the model that failed and chooses again with the rounds left (τ_max = ${result.summary.params.tauMax}); the step ends at the first success. It paid ${fmt(row.cost)} for utility ${fmt(row.utility)}.`;
    }
    case 'budget': {
      if (!row) return '';
      const pick = prop1Pick(row, lambda);
      return `With a budget of τ_max = ${result.summary.params.tauMax} queries, the oracle plans ahead by dynamic programming: for prompt #${row.step + 1} it would ask ${fmtPlan(row.oraclePlan, (a) => arms[a])}. Proposition 1 alone would repeat ${arms[pick]} (the lowest c/q) every time: optimal without a budget, not with one, because a dearer model with a higher q is worth it when few rounds are left.`;
    }
    case 'lambda': {
      const at = (id: string) => result.summary.results[id];
      const pw = at('promptwise');
      const budget = at('promptwise-budget');
      const now = `λ is what one unit of cost is worth in successes. At λ = ${lambda}, PromptWise spends ${fmt(pw.cost.mean)} per prompt for ${fmtPct(pw.success.mean)} success${budget ? `, PromptWise-Budget ${fmt(budget.cost.mean)} for ${fmtPct(budget.success.mean)}` : ''}.`;
      const sweep =
        lessons === null
          ? 'The λ sweep below is computing: it will say where each learner’s cost moves.'
          : `The λ sweep below, at every λ: ${lessons.join(' ')}`;
      return `${now} ${sweep}`;
    }
  }
}
