import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { algorithmIds, drain, simulate } from '../simulate';
import { errorOf } from '../worlds/testErrors';
import { formatStartList, parseStartList, type StartEntry } from './datasetChoice';
import {
  costModes,
  type DatasetSource,
  datasetSpecOf,
  datasetWorldOf,
  detectPerQueryCostField,
  folderSource,
  PER_QUERY_COST_SCALE,
  promptTexts,
} from './datasetSource';

/** ../shared/data beside the repository (read-only; see ../shared/README.md). */
const SHARED_DATA = new URL('../../../../shared/data/', import.meta.url);
const read = (folder: string, file: string) => readFileSync(new URL(`${folder}/${file}`, SHARED_DATA), 'utf8');
const served = (folder: string) => folderSource(folder, read(folder, 'models.json'), read(folder, 'prompts.jsonl'));

describe('served data folders', () => {
  it.each([
    // folder, models, first price, per-query cost field, prompts
    ['humaneval-paper', 2, 0.75, null, 328],
    ['routeprofile-ulab', 8, 0.12, 'cost_usd', 600],
    ['llmrouter-ulab-dc', 9, 0.2, 'cost_usd_est', 5989],
    ['mmlu-pro-tigerlab', 12, 0.2, 'cost_usd_est', 9575],
  ])('%s: models, set prices, per-query costs and prompts', (folder, K, price, field, n) => {
    const source = served(folder);
    expect(source.models).toHaveLength(K);
    expect(source.prices?.[0]).toBeCloseTo(price, 12);
    expect(source.perQueryCostField).toBe(field);
    expect(promptTexts(source)).toHaveLength(n);
    expect(costModes(source)).toEqual(field ? ['prices', 'per-query'] : ['prices']);
  });

  it('runs PromptWise and every baseline on every folder, with each cost mode and text featurizer', { tags: ['slow'] }, () => {
    for (const folder of ['humaneval-paper', 'routeprofile-ulab', 'llmrouter-ulab-dc', 'mmlu-pro-tigerlab']) {
      const source = served(folder);
      for (const costs of costModes(source)) {
        const world = datasetWorldOf(source, { features: costs === 'prices' ? 'task-onehot' : 'hashed-ngrams', dim: 16, costs });
        const result = drain(simulate(world, { algos: [...algorithmIds], T: 60, trials: 1, seed: 1, params: {} }));
        for (const id of algorithmIds) {
          const r = result.results[id];
          expect(Number.isFinite(r.utility.mean), `${folder} ${costs} ${id}`).toBe(true);
          expect(r.success.mean).toBeGreaterThanOrEqual(0);
          expect(r.success.mean).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('charges recorded per-query costs in µ$ and set prices as they are', () => {
    const source = served('routeprofile-ulab');
    const firstRow = JSON.parse(source.promptsJsonl.split('\n')[0]) as { cost_usd: Record<string, number> };
    const rng = { int: () => 0, uniform: () => 0, normal: () => 0 };
    const perQuery = datasetWorldOf(source, { features: 'task-onehot', costs: 'per-query' }).draw(0, rng);
    expect(perQuery.costs[0]).toBeCloseTo(firstRow.cost_usd[source.models[0]] * PER_QUERY_COST_SCALE, 9);
    const priced = datasetWorldOf(source, { features: 'task-onehot', costs: 'prices' }).draw(0, rng);
    expect(Array.from(priced.costs)).toEqual(source.prices);
  });
});

describe('a task subset', () => {
  it('keeps only the prompts of the chosen tasks, and names the tasks there are for an unknown one', () => {
    const source = served('humaneval-paper');
    const python = datasetWorldOf(source, { features: 'task-onehot', costs: 'prices', tasks: ['python-completion'] });
    expect(python.rows).toHaveLength(164);
    expect(python.rows.every((r) => r.task === 'python-completion')).toBe(true);
    expect(datasetWorldOf(source, { features: 'task-onehot', costs: 'prices', tasks: [] }).rows).toHaveLength(328);
    expect(errorOf(() => datasetWorldOf(source, { features: 'task-onehot', costs: 'prices', tasks: ['rust'] })).message).toBe(
      'tasks: no prompt has task "rust" (tasks: java-to-cpp, python-completion)',
    );
    // embeddings are given for every prompt of the file and filtered with the rows
    const embeddings = promptTexts(source).map((_, i) => [i, 1]);
    const world = datasetWorldOf(source, { features: 'embedding', costs: 'prices', tasks: ['java-to-cpp'] }, embeddings);
    expect(world.rows).toHaveLength(164);
  });
});

describe('dataset sources: bad input', () => {
  const tiny: DatasetSource = {
    name: 'tiny',
    models: ['a'],
    prices: null,
    perQueryCostField: null,
    promptsJsonl: '{"id":1,"text":"x","task":"t","outcomes":{"a":1}}\n',
  };

  it('says which cost mode a source lacks', () => {
    expect(errorOf(() => datasetSpecOf(tiny, { features: 'task-onehot', costs: 'prices' })).message).toBe(
      'costs: tiny has no set prices; use its recorded per-query costs',
    );
    expect(errorOf(() => datasetSpecOf({ ...tiny, prices: [1] }, { features: 'task-onehot', costs: 'per-query' })).message).toBe(
      'costs: tiny has no recorded per-query costs; use set prices',
    );
  });

  it('rejects a malformed models.json with the field, and offers no set prices when a model has none', () => {
    expect(errorOf(() => folderSource('f', '{', '')).message).toMatch(/^models: f\/models.json: not valid JSON/);
    expect(errorOf(() => folderSource('f', '[{"name": "a", "set_price": -1}]', '')).message).toMatch(/^models: f\/models.json, field "\[0\].set_price": /);
    expect(folderSource('f', '[{"name": "a", "set_price": 1}, {"name": "b"}]', '').prices).toBeNull();
  });

  it('finds no per-query cost field in a malformed or cost-less first line', () => {
    expect(detectPerQueryCostField('{oops')).toBeNull();
    expect(detectPerQueryCostField(tiny.promptsJsonl)).toBeNull();
  });
});

describe('schedules on a dataset (modelStart, taskStart: the adaptation presets)', () => {
  const source = served('humaneval-paper');
  const choice = { features: 'task-onehot', costs: 'prices' } as const;

  it('a model that joins later is unavailable until its step, and the run uses it after', () => {
    const world = datasetWorldOf(source, { ...choice, tasks: ['java-to-cpp'], modelStart: [{ name: 'gemini-2.5-flash-preview', step: 200 }] });
    const rng = createRng(1);
    expect(Array.from(world.draw(199, rng).available)).toEqual([0, 1]);
    expect(Array.from(world.draw(200, rng).available)).toEqual([1, 1]);
    // Without the cheaper Gemini for the first 200 steps, even the oracle pays more.
    const run = (w: typeof world) => drain(simulate(w, { algos: ['oracle'], T: 400, trials: 2, seed: 0, params: {} })).results.oracle;
    const always = datasetWorldOf(source, { ...choice, tasks: ['java-to-cpp'] });
    expect(run(world).cost.mean).toBeGreaterThan(run(always).cost.mean + 0.1);
  });

  it('names the field for an unknown model, and for a schedule where no model is there at step 0', () => {
    const e = errorOf(() => datasetSpecOf(source, { ...choice, modelStart: [{ name: 'gpt-5', step: 3 }] }));
    expect([e.field, e.message]).toEqual(['arm_start', 'arm_start: no model named "gpt-5" (models: gemini-2.5-flash-preview, qwen-plus)']);
    expect(() =>
      datasetSpecOf(source, {
        ...choice,
        modelStart: [
          { name: 'gemini-2.5-flash-preview', step: 3 },
          { name: 'qwen-plus', step: 1 },
        ],
      }),
    ).toThrow('arm_start: some arm must be available at step 0');
  });

  it('writes taskStart into the world as task_start', () => {
    const spec = datasetSpecOf(source, { ...choice, taskStart: [{ name: 'python-completion', step: 250 }] });
    expect(spec.task_start).toEqual({ 'python-completion': 250 });
    expect(datasetSpecOf(source, choice).task_start).toBeUndefined();
    expect(datasetSpecOf(source, choice).arm_start).toBeUndefined();
  });
});

describe('start lists (one format for the link keys and the CLI flags)', () => {
  it('parse NAME:STEP entries and print them back', () => {
    const text = 'qwen-plus:0,gemini-2.5-flash-preview:200';
    const parsed = parseStartList(text);
    expect(parsed).toEqual([
      { name: 'qwen-plus', step: 0 },
      { name: 'gemini-2.5-flash-preview', step: 200 },
    ]);
    expect(formatStartList(parsed as StartEntry[])).toBe(text);
    expect(parseStartList(' a:1 , ,b:2 ')).toEqual([
      { name: 'a', step: 1 },
      { name: 'b', step: 2 },
    ]);
    expect(parseStartList('')).toEqual([]);
  });

  it.each([
    ['qwen-plus', '"qwen-plus" is not NAME:STEP (a name and a step index ≥ 0)'],
    ['a:-1', '"a:-1" is not NAME:STEP (a name and a step index ≥ 0)'],
    ['a:1.5', '"a:1.5" is not NAME:STEP (a name and a step index ≥ 0)'],
    ['a:1,a:2', 'a is given more than once'],
  ])('reject %s', (text, error) => {
    expect(parseStartList(text)).toEqual({ error });
  });
});
