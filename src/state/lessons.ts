/**
 * What the λ sweep teaches, in words written from the sweep on screen (issue 41, item 1): where each learner's
 * cost first moves with λ, and why. Plain functions: no DOM; the claims are held against the engine by
 * lessons.test.ts on three worlds.
 *
 * The mechanism (promptwise.tex, Proposition 1, l. 260–275, and Algorithm 1, l. 304–329): PromptWise asks the
 * model with the lowest c/q̂ (line 11) — an order that does not contain λ — and λ only enters its stop rule,
 * max(q̂ − λc) ≤ 0 (line 8). So its cost stays flat until λ·c passes the success chances of the models it asks.
 * A budget plan (the DP oracle, PromptWise-Budget: docs/ENGINE.md) also weighs, in the last rounds of τ_max, a
 * surer and dearer model against λ times its price, so its cost moves with λ from the smallest values on.
 */
import { fmtPct, fmtShort } from '../engine/lab/format';
import type { LabConfig, SweepPoint, SweepResult } from '../engine/lab/types';
import { diffStandardError } from '../engine/metrics';
import { algorithmSpec } from '../engine/policies/algorithms';
import { costKindOf, fmtCostPerPrompt, fmtCostsPerPrompt } from './stakeholder';

/** A difference of two means counts as a change when it exceeds this many standard errors. */
export const CHANGE_SE = 3;

type Metric = 'utility' | 'cost' | 'success';

/** Whether `b`'s mean differs from `a`'s by more than CHANGE_SE standard errors of the difference (engine/metrics.ts). */
export function changed(a: SweepPoint, b: SweepPoint, metric: Metric): boolean {
  return Math.abs(b[metric] - a[metric]) > CHANGE_SE * diffStandardError({ std: a.std[metric] }, { std: b.std[metric] }, a.trials);
}

/**
 * Whether an algorithm's points have the same success and cost exactly. Every value of a sweep plays the same draws
 * (engine/simulate.ts, docs/ENGINE.md reading 6), so a learner the swept parameter never reaches lands on one point,
 * and the words can say "the same", not only "within the noise".
 */
const sameFigures = (pts: readonly SweepPoint[]) => pts.every((p) => p.success === pts[0].success && p.cost === pts[0].cost);

/** An algorithm's points in the sweep's order of values. */
function pointsOf(sweep: SweepResult, algo: string): SweepPoint[] {
  return sweep.values.flatMap((x) => sweep.points.filter((p) => p.algo === algo && p.x === x && Number.isFinite(p.cost)));
}

/**
 * Where `algo`'s cost first leaves its value at the sweep's first value by more than CHANGE_SE standard errors:
 * the last point still level with the first (`flatUntil`) and the first that is not (`at`); null when it never does.
 */
export function firstCostChange(sweep: SweepResult, algo: string): { first: SweepPoint; flatUntil: SweepPoint; at: SweepPoint } | null {
  const pts = pointsOf(sweep, algo);
  const i = pts.findIndex((p) => changed(pts[0], p, 'cost'));
  return i > 0 ? { first: pts[0], flatUntil: pts[i - 1], at: pts[i] } : null;
}

/** Why an algorithm's cost moves with λ, or does not, by the rule it decides with (the algorithm registry). */
function mechanism(algo: string, tauMax: number): string {
  const rule = algorithmSpec(algo)?.rule;
  const knows = algorithmSpec(algo)?.knowsQ ? 'q' : 'q̂';
  if (rule === 'ratio') {
    return `it asks models in order of c/${knows} whatever λ is (Proposition 1), and λ only decides when it stops (when every model's ${knows} − λc ≤ 0)`;
  }
  if (rule === 'budget') {
    return `it plans the τ_max = ${tauMax} rounds on ${knows} and pays for a surer, dearer model only while its extra success is worth λ times its price`;
  }
  if (rule === 'margin') return `it asks the model with the highest ${knows} − λc, a score λ enters directly`;
  const own = algorithmSpec(algo)?.lambdaRole;
  if (rule === 'own' && own) return own;
  return 'its choice of models does not weigh cost against success';
}

/** How the words name algorithms and write costs with their unit (state/stakeholder.ts on the page). */
export interface LessonWords {
  label: (id: string) => string;
  /** A mean cost per prompt with its unit: "2.64 $/Mtok per prompt". */
  cost: (c: number) => string;
  /** Two of them, the unit once: "2.64 to 1.12 $/Mtok per prompt". */
  costs: (from: number, to: number) => string;
  tauMax: number;
}

/** The page's words for a run: its algorithms' labels, and its costs with the run's unit (stakeholder.ts). */
export function lessonWordsFor(config: Pick<LabConfig, 'world' | 'dataset'>, label: (id: string) => string, tauMax: number): LessonWords {
  const kind = costKindOf(config);
  return { label, cost: (c) => fmtCostPerPrompt(c, kind), costs: (a, b) => fmtCostsPerPrompt(a, b, kind), tauMax };
}

/**
 * One sentence per algorithm of `algos` that learns or plans (not the fixed baselines): where its cost per prompt
 * first changes with λ on this sweep, in which direction, and why.
 */
export function lambdaLessons(sweep: SweepResult, algos: readonly string[], opts: LessonWords): string[] {
  const lo = fmtShort(sweep.values[0]);
  const hi = fmtShort(sweep.values[sweep.values.length - 1]);
  return algos.flatMap((algo) => {
    const spec = algorithmSpec(algo);
    if (!spec || spec.rule === 'none' || spec.rule === 'max-q' || pointsOf(sweep, algo).length < 2) return [];
    const name = opts.label(algo);
    const why = mechanism(algo, opts.tauMax);
    const c = firstCostChange(sweep, algo);
    if (c === null) {
      const pts = pointsOf(sweep, algo);
      const level = pts[0];
      const how = sameFigures(pts) ? 'the same cost and success at every λ' : `within ${CHANGE_SE} standard errors`;
      return [`${name}'s cost stays at ${opts.cost(level.cost)} from λ = ${lo} to ${hi} (${how}): ${why}.`];
    }
    const direction = c.at.cost < c.first.cost ? 'falls' : 'rises';
    const flat = c.flatUntil === c.first ? '' : ` stays level from λ = ${lo} to ${fmtShort(c.flatUntil.x)}, then`;
    return [
      `${name}'s cost${flat} ${direction} from ${opts.costs(c.first.cost, c.at.cost)} at λ = ${fmtShort(c.at.x)} (success ${fmtPct(c.first.success)} → ${fmtPct(c.at.success)}): ${why}.`,
    ];
  });
}

/**
 * Where `algo`'s success and cost stop moving with τ_max on this sweep: the smallest swept value from which every
 * point is within CHANGE_SE standard errors of the last one in both; the first point when nothing moves.
 */
export function levelFrom(sweep: SweepResult, algo: string): SweepPoint | null {
  const pts = pointsOf(sweep, algo);
  if (pts.length === 0) return null;
  const last = pts[pts.length - 1];
  let i = pts.length - 1;
  while (i > 0 && !changed(last, pts[i - 1], 'success') && !changed(last, pts[i - 1], 'cost')) i--;
  return pts[i];
}

/**
 * One sentence per learner or planner on the τ_max sweep (issue 41, item 2): its success and cost at the smallest and
 * the largest budget, and from which τ_max on more rounds change neither (within CHANGE_SE standard errors); or that
 * the budget changes nothing here. Why more rounds can matter: with one query per prompt there is no escalation, and a
 * failure can be followed by another query only while rounds are left (promptwise.tex Algorithm 1, line 8).
 */
export function tauMaxLessons(sweep: SweepResult, algos: readonly string[], opts: Pick<LessonWords, 'label' | 'costs'>): string[] {
  return algos.flatMap((algo) => {
    const spec = algorithmSpec(algo);
    const pts = pointsOf(sweep, algo);
    if (!spec || spec.rule === 'none' || pts.length < 2) return [];
    const [first, last] = [pts[0], pts[pts.length - 1]];
    const level = levelFrom(sweep, algo) ?? first;
    const name = opts.label(algo);
    const range = `τ_max = ${fmtShort(first.x)} to ${fmtShort(last.x)}`;
    if (level === first) {
      const how = sameFigures(pts) ? 'the same figures at every budget' : `within ${CHANGE_SE} standard errors`;
      return [`${name}: the budget changes neither its success nor its cost from ${range} (${how}).`];
    }
    const more = level === last ? '' : `; past τ_max = ${fmtShort(level.x)} more rounds change neither (within ${CHANGE_SE} standard errors)`;
    return [
      `${name}: from ${range}, success ${fmtPct(first.success)} → ${fmtPct(last.success)}, cost ${opts.costs(first.cost, last.cost)}${more}. With one round a failure ends the prompt; with more, it can ask again.`,
    ];
  });
}
