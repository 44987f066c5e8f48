/**
 * One live run from its settings to its summary, the same for the CLI (cli/live.ts) and the lab's live worker
 * (workers/live.worker.ts): the learner created as the simulation creates it (seeded), the queries asked through
 * the endpoints' gates and graded, the loop or collection run, and what the run did summed up.
 */
import { type AlgorithmId, algorithmSpec } from '../policies/algorithms';
import { createPolicy, releasePolicy } from '../policies/registry';
import { createRng, deriveSeed } from '../rng';
import { SimConfigError } from '../simulate';
import type { BanditParams, StepRecord } from '../types';
import { ASK_DEFAULTS, endpointGates } from './client';
import { type GraderSpec, graderOf, graderText } from './graders';
import { collect, type LivePrompt, type QueryRecord, runLive } from './loop';
import type { LiveModel } from './models';
import { LIVE_NUMBERS } from './params';
import { costBound, liveQuery } from './query';
import { headerOf, type RecordingHeader } from './recording';

export interface LiveSettings {
  models: LiveModel[];
  /** The learner's id, or null: collection mode (every model once per prompt). */
  algo: string | null;
  grader: GraderSpec;
  params: BanditParams;
  seed: number;
  /** US dollars. */
  spendCap: number;
  /** Where the prompts came from, as recorded in the header (a path, `data:<folder>`). */
  promptsSource: string;
  maxTokens?: number;
  timeoutMs?: number;
  retries?: number;
  /** Requests in flight per endpoint. */
  concurrency?: number;
}

/** The recording header of a run with these settings (a resumed run must have the same). */
export const liveHeader = (s: LiveSettings): RecordingHeader =>
  headerOf(
    {
      mode: s.algo === null ? 'collect' : 'learn',
      algo: s.algo,
      grader: graderText(s.grader),
      params: s.algo === null ? null : { lambda: s.params.lambda, tauMax: s.params.tauMax, seed: s.seed },
      prompts: s.promptsSource,
    },
    s.models,
  );

/** Why an algorithm cannot run live (unknown, or an oracle: it needs the true success rates), or null. */
export function liveAlgorithmProblem(id: string): string | null {
  const spec = algorithmSpec(id);
  if (!spec) return `unknown algorithm ${JSON.stringify(id)}`;
  if (spec.knowsQ) return `${spec.id} knows the true success rates, which a live run does not have; choose a learner`;
  return null;
}

export interface LiveHooks {
  keyOf(model: LiveModel): string | undefined;
  /** Queries of an earlier run of the same settings, by recordKey. */
  recorded: ReadonlyMap<string, QueryRecord>;
  /** Each finished query (awaited: the caller stores it before the run goes on). */
  onQuery(record: QueryRecord, fresh: boolean): void | Promise<void>;
  onStep?(t: number, step: StepRecord): void;
  signal?: AbortSignal;
  /** For a request that could not be sent: a message that says why, where the caller knows (a refused origin). */
  unreachable?(origin: string): Promise<string | null>;
}

export interface LiveSummary {
  mode: 'learn' | 'collect';
  algo: string | null;
  /** Prompts played to the end (learn) or answered by every model (collect). */
  prompts: number;
  of: number;
  /** Per prompt, learn only: the means over the prompts played. */
  success?: number;
  utility?: number;
  cost?: number;
  queriesPerPrompt?: number;
  asked: number;
  spentUsd: number;
  stoppedBy: 'done' | 'spend-cap';
}

export async function runLiveSession(settings: LiveSettings, prompts: readonly LivePrompt[], hooks: LiveHooks): Promise<LiveSummary> {
  const { models, params, spendCap, maxTokens = ASK_DEFAULTS.maxTokens } = settings;
  const problem = settings.algo === null ? null : liveAlgorithmProblem(settings.algo);
  if (problem) throw new SimConfigError(`algo: ${problem}`);
  const ask = liveQuery({
    models,
    grader: graderOf(settings.grader),
    keyOf: hooks.keyOf,
    gate: endpointGates(settings.concurrency ?? LIVE_NUMBERS.concurrency.default),
    options: { timeoutMs: settings.timeoutMs, retries: settings.retries, maxTokens, unreachable: hooks.unreachable },
  });
  const common = {
    models,
    prompts,
    ask,
    recorded: hooks.recorded,
    spendCap,
    costBound: costBound(models, maxTokens),
    signal: hooks.signal,
    onQuery: hooks.onQuery,
  };
  if (settings.algo === null) {
    const r = await collect(common);
    return { mode: 'collect', algo: null, prompts: r.prompts, of: prompts.length, asked: r.asked, spentUsd: r.spentUsd, stoppedBy: r.stoppedBy };
  }
  const id = settings.algo as AlgorithmId;
  const policy = createPolicy(id, { K: models.length, dim: prompts[0].x.length, params, rng: createRng(deriveSeed(settings.seed, 'live', 'policy', id)) });
  try {
    const r = await runLive({ ...common, policy, lambda: params.lambda, tauMax: params.tauMax, onStep: hooks.onStep });
    const n = r.steps.length;
    const mean = (f: (s: StepRecord) => number) => (n === 0 ? 0 : r.steps.reduce((a, s) => a + f(s), 0) / n);
    return {
      mode: 'learn',
      algo: id,
      prompts: n,
      of: prompts.length,
      success: mean((s) => s.success),
      utility: mean((s) => s.utility),
      cost: mean((s) => s.cost),
      queriesPerPrompt: mean((s) => s.pulls.length),
      asked: r.asked,
      spentUsd: r.spentUsd,
      stoppedBy: r.stoppedBy,
    };
  } finally {
    releasePolicy(policy);
  }
}
