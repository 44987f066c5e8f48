/**
 * The live loop against the replay endpoint (issue 44): a real HTTP server on 127.0.0.1 answering as the recorded
 * dataset says. A live run makes the simulation's decisions on the same prompts; a run stopped by its spend cap
 * resumes without asking again; a collection exports a dataset the CLI replays; a key is never written anywhere.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointGates } from '../engine/live/client';
import { graderOf } from '../engine/live/graders';
import { runLive } from '../engine/live/loop';
import { type LiveModel, setPrice } from '../engine/live/models';
import { costBound, liveQuery } from '../engine/live/query';
import type { AlgorithmId } from '../engine/policies/algorithms';
import { createPolicy } from '../engine/policies/registry';
import { playStep } from '../engine/protocol';
import { createRng, deriveSeed } from '../engine/rng';
import { drawTrial, stepUniforms } from '../engine/simulate';
import { type BanditParams, defaultParams } from '../engine/types';
import { buildDatasetWorld } from '../engine/worlds/dataset';
import { type DatasetSpec, parseWorldSpec } from '../engine/worlds/schema';
import { main } from './main';
import { type ReplayEndpoint, startReplayEndpoint } from './replayEndpoint';

const DATA = resolve(__dirname, '../../../shared/data/mmlu-pro-tigerlab');
const NAMES = ['phi-3-mini-4k-instruct', 'llama-3.1-70b-instruct', 'gemini-1.5-pro-002'];
const PRICES = [
  [0.1, 0.1],
  [0.88, 0.88],
  [1.25, 5],
];
const dir = mkdtempSync(join(tmpdir(), 'pw-live-'));
let endpoint: ReplayEndpoint;
let models: LiveModel[];
const SECRET = 'sk-live-test-do-not-print';

beforeAll(async () => {
  endpoint = await startReplayEndpoint({ data: DATA });
  models = NAMES.map((name, i) => ({ name, baseUrl: endpoint.url, model: name, inputPrice: PRICES[i][0], outputPrice: PRICES[i][1] }));
});
afterAll(() => endpoint.close());

const asked = () => [...endpoint.requests.values()].reduce((a, b) => a + b, 0);

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['live', ...argv], { out: (l) => out.push(l), err: (l) => err.push(l) }, env);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('a live run makes the simulation’s decisions', () => {
  it.each(['promptwise', 'promptwise-budget', 'greedy', 'random', 'ca-pak-ucb-ts'])(
    '%s: the same queries, outcomes and utilities, step by step',
    async (id) => {
      const spec = parseWorldSpec({
        type: 'dataset',
        name: 'mmlu',
        prompts: join(DATA, 'prompts.jsonl'),
        models: NAMES,
        features: 'task-onehot',
        costs: models.map(setPrice),
      });
      const world = buildDatasetWorld(spec as DatasetSpec, { readText: (p) => readFileSync(p, 'utf8'), resolve: (_b, rel) => rel });
      const params: BanditParams = { ...defaultParams, lambda: 0.05, tauMax: 3 };
      const T = 60;
      const seed = 7;
      const draws = drawTrial(world, seed, 0, T, params);
      const { prompts } = draws;
      const policyOf = () =>
        createPolicy(id as AlgorithmId, { K: NAMES.length, dim: world.dim, params, rng: createRng(deriveSeed(seed, 'trial', 0, 'policy', id)) });
      const sim = policyOf();
      const simulated = prompts.map((p, t) => {
        return playStep(sim, t, p, world, params.lambda, params.tauMax, stepUniforms(draws, t));
      });
      const lines = readFileSync(join(DATA, 'prompts.jsonl'), 'utf8').split('\n');
      const before = asked();
      const live = await runLive({
        policy: policyOf(),
        models,
        prompts: prompts.map((p, t) => {
          const row = world.rows[p.row!];
          const { answer } = JSON.parse(lines[row.line - 1]) as { answer: string };
          return { id: `${row.id}@${t}`, text: row.text, task: row.task, answer, x: p.x };
        }),
        lambda: params.lambda,
        tauMax: params.tauMax,
        ask: liveQuery({ models, grader: graderOf({ kind: 'choice' }), keyOf: () => undefined, gate: endpointGates(2) }),
        costBound: costBound(models, 512),
      });
      expect(live.stoppedBy).toBe('done');
      expect(live.steps).toEqual(simulated);
      expect(asked() - before).toBe(simulated.reduce((n, s) => n + s.pulls.length, 0));
    },
  );
});

describe('npm run sim -- live', () => {
  const modelsFile = (name: string, extra: Record<string, unknown> = {}) => {
    const path = join(dir, name);
    const list = models.map((m) => ({
      name: m.name,
      base_url: m.baseUrl,
      model: m.model,
      input_price_per_1M: m.inputPrice,
      output_price_per_1M: m.outputPrice,
      ...extra,
    }));
    writeFileSync(path, JSON.stringify({ models: list }));
    return path;
  };
  const base = (record: string) => ['--prompts', DATA, '--limit', '40', '--record', join(dir, record), '--lambda', '0.05', '--tau-max', '3'];

  it('stops before the spend cap, then resumes from its recording without asking again, ending where one run would', async () => {
    const file = modelsFile('models.json');
    const whole = await cli(['--models', file, ...base('whole.jsonl'), '--spend-cap', '1', '--json', join(dir, 'whole.json')]);
    expect(whole.code, whole.err).toBe(0);
    const wholeSummary = JSON.parse(readFileSync(join(dir, 'whole.json'), 'utf8'));
    expect(wholeSummary).toMatchObject({ prompts: 40, stoppedBy: 'done' });

    const cap = wholeSummary.spentUsd / 3;
    const before = asked();
    const first = await cli(['--models', file, ...base('split.jsonl'), '--spend-cap', String(cap), '--json', join(dir, 'first.json')]);
    expect(first.code, first.err).toBe(0);
    const firstSummary = JSON.parse(readFileSync(join(dir, 'first.json'), 'utf8'));
    expect(firstSummary.stoppedBy).toBe('spend-cap');
    expect(firstSummary.spentUsd).toBeLessThanOrEqual(cap);
    expect(firstSummary.prompts).toBeLessThan(40);
    const second = await cli(['--models', file, ...base('split.jsonl'), '--spend-cap', '1', '--json', join(dir, 'second.json')]);
    expect(second.code, second.err).toBe(0);
    expect(second.err).toContain('resuming');
    const secondSummary = JSON.parse(readFileSync(join(dir, 'second.json'), 'utf8'));
    // The resumed run ends as the uninterrupted one, and the two runs together asked each question once.
    expect({ ...secondSummary, asked: 0 }).toEqual({ ...wholeSummary, asked: 0 });
    expect(asked() - before).toBe(wholeSummary.asked);
    expect(firstSummary.asked + secondSummary.asked).toBe(wholeSummary.asked);
  });

  it('refuses a recording made by another run, naming what differs', async () => {
    const file = modelsFile('models2.json');
    const other = await cli(['--models', file, ...base('whole.jsonl'), '--spend-cap', '1', '--grader', 'exact']);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/--record .*whole\.jsonl: recorded by another run \(its grader differ\)/);
  });

  it('collects every model’s answer to each prompt and exports a dataset the CLI replays', async () => {
    const file = modelsFile('models3.json');
    const collected = await cli([
      '--models',
      file,
      '--prompts',
      DATA,
      '--limit',
      '12',
      '--record',
      join(dir, 'collect.jsonl'),
      '--collect',
      '--spend-cap',
      '1',
      '--export',
      join(dir, 'exported'),
    ]);
    expect(collected.code, collected.err).toBe(0);
    expect(collected.out).toContain('exported 12 prompts');
    const rows = readFileSync(join(dir, 'exported', 'prompts.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const source = readFileSync(join(DATA, 'prompts.jsonl'), 'utf8')
      .split('\n')
      .slice(0, 12)
      .map((l) => JSON.parse(l));
    // The recorded grades are the dataset's own outcomes: the replay endpoint answered as recorded, the grader read it.
    expect(rows.map((r) => r.outcomes)).toEqual(source.map((s) => Object.fromEntries(NAMES.map((n) => [n, s.outcomes[n]]))));
    expect(rows.every((r) => NAMES.every((n) => r.cost_usd[n] > 0))).toBe(true);
    const replay = await main(['--world', join(dir, 'exported'), '--T', '50', '--trials', '2', '--algos', 'promptwise,greedy'], {
      out: () => {},
      err: () => {},
    });
    expect(replay).toBe(0);
  });

  it('reads the key from the variable the file names and writes it nowhere', async () => {
    const file = modelsFile('models-key.json', { api_key_env: 'PW_TEST_KEY' });
    const missing = await cli(['--models', file, ...base('key.jsonl'), '--spend-cap', '1']);
    expect(missing.err).toBe(`${NAMES[0]}: the environment variable PW_TEST_KEY (api_key_env) is not set`);
    const run = await cli(['--models', file, ...base('key.jsonl'), '--spend-cap', '1', '--export', join(dir, 'key-export')], { PW_TEST_KEY: SECRET });
    expect(run.code, run.err).toBe(0);
    for (const f of ['key.jsonl', 'key-export/prompts.jsonl', 'key-export/models.json']) expect(readFileSync(join(dir, f), 'utf8')).not.toContain(SECRET);
    expect(`${run.out}${run.err}`).not.toContain(SECRET);
    expect(existsSync(join(dir, 'key-export', 'models.json'))).toBe(true);
  });

  it('refuses what a live run cannot do, in one line each', async () => {
    const file = modelsFile('models4.json');
    expect((await cli(['--models', file, ...base('x.jsonl')])).err).toMatch(/^--spend-cap: missing/);
    expect((await cli(['--models', file, ...base('x.jsonl'), '--spend-cap', '1', '--algo', 'oracle'])).err).toMatch(
      /^--algo: oracle knows the true success rates/,
    );
    expect((await cli(['--models', file, ...base('x.jsonl'), '--spend-cap', '1', '--grader', 'fuzzy'])).err).toMatch(/^--grader: must be choice/);
    expect((await cli(['--models', join(dir, 'nope.json'), ...base('x.jsonl'), '--spend-cap', '1'])).err).toMatch(/^--models: no file/);
    // The run's own numbers, as their registry (engine/live/params.ts) bounds and words them.
    expect((await cli(['--models', file, ...base('x.jsonl'), '--spend-cap', '1', '--timeout', '0'])).err).toBe(
      '--timeout: must be a number of seconds from 0.001 to 3,600 (got "0")',
    );
    expect((await cli(['--models', file, ...base('x.jsonl'), '--spend-cap', '1', '--concurrency', '65'])).err).toBe(
      '--concurrency: must be an integer from 1 to 64 (got "65")',
    );
  });
});
