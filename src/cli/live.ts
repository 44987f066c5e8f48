/**
 * `npm run sim -- live`: PromptWise routes real prompts to the models of a live-models.json over the OpenAI
 * chat-completions protocol (issue 44, item 7), with the loop, the graders and the recording the lab uses
 * (src/engine/live). Each finished query is appended to the recording (`--record`) as it ends; the same command
 * run again resumes from it and asks no model a question it has already answered. docs/LIVE.md has the guide.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { hashedNgrams } from '../engine/features/ngrams';
import { taskOneHot } from '../engine/features/onehot';
import { unitBallScaler } from '../engine/features/scale';
import { endpointGates } from '../engine/live/client';
import { graderOf, graderText, parseGrader } from '../engine/live/graders';
import { collect, type LivePrompt, type QueryRecord, runLive } from '../engine/live/loop';
import { type LiveModel, parseLiveModels } from '../engine/live/models';
import { costBound, liveQuery } from '../engine/live/query';
import { exportDataset, headerMismatch, headerOf, queryLine, type RecordingHeader, readRecording } from '../engine/live/recording';
import { NUMBER_PARAMS, type NumberParam } from '../engine/params';
import { type AlgorithmId, algorithmSpec } from '../engine/policies/algorithms';
import { createPolicy, releasePolicy } from '../engine/policies/registry';
import { createRng, deriveSeed } from '../engine/rng';
import { checkOptions } from '../engine/simulate';
import { type BanditParams, defaultParams } from '../engine/types';
import { jsonPath, numberFlag, strictFlags, UsageError } from './args';
import type { Io } from './main';

const usage = `usage: npm run sim -- live --models live-models.json --prompts DATA_FOLDER|FILE.jsonl --record FILE.jsonl --spend-cap USD
       [--grader choice|exact|regex:PATTERN|number:TOL] [--algo ID | --collect] [--limit N]
       [--features task-onehot|hashed-ngrams] [--d N] [--lambda X] [--tau-max N] [--tau-exp N] [--alpha X] [--seed N]
       [--concurrency N] [--timeout S] [--retries N] [--max-tokens N] [--export DIR] [--json PATH]
Each prompt (a JSONL row with text, and answer, id and task where it has them) is routed in the file's order; every
finished query is appended to --record, and the same command resumes from it. Keys come from the environment
variable each model names (api_key_env); they are never written anywhere. docs/LIVE.md explains every option.`;

const LIVE_NUMBERS = ['lambda', 'tauMax', 'tauExp', 'alpha', 'seed', 'dim'] as const;

/** The CLI's own numbers of a live run, checked as the registry's are. */
const own = (cli: string, expect: string, min: number, max: number, integer: boolean, help: string): NumberParam => ({
  key: cli,
  cli,
  integer,
  min,
  max,
  expect,
  default: null,
  help,
});
const OWN = {
  'spend-cap': own('spend-cap', 'a number ≥ 0 (US dollars)', 0, Number.POSITIVE_INFINITY, false, 'stop before the spend could pass this'),
  limit: own('limit', 'a positive integer', 1, Number.MAX_SAFE_INTEGER, true, 'the first N prompts only'),
  concurrency: own('concurrency', 'an integer from 1 to 64', 1, 64, true, 'requests in flight per endpoint'),
  timeout: own('timeout', 'a positive number of seconds', 0.001, 3600, false, 'seconds per request'),
  retries: own('retries', 'an integer from 0 to 10', 0, 10, true, 'retries on 429, 5xx, timeouts'),
  'max-tokens': own('max-tokens', 'an integer from 1 to 100,000', 1, 100_000, true, 'max_tokens of each request'),
} as const;

function parseFlags(argv: string[]) {
  return strictFlags(argv, {
    models: { type: 'string' },
    prompts: { type: 'string' },
    record: { type: 'string' },
    grader: { type: 'string', default: 'choice' },
    algo: { type: 'string', default: 'promptwise' },
    collect: { type: 'boolean', default: false },
    features: { type: 'string', default: 'task-onehot' },
    export: { type: 'string' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
    ...Object.fromEntries([...LIVE_NUMBERS.map((k) => NUMBER_PARAMS[k].cli), ...Object.keys(OWN)].map((f) => [f, { type: 'string' as const }])),
  } as const);
}

/** The prompts of a data folder (its prompts.jsonl) or a JSONL file, in order: `text` needed, the rest defaulted. */
function readPrompts(path: string, limit: number | undefined): Omit<LivePrompt, 'x'>[] {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'prompts.jsonl') : path;
  if (!existsSync(file)) throw new UsageError(`--prompts: no file ${JSON.stringify(file)}`);
  const out: Omit<LivePrompt, 'x'>[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length && (limit === undefined || out.length < limit); i++) {
    if (lines[i].trim() === '') continue;
    let row: { id?: unknown; text?: unknown; task?: unknown; answer?: unknown };
    try {
      row = JSON.parse(lines[i]);
    } catch {
      throw new UsageError(`${basename(file)} line ${i + 1}: not JSON`);
    }
    if (typeof row.text !== 'string' || row.text === '') throw new UsageError(`${basename(file)} line ${i + 1}: text: missing (expected the prompt)`);
    out.push({
      id: row.id === undefined ? `line-${i + 1}` : String(row.id),
      text: row.text,
      task: typeof row.task === 'string' ? row.task : 'default',
      answer: row.answer === undefined || row.answer === null ? '' : String(row.answer),
    });
  }
  if (out.length === 0) throw new UsageError(`--prompts: ${JSON.stringify(file)} holds no prompt`);
  return out;
}

/** Contexts as a dataset world makes them (engine/worlds/dataset.ts): task one-hot or hashed n-grams, in the unit ball. */
function withContexts(prompts: Omit<LivePrompt, 'x'>[], features: string, d: number | undefined): LivePrompt[] {
  let vectors: Float64Array[];
  if (features === 'task-onehot') {
    if (d !== undefined) throw new UsageError('--d: task-onehot features have one dimension per task; --d sets hashed-ngrams’ dimension');
    vectors = taskOneHot(prompts.map((p) => p.task));
  } else if (features === 'hashed-ngrams') {
    vectors = hashedNgrams(
      prompts.map((p) => p.text),
      d ?? 64,
    );
  } else throw new UsageError(`--features: must be task-onehot or hashed-ngrams (got ${JSON.stringify(features)})`);
  const scale = unitBallScaler(vectors);
  return prompts.map((p, i) => ({ ...p, x: scale(vectors[i]) }));
}

/** Each model's key, from the environment variable it names; a named variable that is unset is an error before any request. */
function keysOf(models: readonly LiveModel[], env: NodeJS.ProcessEnv): Map<string, string | undefined> {
  return new Map(
    models.map((m) => {
      if (m.apiKeyEnv === undefined) return [m.name, undefined];
      const key = env[m.apiKeyEnv];
      if (!key) throw new UsageError(`${m.name}: the environment variable ${m.apiKeyEnv} (api_key_env) is not set`);
      return [m.name, key];
    }),
  );
}

const usd = (v: number) => `$${v < 0.01 ? v.toPrecision(3) : v.toFixed(4)}`;

export async function liveMain(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const values = parseFlags(argv);
  if (values.help) {
    io.out(usage);
    return 0;
  }
  const flags = values as unknown as Record<string, string | undefined>;
  const num = (p: NumberParam) => numberFlag(p, flags[p.cli]);
  for (const f of ['models', 'prompts', 'record'] as const) if (!values[f]) throw new UsageError(`--${f}: missing (${usage.split('\n')[0]})`);
  const spendCap = num(OWN['spend-cap']);
  if (spendCap === undefined) throw new UsageError('--spend-cap: missing (a live run pays real money: give the most it may spend, in US dollars)');
  const modelsPath = values.models!;
  if (!existsSync(modelsPath)) throw new UsageError(`--models: no file ${JSON.stringify(modelsPath)}`);
  const models = parseLiveModels(readFileSync(modelsPath, 'utf8'), modelsPath);
  const keys = keysOf(models, env);
  let grader: ReturnType<typeof parseGrader>;
  try {
    grader = parseGrader(values.grader);
  } catch (e) {
    throw new UsageError(`--${(e as Error).message}`);
  }
  const algo = values.collect ? null : values.algo;
  const spec = algo === null ? null : algorithmSpec(algo);
  if (algo !== null && !spec) throw new UsageError(`--algo: unknown algorithm ${JSON.stringify(algo)}`);
  if (spec?.knowsQ) throw new UsageError(`--algo: ${spec.id} knows the true success rates, which a live run does not have; choose a learner`);
  const params: BanditParams = { ...defaultParams };
  for (const k of ['lambda', 'tauMax', 'tauExp', 'alpha'] as const) {
    const v = num(NUMBER_PARAMS[k]);
    if (v !== undefined) params[k] = v;
  }
  const seed = num(NUMBER_PARAMS.seed) ?? 0;
  const prompts = withContexts(readPrompts(values.prompts!, num(OWN.limit)), values.features, num(NUMBER_PARAMS.dim));
  if (algo !== null) checkOptions({ algos: [algo], T: prompts.length, trials: 1, seed, params });
  const json = jsonPath(values.json);

  // The recording: resumed when it exists and was made by this same run, refused when it was made by another.
  const header = headerOf(
    {
      mode: algo === null ? 'collect' : 'learn',
      algo,
      grader: graderText(grader),
      params: algo === null ? null : { lambda: params.lambda, tauMax: params.tauMax, seed },
      prompts: values.prompts!,
    },
    models,
  );
  const recordPath = values.record!;
  let recorded = new Map<string, QueryRecord>();
  let started = header.started;
  if (existsSync(recordPath)) {
    let read: { header: RecordingHeader; queries: Map<string, QueryRecord> };
    try {
      read = readRecording(readFileSync(recordPath, 'utf8'));
    } catch (e) {
      throw new UsageError(`--record ${recordPath}: ${(e as Error).message}`);
    }
    const differ = headerMismatch(read.header, header);
    if (differ.length > 0)
      throw new UsageError(`--record ${recordPath}: recorded by another run (its ${differ.join(', ')} differ); give another file to start afresh`);
    recorded = read.queries;
    started = read.header.started;
    io.err(`resuming ${recordPath}: ${recorded.size} queries recorded, asked again: none`);
  } else writeFileSync(recordPath, `${JSON.stringify(header)}\n`);

  const maxTokens = num(OWN['max-tokens']) ?? 512;
  const ask = liveQuery({
    models,
    grader: graderOf(grader),
    keyOf: (m) => keys.get(m.name),
    gate: endpointGates(num(OWN.concurrency) ?? 2),
    options: { timeoutMs: (num(OWN.timeout) ?? 60) * 1000, retries: num(OWN.retries) ?? 3, maxTokens },
  });
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const common = {
    models,
    prompts,
    ask,
    recorded,
    spendCap,
    costBound: costBound(models, maxTokens),
    signal: controller.signal,
    onQuery: (q: QueryRecord, fresh: boolean) => {
      if (fresh) appendFileSync(recordPath, queryLine(q));
    },
  };
  try {
    let summary: Record<string, unknown>;
    if (algo === null) {
      const r = await collect({
        ...common,
        onQuery: (q, fresh) => {
          common.onQuery(q, fresh);
          io.err(`${q.promptId} ${q.model}: ${q.grade ? 'success' : 'failure'}, ${usd(q.costUsd)}${q.usageEstimated ? ' (estimated)' : ''}`);
        },
      });
      summary = { mode: 'collect', prompts: r.prompts, asked: r.asked, spentUsd: r.spentUsd, stoppedBy: r.stoppedBy };
      io.out(
        `collected ${r.prompts} of ${prompts.length} prompts: ${r.asked} queries asked, ${usd(r.spentUsd)} spent${r.stoppedBy === 'spend-cap' ? ' (stopped by the spend cap)' : ''}`,
      );
    } else {
      const policy = createPolicy(spec!.id as AlgorithmId, {
        K: models.length,
        dim: prompts[0].x.length,
        params,
        rng: createRng(deriveSeed(seed, 'live', 'policy', spec!.id)),
      });
      let spent = 0;
      try {
        const r = await runLive({
          ...common,
          policy,
          lambda: params.lambda,
          tauMax: params.tauMax,
          onQuery: (q, fresh) => {
            common.onQuery(q, fresh);
            spent += q.costUsd;
          },
          onStep: (t, step) =>
            io.err(
              `[${t + 1}/${prompts.length}] ${step.pulls.map((p) => `${models[p.arm].name}${p.reward ? ' ✓' : ' ✗'}`).join(' → ') || 'no query'}; spent ${usd(spent)} of ${usd(spendCap)}`,
            ),
        });
        const n = r.steps.length;
        const mean = (f: (s: (typeof r.steps)[number]) => number) => (n === 0 ? 0 : r.steps.reduce((a, s) => a + f(s), 0) / n);
        summary = {
          mode: 'learn',
          algo: spec!.id,
          prompts: n,
          success: mean((s) => s.success),
          utility: mean((s) => s.utility),
          cost: mean((s) => s.cost),
          queriesPerPrompt: mean((s) => s.pulls.length),
          asked: r.asked,
          spentUsd: r.spentUsd,
          stoppedBy: r.stoppedBy,
        };
        io.out(
          `${spec!.id}: ${n} of ${prompts.length} prompts, success ${(summary.success as number).toFixed(3)}, utility ${(summary.utility as number).toFixed(4)}, ` +
            `${(summary.queriesPerPrompt as number).toFixed(2)} queries per prompt; ${r.asked} asked, ${usd(r.spentUsd)} spent` +
            (r.stoppedBy === 'spend-cap' ? ' (stopped by the spend cap)' : ''),
        );
      } finally {
        releasePolicy(policy);
      }
    }
    if (values.export) {
      const all = readRecording(readFileSync(recordPath, 'utf8'));
      const data = exportDataset({ ...all.header, started }, all.queries, prompts);
      mkdirSync(values.export, { recursive: true });
      writeFileSync(join(values.export, 'prompts.jsonl'), data.promptsJsonl);
      writeFileSync(join(values.export, 'models.json'), data.modelsJson);
      io.out(
        `exported ${data.kept} prompts to ${values.export}${data.leftOut ? ` (${data.leftOut} left out: not every model answered them; --collect asks every model)` : ''}`,
      );
    }
    if (json) writeFileSync(json, `${JSON.stringify(summary, null, 2)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') {
      io.err(`cancelled; every finished query is in ${recordPath}: the same command resumes`);
      return 130;
    }
    throw e;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
