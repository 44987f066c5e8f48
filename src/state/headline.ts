/**
 * The results summary row: PromptWise against the best baseline and the oracle, and one honest sentence
 * about cost ("saves X% cost vs always asking <model>", or "spends X% more" when it does).
 * Computed from the run's summary only. Plain functions: no DOM.
 */

import { fmtPct, fmtShort } from '../engine/lab/format';
import type { LabResult } from '../engine/lab/types';
import type { AlgoSummary } from '../engine/simulate';
import { isPromptWise, ORACLE_IDS } from './catalog';

type HeadlineRole = 'featured' | 'baseline' | 'oracle';

export interface HeadlineCard {
  role: HeadlineRole;
  algo: string;
  /** What the card is, e.g. "best baseline". */
  caption: string;
  summary: AlgoSummary;
}

export interface Headline {
  cards: HeadlineCard[];
  /** One sentence on cost and success against a single-model strategy (or the best baseline). */
  sentence: string | null;
}

/** The algorithm the headline features: PromptWise when it ran, else another PromptWise variant. */
function featuredAlgo(algos: readonly string[]): string | null {
  if (algos.includes('promptwise')) return 'promptwise';
  return algos.find(isPromptWise) ?? null;
}

/**
 * `label(id)` names algorithms. The single-model reference is the "always ask the same model" strategy with
 * the highest success among those run (Highest-cost, else Lowest-cost), named after its model when the world
 * says which; without one, the best baseline by utility.
 */
export function buildHeadline(result: LabResult, label: (id: string) => string): Headline {
  const results = result.summary.results;
  const ids = Object.keys(results);
  const featured = featuredAlgo(ids);
  const oracle = ORACLE_IDS.find((id) => ids.includes(id)) ?? null;
  const baselines = ids.filter((id) => !ORACLE_IDS.includes(id) && !isPromptWise(id));
  const best = baselines.reduce<string | null>((b, id) => (b === null || results[id].utility.mean > results[b].utility.mean ? id : b), null);

  const cards: HeadlineCard[] = [];
  if (featured) cards.push({ role: 'featured', algo: featured, caption: 'the learner', summary: results[featured] });
  if (best) cards.push({ role: 'baseline', algo: best, caption: 'best baseline', summary: results[best] });
  if (oracle) cards.push({ role: 'oracle', algo: oracle, caption: 'knows the true q', summary: results[oracle] });
  if (!featured && cards.length === 0) {
    // Nothing PromptWise-like, no baseline: show the best of what ran.
    const top = ids.reduce<string | null>((b, id) => (b === null || results[id].utility.mean > results[b].utility.mean ? id : b), null);
    if (top) cards.push({ role: 'baseline', algo: top, caption: 'best by utility', summary: results[top] });
  }

  let sentence: string | null = null;
  const subject = featured ?? null;
  if (subject) {
    const s = results[subject];
    const singles = ['highest-cost', 'lowest-cost'].filter((id) => ids.includes(id));
    const ref = singles.sort((a, b) => results[b].success.mean - results[a].success.mean)[0] ?? (best && best !== subject ? best : null);
    if (ref) {
      const r = results[ref];
      const refName = describeReference(ref, result, label);
      const costPart = costComparison(s.cost.mean, r.cost.mean);
      const successPart =
        Math.abs(s.success.mean - r.success.mean) < 0.0005
          ? `the same ${fmtPct(s.success.mean)} success`
          : `${fmtPct(s.success.mean)} success vs ${fmtPct(r.success.mean)}`;
      sentence = `${label(subject)} spends ${fmtShort(s.cost.mean)} per prompt, ${costPart} ${refName} (${fmtShort(r.cost.mean)} per prompt), with ${successPart}.`;
      const u = s.utility.mean;
      const tail: string[] = [];
      if (best && best !== ref) tail.push(`best baseline ${label(best)} ${fmtShort(results[best].utility.mean)}`);
      else if (best) tail.push(`${label(best)} ${fmtShort(results[best].utility.mean)}`);
      if (oracle) tail.push(`${label(oracle)} ${fmtShort(results[oracle].utility.mean)}`);
      sentence += ` Utility ${fmtShort(u)}${tail.length > 0 ? ` (${tail.join('; ')})` : ''}.`;
    }
  }
  return { cards, sentence };
}

/** "saves 93.4% cost vs" / "spends 12.0% more than" / "costs the same as". */
export function costComparison(cost: number, refCost: number): string {
  if (!(refCost > 0)) return cost > 0 ? 'costs more than' : 'costs the same as';
  const change = (cost - refCost) / refCost;
  if (Math.abs(change) < 0.0005) return 'the same cost as';
  return change < 0 ? `${fmtPct(-change)} less than` : `${fmtPct(change)} more than`;
}

function describeReference(ref: string, result: LabResult, label: (id: string) => string): string {
  const { arms, costs } = result.world;
  if ((ref === 'highest-cost' || ref === 'lowest-cost') && arms.length > 0 && costs.length === arms.length) {
    let idx = 0;
    for (let i = 1; i < costs.length; i++) {
      if (ref === 'highest-cost' ? costs[i] > costs[idx] : costs[i] < costs[idx]) idx = i;
    }
    return `always asking ${arms[idx]}, the ${ref === 'highest-cost' ? 'dearest' : 'cheapest'} model`;
  }
  if (ref === 'highest-cost') return 'always asking the dearest model';
  if (ref === 'lowest-cost') return 'always asking the cheapest model';
  return label(ref);
}
