import { planBudget } from '../oracle';
import type { ImportedDataset } from './importDataset';

/**
 * Reference numbers of an imported dataset, computed straight from its rows: the statistics the shared
 * datasets' READMEs print (success := outcome ≥ 0.5), and what the engine's simulation should average to.
 * The tests compare a simulated run against both.
 */

interface Row {
  outcomes: Record<string, number>;
  trials?: Record<string, number[]>;
  [costField: string]: unknown;
}

function rowsOf(d: ImportedDataset): Row[] {
  return d.promptsJsonl
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row);
}

function costsOf(d: ImportedDataset, row: Row): number[] {
  if (Array.isArray(d.costs)) return d.costs;
  const perPrompt = row[d.costs.per_prompt] as Record<string, number>;
  return d.models.map((m) => perPrompt[m]);
}

/** The README's "oracle: cheapest model that succeeds": success rate and mean cost per prompt (unsolved prompts cost 0). */
export function cheapestSuccessfulModel(d: ImportedDataset): { success: number; cost: number } {
  const rows = rowsOf(d);
  let solved = 0;
  let cost = 0;
  for (const row of rows) {
    const costs = costsOf(d, row);
    let best = Infinity;
    d.models.forEach((m, a) => {
      if (row.outcomes[m] >= 0.5 && costs[a] < best) best = costs[a];
    });
    if (best < Infinity) {
      solved++;
      cost += best;
    }
  }
  return { success: solved / rows.length, cost: cost / rows.length };
}

/** Per model, the README's success rate (share of prompts with outcome ≥ 0.5) and the engine's mean q. */
export function singleModelStats(d: ImportedDataset): { model: string; successRate: number; meanQ: number }[] {
  const rows = rowsOf(d);
  return d.models.map((m) => ({
    model: m,
    successRate: rows.filter((r) => r.outcomes[m] >= 0.5).length / rows.length,
    meanQ: rows.reduce((s, r) => s + qOf(r, m), 0) / rows.length,
  }));
}

/** The success probability the engine replays: the mean of the recorded trials, else the score. */
function qOf(row: Row, model: string): number {
  const t = row.trials?.[model];
  return t && t.length > 0 ? t.reduce((s, v) => s + v, 0) / t.length : row.outcomes[model];
}

/**
 * The expected success and cost per prompt of the engine's `oracle` (the finite-budget DP on the true q) when
 * prompts are drawn uniformly: the exact value a long simulation converges to. It differs from the README's
 * reading on prompts with fractional scores, which the engine replays as Bernoulli draws (and the DP may retry).
 */
export function expectedBudgetOracle(d: ImportedDataset, lambda: number, tauMax: number): { success: number; cost: number } {
  const rows = rowsOf(d);
  const all = new Uint8Array(d.models.length).fill(1);
  let success = 0;
  let cost = 0;
  for (const row of rows) {
    const q = d.models.map((m) => qOf(row, m));
    const costs = costsOf(d, row);
    const plan = planBudget(q, costs, all, lambda, tauMax);
    let stillFailing = 1; // probability that every pull so far failed
    for (let left = tauMax; left >= 1 && plan.arm[left] >= 0; left--) {
      const a = plan.arm[left];
      cost += stillFailing * costs[a];
      stillFailing *= 1 - q[a];
    }
    // No pull at all (the null action) leaves the prompt unsolved.
    success += plan.arm[tauMax] >= 0 ? 1 - stillFailing : 0;
  }
  return { success: success / rows.length, cost: cost / rows.length };
}
