/**
 * Plain-language explanations of one decision of the escalation trace (what the learner did and why), from
 * the numbers the engine recorded. Pure, so unit-tested (explain.test.ts).
 */

import { fmt, fmtCounted, fmtSigned } from '../../engine/lab/format';
import type { Decision, DecisionArm } from '../../engine/lab/types';

const usable = (a: DecisionArm) => a.available === 1;

/** The stop rule's verdict: the learner continues while max(q̂ − λc) > 0. */
export function stopVerdict(stopValue: number): 'continue' | 'stop' | 'n/a' {
  if (!Number.isFinite(stopValue)) return 'n/a';
  return stopValue > 0 ? 'continue' : 'stop';
}

function availableCount(arms: readonly DecisionArm[]): number {
  return arms.filter(usable).length;
}

const name = (arms: readonly string[], a: number) => arms[a] ?? `model ${a + 1}`;

/** Why an exploration prompt ends after its query: the trace's "moves on" and the decision's sentence say it alike. */
export const EXPLORATION_ENDS = 'an exploration prompt ends after its one forced query (Algorithm 1, line 2)';

/**
 * One sentence on what the learner did at this decision and why, e.g.
 * "Chose gpt-4o-mini: lowest c/q̂ (0.610) among 5 available models; stop value +0.930 > 0, so it queries."
 */
export function explainDecision(d: Decision, armNames: readonly string[]): string {
  // The rule the engine recorded for this algorithm (its registry entry); the sentence only puts it into words.
  const rule = d.rule;
  const sv = d.stopValue;
  const hasStop = Number.isFinite(sv);
  const left = `${fmtCounted(d.pullsLeft, 'pull')} left`;

  // A rule of the learner's own (its UCB index, posterior draw, coin or threshold test): its words and its number.
  const own = d.own && !d.forced ? `${d.own.reason}${d.own.value === undefined ? '' : ` (${fmt(d.own.value)})`}` : null;

  if (d.arm < 0) {
    if (own) return `Stopped: ${own}.`;
    if (d.forced) return `Moves on: ${EXPLORATION_ENDS}.`;
    if (hasStop && sv <= 0) {
      return `Stopped (null action): the stop value max(q̂ − λc) = ${fmtSigned(sv)} ≤ 0, so no model is worth its cost.`;
    }
    if (hasStop && rule === 'budget') {
      return `Stopped (null action) with ${left}: although max(q̂ − λc) = ${fmtSigned(sv)} > 0, the budget plan values every further query below nothing.`;
    }
    // An oracle estimates nothing: it stops by its rule on the true q (the DP's plan, or Proposition 1's q − λc ≤ 0).
    if (rule === 'budget') {
      return `Stopped (null action) with ${left}: the oracle's plan on the true success rates values every further query below nothing.`;
    }
    if (rule === 'ratio') return 'Stopped (null action): on the true success rates no model is worth its cost, max(q − λc) ≤ 0 (Proposition 1).';
    return 'Stopped: this algorithm makes no further query on this prompt.';
  }

  const chosen = name(armNames, d.arm);
  if (d.forced) {
    return `Forced exploration: ${chosen} has not been tried τ_exp times yet, so it is queried before its estimate is trusted.`;
  }

  const hasEstimates = d.arms.some((a) => usable(a) && Number.isFinite(a.qHat));
  if (!hasEstimates) {
    if (rule === 'budget' || rule === 'ratio') {
      return `Chose ${chosen}: the oracle's plan on the true success rates (${left}).`;
    }
    return `Chose ${chosen}: this algorithm does not estimate success rates, it picks by a fixed rule.`;
  }

  const n = availableCount(d.arms);
  const among = n === 1 ? 'the only available model' : `among ${n} available models`;
  if (own) return `Chose ${chosen} ${among}: ${own}.`;
  const stopClause = hasStop ? `; stop value ${fmtSigned(sv)} > 0, so it queries` : '';
  // The winners the engine recorded (Decision.winners): the words compare them, they never re-derive them.
  const { ratio, margin, maxQ } = d.winners;
  const c = d.arms[d.arm];

  const byRatio = () => `Chose ${chosen}: lowest c/q̂ (${fmt(ratio.score)}) ${among}${stopClause}.`;
  const byMargin = () => `Chose ${chosen}: highest q̂ − λc (${fmtSigned(margin.score)}) ${among}.`;
  const byQ = () => `Chose ${chosen}: highest estimated success q̂ (${fmt(maxQ.score)}) ${among}; cost is not considered.`;

  if (rule === 'margin' && d.arm === margin.arm) return byMargin();
  if (rule === 'max-q' && d.arm === maxQ.arm) return byQ();
  if ((rule === 'ratio' || rule === 'budget' || rule === 'unknown') && d.arm === ratio.arm) return byRatio();
  if (rule === 'unknown' && d.arm === margin.arm) return byMargin();
  if (rule === 'unknown' && d.arm === maxQ.arm) return byQ();

  if (ratio.arm >= 0 && ratio.arm !== d.arm) {
    const other = name(armNames, ratio.arm);
    const why =
      rule === 'budget' || rule === 'unknown'
        ? `with ${left}, the budget plan on q̂ expects more from it`
        : rule === 'margin'
          ? 'it has the higher q̂ − λc'
          : 'its rule does not compare c/q̂';
    return `Chose ${chosen} (c/q̂ ${fmt(c.costOverQ)}) over ${other} (lowest c/q̂, ${fmt(ratio.score)}): ${why}.`;
  }
  return `Chose ${chosen} (q̂ ${fmt(c.qHat)}, c/q̂ ${fmt(c.costOverQ)})${stopClause}.`;
}

/** What the oracle would do, in words: "expert-3 (c/q 0.75), then expert-5 in the last 2 rounds; E[u] 0.985". */
export function explainOracle(plan: readonly number[], value: number, armNames: readonly string[]): string {
  if (plan.length === 0) return 'No oracle plan recorded.';
  if (plan[0] < 0) return `The oracle would not query at all (expected utility ${fmt(value)}).`;
  const runs: { arm: number; count: number }[] = [];
  for (const a of plan) {
    const last = runs[runs.length - 1];
    if (last && last.arm === a) last.count++;
    else runs.push({ arm: a, count: 1 });
    if (a < 0) break;
  }
  const parts = runs.map((r, i) => {
    if (r.arm < 0) return 'then stop';
    const times = r.count === 1 ? 'once' : `up to ${r.count}×`;
    return `${i === 0 ? '' : 'then '}${name(armNames, r.arm)} ${times}`;
  });
  return `The oracle would query ${parts.join(', ')} until one succeeds (expected utility ${fmt(value)}).`;
}
