/**
 * The shared routeprofile-ulab dataset, imported as a user would (its prompts.jsonl with per-prompt costs
 * `cost_usd`, and its models.json), then simulated: the Greedy and oracle numbers must match the statistics
 * in ../shared/data/routeprofile-ulab/README.md.
 *
 * Read from ../shared relative to the repo root (vitest runs there).
 */
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { datasetWorldOf, PER_QUERY_COST_SCALE } from '../lab/datasetSource';
import { runSimulation } from '../simulate';
import { cheapestSuccessfulModel, expectedBudgetOracle, singleModelStats } from './datasetStats';
import { type ImportedDataset, importDataset } from './importDataset';
import { parseModelsJson } from './models';
import { importedSource } from './world';

const DIR = '../shared/data/routeprofile-ulab';

/** From the README: "Oracle 'cheapest model that succeeds': success 0.7583; mean cost 2.846e-05 per prompt". */
const README_ORACLE = { success: 0.7583, cost: 2.846e-5 };
/** From the README: "Best single model: mistral-small-24b-instruct-2501-bf16 (success 0.6233 …)". */
const README_BEST = { model: 'mistral-small-24b-instruct-2501-bf16', success: 0.6233 };

/** The README prints 4 significant digits: half a unit of the last one. */
const PRINTED = { success: 0.00005, cost: 0.0005e-5 };

function load(name: string) {
  const path = `${DIR}/${name}`;
  return { name, text: readFileSync(path, 'utf8'), bytes: statSync(path).size };
}

function importRouteprofile(): ImportedDataset {
  return importDataset({
    name: 'routeprofile-ulab',
    prompts: load('prompts.jsonl'),
    modelsFile: load('models.json'),
    costs: { mode: 'per_prompt', field: 'cost_usd' },
  });
}

describe('importing ../shared/data/routeprofile-ulab', () => {
  const d = importRouteprofile();

  it('keeps every prompt, model and task, and the models agree with models.json', () => {
    expect(d.rows).toBe(600);
    expect(d.tasks).toHaveLength(12);
    const models = parseModelsJson(load('models.json').text, 'models.json');
    expect([...d.models].sort()).toEqual(models.map((m) => m.name).sort());
    // No set_price in this file: the default price is input + output per 1M.
    expect(models.find((m) => m.name === 'llama-3.2-3b-instruct')?.defaultPrice).toBe(0.12);
    expect(d.source.files).toEqual(['prompts.jsonl', 'models.json']);
  });

  it("reproduces the README's statistics exactly from the imported rows", () => {
    const oracle = cheapestSuccessfulModel(d);
    expect(Math.abs(oracle.success - README_ORACLE.success)).toBeLessThanOrEqual(PRINTED.success);
    expect(Math.abs(oracle.cost - README_ORACLE.cost)).toBeLessThanOrEqual(PRINTED.cost);
    const best = singleModelStats(d).reduce((a, b) => (b.successRate > a.successRate ? b : a));
    expect(best.model).toBe(README_BEST.model);
    expect(Math.abs(best.successRate - README_BEST.success)).toBeLessThanOrEqual(PRINTED.success);
  });

  it('a simulation of the imported world: Greedy and the oracle match the README', { tags: ['slow'] }, () => {
    // The world the lab builds for this import (as `import:<id>`): text features, the recorded per-query costs,
    // which the lab charges in µ$. λ = 0.01 per USD is λ = 0.01/10⁶ per µ$; costs are read back in USD.
    const world = datasetWorldOf(importedSource(d), { features: 'hashed-ngrams', dim: 64, costs: 'per-query' });
    const lambda = 0.01;
    const tauMax = 5;
    const trials = 20;
    const T = 1000;
    const r = runSimulation(world, { algos: ['greedy', 'oracle'], T, trials, seed: 0, params: { lambda: lambda / PER_QUERY_COST_SCALE, tauMax } });
    const inUsd = <S extends { cost: { mean: number; std: number } }>(s: S): S => ({
      ...s,
      cost: { mean: s.cost.mean / PER_QUERY_COST_SCALE, std: s.cost.std / PER_QUERY_COST_SCALE },
    });
    const oracle = inUsd(r.results.oracle);
    const greedy = inUsd(r.results.greedy);

    // Tolerances. A trial's mean over T prompts drawn with replacement has the spread the run reports as std
    // (oracle success ≈ 0.010, about √(p(1−p)/T) = 0.0135 less what common prompts share); the mean over
    // `trials` trials has std/√trials. Four of those standard errors: a 1-in-15,000 chance of a false alarm.
    const se = (std: number) => std / Math.sqrt(trials);

    // The oracle: the engine replays fractional scores (commongen, 50 prompts) as Bernoulli draws and its DP
    // may retry them, so it converges to `exact`, not quite the README's threshold reading. The gap is computed,
    // not guessed, and the simulated mean must sit within sampling noise of the exact value.
    const exact = expectedBudgetOracle(d, lambda, tauMax);
    expect(Math.abs(oracle.success.mean - exact.success)).toBeLessThanOrEqual(4 * se(oracle.success.std));
    expect(Math.abs(oracle.cost.mean - exact.cost)).toBeLessThanOrEqual(4 * se(oracle.cost.std));
    const gap = { success: Math.abs(exact.success - README_ORACLE.success), cost: Math.abs(exact.cost - README_ORACLE.cost) };
    expect(gap.success, 'the reading gap in success is small').toBeLessThan(0.005);
    expect(gap.cost / README_ORACLE.cost, 'the reading gap in cost is under 10%').toBeLessThan(0.1);
    expect(Math.abs(oracle.success.mean - README_ORACLE.success)).toBeLessThanOrEqual(gap.success + 4 * se(oracle.success.std) + PRINTED.success);
    expect(Math.abs(oracle.cost.mean - README_ORACLE.cost)).toBeLessThanOrEqual(gap.cost + 4 * se(oracle.cost.std) + PRINTED.cost);

    // Greedy asks one model per prompt, the one it estimates best, so it lands near the best single model.
    // It is a learner, not that model: which model it settles on differs from trial to trial, so its trial
    // std (≈ 0.025) is about twice the prompt-sampling noise, and at T = 1000 it still pays for its first
    // guesses. The band is two trial stds (where a single trial falls 95% of the time) plus the reading gap
    // of the best model (README success rate 0.6233 against the engine's mean q 0.6125).
    const best = singleModelStats(d).find((s) => s.model === README_BEST.model)!;
    const readingGap = Math.abs(best.successRate - best.meanQ);
    expect(Math.abs(greedy.success.mean - README_BEST.success)).toBeLessThanOrEqual(2 * greedy.success.std + readingGap);
    // One query per prompt: its cost is one model's price, far above the oracle's (which asks the cheapest that succeeds).
    expect(greedy.cost.mean).toBeGreaterThan(oracle.cost.mean);
  });
});
