/**
 * The stakeholder line (issue 15, item 3): PromptWise against two declared single-model references, always the
 * same two, in one sentence with units, and what each would cost per month. Plain functions: no DOM.
 *
 * The references are computed over every model of the world asked alone (engine/singleModels.ts), not over the
 * baselines that happen to be selected:
 * - the most accurate model alone (highest success; a tie goes to the cheaper);
 * - the cheapest model alone whose success reaches PromptWise's (a tie goes to the more accurate); when none
 *   reaches it, the sentence says so.
 */

import type { Ground } from '../engine/lab/datasetChoice';
import { fmtCount, fmtPct, fmtShort, MINUS, nounFor } from '../engine/lab/format';
import type { LabResult } from '../engine/lab/types';
import type { SingleModelSummary } from '../engine/singleModels';
import { featuredAlgo } from './catalog';

/** What a run's costs are: the models' set prices, recorded dollars per query, or a synthetic world's units. */
export type CostKind = 'set-price' | 'recorded-usd' | 'abstract';

/**
 * Recorded per-query costs are charged in µ$ (lab/datasetChoice.ts PER_QUERY_COST_SCALE), so a mean cost of C per
 * prompt is $C per 1M prompts. Set prices are $ per 1M tokens; the paper's built-in worlds use its models' set
 * prices (worlds/builtins.ts); the logistic world's costs 1…16 are units of its own.
 */
export function costKindOf(config: Ground): CostKind {
  if (config.dataset?.costs === 'per-query') return 'recorded-usd';
  if (config.world === 'logistic') return 'abstract';
  return 'set-price';
}

/** A mean cost per prompt, in dollars where it is dollars: "$152", "2.31". */
function fmtCost(cost: number, kind: CostKind): string {
  return kind === 'recorded-usd' ? `$${fmtShort(cost)}` : fmtShort(cost);
}

/** A mean cost per prompt with its unit: "$152 per 1M prompts", "2.31 $/Mtok per prompt", "3.5 cost units per prompt". */
export function fmtCostPerPrompt(cost: number, kind: CostKind): string {
  if (kind === 'recorded-usd') return `${fmtCost(cost, kind)} per 1M prompts`;
  if (kind === 'set-price') return `${fmtCost(cost, kind)} $/Mtok per prompt`;
  return `${fmtCost(cost, kind)} cost units per prompt`;
}

/** The unit of a run's costs per prompt, short, for an axis or a column: "$/Mtok", "µ$", "cost units". */
export function costUnitOf(config: Ground): string {
  const kind = costKindOf(config);
  return kind === 'recorded-usd' ? 'µ$' : kind === 'set-price' ? '$/Mtok' : 'cost units';
}

/** Two mean costs per prompt, the unit once: "$152 to $80 per 1M prompts", "2.64 to 1.12 $/Mtok per prompt". */
export function fmtCostsPerPrompt(from: number, to: number, kind: CostKind): string {
  const unit = fmtCostPerPrompt(to, kind);
  return `${fmtCost(from, kind)} to ${unit}`;
}

/** What the unit means, in one sentence (shown under the line). */
export function costUnitNote(kind: CostKind): string {
  if (kind === 'recorded-usd') return 'Costs are the recorded price of each query, in $ per 1M prompts (µ$ per prompt).';
  if (kind === 'set-price') {
    return '$/Mtok: the set prices of the models asked, in $ per 1M tokens, summed over a prompt’s queries (the savings calculator turns them into dollars).';
  }
  return 'Costs are the synthetic world’s own units (its models cost 1 to 16).';
}

type Role = 'most-accurate' | 'cheapest-reaching';

/** How PromptWise compares with a reference: on cost (relative) and on success (points). */
type Verdict = 'better on both' | 'worse on both' | 'cheaper, less accurate' | 'dearer, more accurate' | 'the same';

interface StakeholderReference {
  role: Role;
  /** The role in words: "the most accurate model", "the cheapest to reach 92.1%", or both. */
  roleText: string;
  single: SingleModelSummary;
  /** (C − C′)/C′: negative when PromptWise is cheaper; NaN when the model costs nothing. */
  costChange: number;
  /** (S − S′) in percentage points: negative when PromptWise succeeds less often. */
  successPts: number;
  verdict: Verdict;
}

export interface StakeholderLine {
  /** The algorithm the line is about (PromptWise, or the first PromptWise variant run). */
  subject: string;
  success: number;
  cost: number;
  kind: CostKind;
  /** The most accurate model first, then the cheapest that reaches PromptWise's success (omitted when it is the same model or none does). */
  references: StakeholderReference[];
  /** No model alone reaches PromptWise's success rate. */
  unreached: boolean;
  text: string;
}

/** Differences below these are "the same" as the figures show them (0.05 points, 0.05%). */
const SAME_PTS = 0.05;
const SAME_COST = 0.0005;

function verdictOf(costChange: number, successPts: number): Verdict {
  const cost = Number.isNaN(costChange) || Math.abs(costChange) < SAME_COST ? 0 : Math.sign(costChange);
  const success = Math.abs(successPts) < SAME_PTS ? 0 : Math.sign(successPts);
  if (cost === 0 && success === 0) return 'the same';
  if (cost <= 0 && success >= 0) return 'better on both';
  if (cost >= 0 && success <= 0) return 'worse on both';
  return cost < 0 ? 'cheaper, less accurate' : 'dearer, more accurate';
}

/** The two declared references among the models alone (see the file's comment); [] when there are none. */
export function pickReferences(singles: readonly SingleModelSummary[], success: number): { role: Role; single: SingleModelSummary }[] {
  if (singles.length === 0) return [];
  const mostAccurate = singles.reduce((b, m) => (m.success.mean > b.success.mean || (m.success.mean === b.success.mean && m.cost.mean < b.cost.mean) ? m : b));
  const reaching = singles.filter((m) => m.success.mean >= success);
  const cheapest = reaching.reduce<SingleModelSummary | null>(
    (b, m) => (b === null || m.cost.mean < b.cost.mean || (m.cost.mean === b.cost.mean && m.success.mean > b.success.mean) ? m : b),
    null,
  );
  const refs: { role: Role; single: SingleModelSummary }[] = [{ role: 'most-accurate', single: mostAccurate }];
  if (cheapest !== null && cheapest.arm !== mostAccurate.arm) refs.push({ role: 'cheapest-reaching', single: cheapest });
  return refs;
}

/** "−81.5% cost" / "+12.0% cost" (PromptWise relative to the model). */
function costDelta(change: number): string {
  if (Number.isNaN(change)) return 'cost n/a';
  if (Math.abs(change) < SAME_COST) return 'same cost';
  return `${change < 0 ? MINUS : '+'}${fmtPct(Math.abs(change))} cost`;
}

/** "−0.4 pts success" / "+3.1 pts success". */
function successDelta(pts: number): string {
  if (Math.abs(pts) < SAME_PTS) return 'same success';
  return `${pts < 0 ? MINUS : '+'}${Math.abs(pts).toFixed(1)} pts success`;
}

const VERDICT_WORDS: Record<Verdict, string> = {
  'better on both': 'PromptWise wins on both',
  'worse on both': 'PromptWise loses on both',
  'cheaper, less accurate': 'PromptWise loses on success',
  'dearer, more accurate': 'PromptWise loses on cost',
  'the same': 'no difference',
};

/** What the reference is; `alsoCheapest`: the most accurate model is also the cheapest that reaches PromptWise. */
function roleWords(role: Role, success: number, alsoCheapest: boolean): string {
  const reach = `the cheapest to reach ${fmtPct(success)}`;
  if (role === 'cheapest-reaching') return reach;
  return alsoCheapest ? `the most accurate model, and ${reach}` : 'the most accurate model';
}

/**
 * The line for a run, or null when no PromptWise variant ran or the world has no model that can be asked alone
 * at every step. `label(id)` names algorithms.
 */
export function stakeholderLine(result: Pick<LabResult, 'summary' | 'singleModels' | 'config'>, label: (id: string) => string): StakeholderLine | null {
  const subject = featuredAlgo(Object.keys(result.summary.results));
  if (subject === null) return null;
  const { success, cost } = result.summary.results[subject];
  const picked = pickReferences(result.singleModels, success.mean);
  if (picked.length === 0) return null;
  const kind = costKindOf(result.config);
  const unreached = !result.singleModels.some((m) => m.success.mean >= success.mean);
  const alsoCheapest = picked.length === 1 && !unreached;
  const references = picked.map(({ role, single }): StakeholderReference => {
    const costChange = single.cost.mean > 0 ? (cost.mean - single.cost.mean) / single.cost.mean : Number.NaN;
    const successPts = (success.mean - single.success.mean) * 100;
    return { role, roleText: roleWords(role, success.mean, alsoCheapest), single, costChange, successPts, verdict: verdictOf(costChange, successPts) };
  });
  const parts = references.map((r) => {
    const verdict = r.verdict === 'the same' ? '' : `: ${VERDICT_WORDS[r.verdict]}`;
    return `${r.single.model} alone (${r.roleText}): ${fmtPct(r.single.success.mean)} at ${fmtCost(r.single.cost.mean, kind)} (${costDelta(r.costChange)}, ${successDelta(r.successPts)}${verdict})`;
  });
  if (unreached) parts.push(`no model alone reaches ${fmtPct(success.mean)}`);
  const text = `${label(subject)}: ${fmtPct(success.mean)} success at ${fmtCostPerPrompt(cost.mean, kind)}; ${parts.join('; ')}.`;
  return { subject, success: success.mean, cost: cost.mean, kind, references, unreached, text };
}

/**
 * What `cost` per prompt comes to for `prompts` prompts: dollars for recorded costs (µ$ per prompt), dollars
 * at `tokensPerQuery` tokens per query for set prices ($ per 1M tokens), the world's units otherwise.
 */
export function monthlyCost(cost: number, kind: CostKind, prompts: number, tokensPerQuery: number): number {
  if (kind === 'recorded-usd') return (cost * prompts) / 1e6;
  if (kind === 'set-price') return (cost * tokensPerQuery * prompts) / 1e6;
  return cost * prompts;
}

/** A policy over a month: what it costs, how many prompts it answers, and what one success costs. */
export interface Monthly {
  cost: number;
  successes: number;
  perSuccess: number;
}

/** A policy's month from its mean cost per prompt and its success rate (the savings calculator). */
export function monthly(costPerPrompt: number, successRate: number, kind: CostKind, prompts: number, tokensPerQuery: number): Monthly {
  const cost = monthlyCost(costPerPrompt, kind, prompts, tokensPerQuery);
  const successes = successRate * prompts;
  return { cost, successes, perSuccess: successes > 0 ? cost / successes : Number.NaN };
}

/**
 * How `name` (the featured policy) compares with another policy over a month (issue 41, item 6): its cost difference
 * with the successes it gains or gives up. It "saves" only where it answers at least as many prompts; a cheaper
 * policy that answers fewer "costs less, with N fewer successes".
 */
export function versusText(name: string, subject: Monthly, other: Monthly, kind: CostKind): string {
  const dc = subject.cost - other.cost;
  const ds = Math.round(subject.successes - other.successes);
  const money = fmtMonthly(Math.abs(dc), kind);
  const successes = nounFor(Math.abs(ds), 'success', 'successes');
  const more = `${fmtCount(Math.abs(ds))} more ${successes}`;
  const fewer = `${fmtCount(Math.abs(ds))} fewer ${successes}`;
  if (dc === 0) return ds === 0 ? 'the same cost and successes' : `the same cost, with ${ds > 0 ? more : fewer}`;
  if (dc < 0) {
    if (ds > 0) return `${name} saves ${money} and gets ${more}`;
    if (ds === 0) return `${name} saves ${money} for as many successes`;
    return `${name} costs ${money} less, with ${fewer}`;
  }
  if (ds > 0) return `${name} costs ${money} more, for ${more}`;
  if (ds === 0) return `${name} costs ${money} more, for as many successes`;
  return `${name} costs ${money} more, with ${fewer}`;
}

/** A monthly figure with its unit: "$1,234" (whole dollars; cents below $10) or "1,234 units". */
export function fmtMonthly(x: number, kind: CostKind): string {
  if (!Number.isFinite(x)) return '—';
  if (kind === 'abstract') return `${fmtCount(x)} units`;
  return x < 10 ? `$${x.toFixed(2)}` : `$${fmtCount(x)}`;
}

/** The line's references as rows of the results table: model, role in words, figures. */
export function referenceRows(
  result: Pick<LabResult, 'summary' | 'singleModels' | 'config'>,
  label: (id: string) => string,
): { model: string; role: string; summary: SingleModelSummary }[] {
  return (stakeholderLine(result, label)?.references ?? []).map((r) => ({ model: r.single.model, role: r.roleText, summary: r.single }));
}
