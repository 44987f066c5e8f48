import { planBudget } from '../oracle';
import { algorithmSpec } from '../policies/algorithms';
import type { StepTracer } from '../simulate';
import { clearlyGreater } from '../ties';
import type { Policy, Prompt, StepRecord, World } from '../types';
import type { Decision, DecisionArm, LabWorldInfo, TraceRow, Winner } from './types';
import { labCategory } from './usage';

/** The one row of the usage table and the category of every trace row in a world without categories. */
const ALL_PROMPTS = 'all prompts';

/**
 * The available arm with the highest `score` (finite scores only): the chosen arm when it ties the best
 * within rounding (ties.ts), else the lowest index of the best; arm -1 when no arm has a finite score.
 */
function winner(arms: readonly DecisionArm[], chosen: number, score: (a: DecisionArm) => number): Winner {
  let best = -1;
  let bestScore = Number.NaN;
  for (let a = 0; a < arms.length; a++) {
    const v = score(arms[a]);
    if (arms[a].available !== 1 || !Number.isFinite(v)) continue;
    if (best < 0 || clearlyGreater(v, bestScore)) {
      best = a;
      bestScore = v;
    }
  }
  const c = chosen >= 0 && arms[chosen]?.available === 1 ? score(arms[chosen]) : Number.NaN;
  if (best >= 0 && Number.isFinite(c) && !clearlyGreater(bestScore, c)) return { arm: chosen, score: c };
  return { arm: best, score: bestScore };
}

/** The winners a decision's words compare (Decision.winners); scores negated where lower is better. */
export function decisionWinners(arms: readonly DecisionArm[], chosen: number, lambda: number): Decision['winners'] {
  const ratio = winner(arms, chosen, (a) => -a.costOverQ);
  return {
    ratio: { arm: ratio.arm, score: -ratio.score },
    margin: winner(arms, chosen, (a) => a.qHat - lambda * a.cost),
    maxQ: winner(arms, chosen, (a) => a.qHat),
  };
}

/**
 * The numbers behind one decision: the policy's own estimates (via `explain`, NaN for algorithms without
 * any and for arms not available), c/q̂ (Infinity where q̂ ≤ 0: Proposition 1 never picks such an arm), the
 * true q (NaN where unknown: a typed prompt) and costs, and the stop rule's value max over available arms of q̂ − λc
 * (NaN without estimates). Read after `policy.next` returned `arm`, before the pull: the trace's decisions and the
 * playground's next query (engine/playground/session.ts) are worded from it alike (ui/views/explain.ts).
 */
export function decisionOf(policy: Policy, prompt: Pick<Prompt, 'costs' | 'available' | 'q'>, arm: number, pullsLeft: number, lambda: number): Decision {
  const ex = policy.explain?.() ?? null;
  const K = prompt.costs.length;
  const arms: DecisionArm[] = new Array(K);
  let stopValue = -Infinity;
  for (let a = 0; a < K; a++) {
    const available = prompt.available[a] ? 1 : 0;
    const cost = prompt.costs[a];
    const est = available && ex ? ex.estimates[a] : null;
    const qHat = est ? est.qHat : NaN;
    const bonus = est ? est.bonus : NaN;
    const costOverQ = Number.isNaN(qHat) ? NaN : qHat > 0 ? cost / qHat : Infinity;
    if (available && !Number.isNaN(qHat)) stopValue = Math.max(stopValue, qHat - lambda * cost);
    arms[a] = { qHat, bonus, costOverQ, q: prompt.q[a], cost, available };
  }
  return {
    arm,
    // An exploration prompt's stop is forced too: the prompt ends after its one exploration query.
    forced: ex?.forced === true,
    pullsLeft,
    arms,
    stopValue: stopValue === -Infinity ? NaN : stopValue,
    rule: algorithmSpec(policy.id)?.rule ?? 'unknown',
    winners: decisionWinners(arms, arm, lambda),
    ...(ex?.own ? { own: ex.own } : {}),
  };
}

/**
 * Records the trial-0 escalation trace of one algorithm (a StepTracer for `simulate`): per step the pulls,
 * utility, the DP oracle's plan and value, and a Decision per pull (plus one for the null action). It also
 * keeps each arm's cost over every prompt of the trial, for LabWorldInfo.
 */
export class TraceRecorder implements StepTracer {
  readonly trial = 0;
  readonly rows: TraceRow[] = [];
  private pending: Decision[] = [];
  private readonly costs: CostStats;

  constructor(
    readonly algo: string,
    private readonly world: World,
    private readonly lambda: number,
    private readonly tauMax: number,
    /** Rows are recorded for steps t < limit only. */
    private readonly limit: number,
  ) {
    this.costs = new CostStats(world.arms.length);
  }

  decision(t: number, prompt: Prompt, policy: Policy, arm: number, pullsLeft: number): void {
    if (t < this.limit) this.pending.push(decisionOf(policy, prompt, arm, pullsLeft, this.lambda));
  }

  step(t: number, prompt: Prompt, record: StepRecord): void {
    this.costs.add(prompt);
    if (t >= this.limit) return;
    const { lambda, tauMax } = this;
    const plan = planBudget(prompt.q, prompt.costs, prompt.available, lambda, tauMax);
    const oraclePlan: number[] = [];
    for (let n = tauMax; n >= 1; n--) oraclePlan.push(plan.arm[n]);
    this.rows.push({
      step: t,
      category: labCategory(prompt.category),
      pulls: record.pulls.map((p) => ({ arm: p.arm, reward: p.reward, cost: p.cost })),
      utility: record.utility,
      cost: record.cost,
      success: record.success,
      oraclePlan,
      oracleValue: plan.value[tauMax],
      decisions: this.pending,
    });
    this.pending = [];
  }

  /** The world as this trial's prompts showed it. */
  worldInfo(): LabWorldInfo {
    return labWorldInfo(this.world, this.costs);
  }
}

/** Per-arm cost over a set of prompts: the cost itself when it never changes, else the mean. */
export class CostStats {
  private readonly sum: Float64Array;
  private readonly first: Float64Array;
  private readonly constant: Uint8Array;
  private n = 0;

  constructor(K: number) {
    this.sum = new Float64Array(K);
    this.first = new Float64Array(K);
    this.constant = new Uint8Array(K).fill(1);
  }

  add(prompt: Prompt): void {
    const { costs } = prompt;
    for (let a = 0; a < this.sum.length; a++) {
      if (this.n === 0) this.first[a] = costs[a];
      else if (costs[a] !== this.first[a]) this.constant[a] = 0;
      this.sum[a] += costs[a];
    }
    this.n++;
  }

  costs(): number[] {
    return Array.from(this.sum, (s, a) => (this.n === 0 ? NaN : this.constant[a] ? this.first[a] : s / this.n));
  }
}

export function labWorldInfo(world: World, costs: CostStats): LabWorldInfo {
  // Dataset worlds say how their prompts became contexts (src/engine/worlds/dataset.ts).
  const features = (world as { features?: { type: string; dim: number; explainedVariance?: number } }).features;
  return {
    name: world.name,
    arms: [...world.arms],
    costs: costs.costs(),
    categories: world.categories.length > 0 ? [...world.categories] : [ALL_PROMPTS],
    dim: world.dim,
    ...(features?.explainedVariance === undefined ? {} : { explainedVariance: features.explainedVariance }),
  };
}
