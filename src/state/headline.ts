/**
 * The results summary row: PromptWise against the best baseline and the oracle as cards, and the stakeholder
 * line against the declared single-model references (stakeholder.ts). Plain functions: no DOM.
 */

import type { LabResult } from '../engine/lab/types';
import type { AlgoSummary } from '../engine/simulate';
import { featuredAlgo, isPromptWise, ORACLE_IDS } from './catalog';
import { type StakeholderLine, stakeholderLine } from './stakeholder';

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
  /** PromptWise against the most accurate model alone and the cheapest one that reaches it (null without PromptWise). */
  line: StakeholderLine | null;
}

/** `label(id)` names algorithms. The best baseline is the non-oracle, non-PromptWise algorithm with the highest utility. */
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

  return { cards, line: stakeholderLine(result, label) };
}
