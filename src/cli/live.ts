/**
 * `npm run sim -- live`: PromptWise routes real prompts to the models of a live-models.json over the OpenAI
 * chat-completions protocol (issue 44, item 7), with the loop, the graders and the recording the lab uses
 * (src/engine/live). Each finished query is appended to the recording (`--record`) as it ends; the same command
 * run again resumes from it and asks no model a question it has already answered. docs/LIVE.md has the guide.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATASET_PARAMS, headlessWords } from '../engine/lab/datasetChoice';
import { type GraderSpec, parseGrader } from '../engine/live/graders';
import type { QueryRecord } from '../engine/live/loop';
import { type LiveModel, parseLiveModels } from '../engine/live/models';
import { LIVE_NUMBERS } from '../engine/live/params';
import { type LiveFeatures, readLivePrompts, withContexts } from '../engine/live/prompts';
import { exportDataset, headerMismatch, queryLine, type RecordingHeader, readRecording } from '../engine/live/recording';
import { type LiveSettings, liveAlgorithmProblem, liveHeader, runLiveSession } from '../engine/live/session';
import { isAbortError } from '../engine/messageOf';
import { NUMBER_PARAMS, type NumberParam } from '../engine/params';
import { checkOptions } from '../engine/simulate';
import { type BanditParams, defaultParams } from '../engine/types';
import { datasetFlag, jsonPath, numberFlag, strictFlags, UsageError } from './args';
import type { Io } from './main';

const usage = `usage: npm run sim -- live --models live-models.json --prompts DATA_FOLDER|FILE.jsonl|FILE.csv --record FILE.jsonl --spend-cap USD
       [--grader choice|exact|regex:PATTERN|number:TOL] [--algo ID | --collect] [--limit N]
       [--features ${headlessWords(DATASET_PARAMS.features).join('|')}] [--d N] [--lambda X] [--tau-max N] [--tau-exp N] [--alpha X] [--seed N]
       [--concurrency N] [--timeout S] [--retries N] [--max-tokens N] [--export DIR] [--json PATH]
Each prompt (a JSONL row or CSV record with text, and answer, id and task where it has them) is routed in the file's order; every
finished query is appended to --record, and the same command resumes from it. Keys come from the environment
variable each model names (api_key_env); they are never written anywhere. docs/LIVE.md explains every option.`;

/** The parameter registry's numbers a live run takes (engine/params.ts); its own are engine/live/params.ts's. */
const REGISTRY_NUMBERS = ['lambda', 'tauMax', 'tauExp', 'alpha', 'seed', 'dim'] as const;

function parseFlags(argv: string[]) {
  return strictFlags(argv, {
    models: { type: 'string' },
    prompts: { type: 'string' },
    record: { type: 'string' },
    grader: { type: 'string', default: 'choice' },
    algo: { type: 'string', default: 'promptwise' },
    collect: { type: 'boolean', default: false },
    features: { type: 'string' },
    export: { type: 'string' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
    ...Object.fromEntries(
      [...REGISTRY_NUMBERS.map((k) => NUMBER_PARAMS[k].cli), ...Object.values(LIVE_NUMBERS).map((p) => p.cli)].map((f) => [f, { type: 'string' as const }]),
    ),
  } as const);
}

/** A data folder's prompts.jsonl or a JSONL file. */
function promptsText(path: string): { text: string; file: string } {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'prompts.jsonl') : path;
  if (!existsSync(file)) throw new UsageError(`--prompts: no file ${JSON.stringify(file)}`);
  return { text: readFileSync(file, 'utf8'), file };
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
  const spendCap = num(LIVE_NUMBERS.spendCap);
  if (spendCap === undefined) throw new UsageError('--spend-cap: missing (a live run pays real money: give the most it may spend, in US dollars)');
  const modelsPath = values.models!;
  if (!existsSync(modelsPath)) throw new UsageError(`--models: no file ${JSON.stringify(modelsPath)}`);
  const models = parseLiveModels(readFileSync(modelsPath, 'utf8'), modelsPath);
  const keys = keysOf(models, env);
  let grader: GraderSpec;
  try {
    grader = parseGrader(values.grader);
  } catch (e) {
    throw new UsageError(`--${(e as Error).message}`);
  }
  const algo = values.collect ? null : values.algo;
  const problem = algo === null ? null : liveAlgorithmProblem(algo);
  if (problem) throw new UsageError(`--algo: ${problem}`);
  const params: BanditParams = { ...defaultParams };
  for (const k of ['lambda', 'tauMax', 'tauExp', 'alpha'] as const) {
    const v = num(NUMBER_PARAMS[k]);
    if (v !== undefined) params[k] = v;
  }
  const seed = num(NUMBER_PARAMS.seed) ?? 0;
  const d = num(NUMBER_PARAMS.dim);
  const featureType = datasetFlag(DATASET_PARAMS.features, values.features) ?? DATASET_PARAMS.features.default;
  if (featureType === 'task-onehot' && d !== undefined)
    throw new UsageError('--d: task-onehot features have one dimension per task; --d sets hashed-ngrams’ dimension');
  const { text, file } = promptsText(values.prompts!);
  const features: LiveFeatures = featureType === 'task-onehot' ? { type: 'task-onehot' } : { type: 'hashed-ngrams', dim: d ?? 64 };
  const prompts = withContexts(readLivePrompts(text, file, num(LIVE_NUMBERS.limit)), features);
  if (algo !== null) checkOptions({ algos: [algo], T: prompts.length, trials: 1, seed, params });
  const json = jsonPath(values.json);
  const settings: LiveSettings = {
    models,
    algo,
    grader,
    params,
    seed,
    spendCap,
    promptsSource: values.prompts!,
    maxTokens: num(LIVE_NUMBERS.maxTokens),
    timeoutMs: (num(LIVE_NUMBERS.timeout) ?? LIVE_NUMBERS.timeout.default) * 1000,
    retries: num(LIVE_NUMBERS.retries),
    concurrency: num(LIVE_NUMBERS.concurrency),
  };

  // The recording: resumed when it exists and was made by this same run, refused when it was made by another.
  const header = liveHeader(settings);
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

  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  let spent = 0;
  try {
    const summary = await runLiveSession(settings, prompts, {
      keyOf: (m) => keys.get(m.name),
      recorded,
      signal: controller.signal,
      onQuery: (q, fresh) => {
        if (fresh) appendFileSync(recordPath, queryLine(q));
        spent += q.costUsd;
        if (algo === null) io.err(`${q.promptId} ${q.model}: ${q.grade ? 'success' : 'failure'}, ${usd(q.costUsd)}${q.usageEstimated ? ' (estimated)' : ''}`);
      },
      onStep: (t, step) =>
        io.err(
          `[${t + 1}/${prompts.length}] ${step.pulls.map((p) => `${models[p.arm].name}${p.reward ? ' ✓' : ' ✗'}`).join(' → ') || 'no query'}; spent ${usd(spent)} of ${usd(spendCap)}`,
        ),
    });
    const capped = summary.stoppedBy === 'spend-cap' ? ' (stopped by the spend cap)' : '';
    if (summary.mode === 'collect') {
      io.out(`collected ${summary.prompts} of ${summary.of} prompts: ${summary.asked} queries asked, ${usd(summary.spentUsd)} spent${capped}`);
    } else {
      io.out(
        `${summary.algo}: ${summary.prompts} of ${summary.of} prompts, success ${summary.success!.toFixed(3)}, utility ${summary.utility!.toFixed(4)}, ` +
          `${summary.queriesPerPrompt!.toFixed(2)} queries per prompt; ${summary.asked} asked, ${usd(summary.spentUsd)} spent${capped}`,
      );
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
    if (isAbortError(e)) {
      io.err(`cancelled; every finished query is in ${recordPath}: the same command resumes`);
      return 130;
    }
    throw e;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
