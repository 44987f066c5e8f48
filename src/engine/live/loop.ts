/**
 * The live loop (issue 44, item 4): a learner of the algorithm registry routes real prompts to real models under
 * Protocol 1 (paper §3, l. 228–244; the protocol `protocol.ts` plays in simulation): for each prompt it asks models one after
 * another, each query graded and charged, until one succeeds, it stops (the null action), or τ_max queries are
 * spent; utility = max reward − λ·Σ c_a. Prompts are taken in order and each answer is observed before the next
 * decision, so the run is the online learner of the simulation whatever order the network delivers in.
 *
 * Nothing is lost: each finished query is handed to `onQuery` (and awaited: the caller stores it) before the
 * learner moves on, and a run given earlier queries (`recorded`) replays them instead of asking again, so a run
 * resumed after a reload or a crash asks no model a question it has already answered.
 */
import { NULL_ACTION, type Policy, type Pull, type StepRecord } from '../types';
import { type LiveModel, setPrice } from './models';

/** A prompt of a live run: what is sent, what a correct answer is, and its context for the learner. */
export interface LivePrompt {
  id: string;
  text: string;
  task: string;
  /** The expected answer the grader compares with. */
  answer: string;
  /** The learner's context (features of the prompt, in the unit ball). */
  x: Float64Array;
}

/** One finished query, as recorded (IndexedDB in the lab, a JSONL file in the CLI). No key, ever. */
export interface QueryRecord {
  promptId: string;
  model: string;
  /** Which ask of this model on this prompt it was (0 first; a learner may ask a model again after it failed). */
  k: number;
  response: string;
  grade: 0 | 1;
  promptTokens: number;
  completionTokens: number;
  /** The endpoint gave no `usage`: the tokens, and so the cost, are estimated from the lengths. */
  usageEstimated: boolean;
  /** What it cost, US dollars: tokens × the model's prices. */
  costUsd: number;
  latencyMs: number;
  /** When it finished, ISO 8601. */
  time: string;
}

/** The answer to one query, graded and charged: what `ask` gives the loop. */
export type Query = (model: number, prompt: LivePrompt, k: number, signal?: AbortSignal) => Promise<QueryRecord>;

/** A query's key in a recording: the prompt, the model, and which ask of that model on that prompt. */
export const recordKey = (promptId: string, model: string, k = 0) => `${promptId}\u0000${model}\u0000${k}`;

export interface LiveRun {
  policy: Policy;
  models: readonly LiveModel[];
  prompts: readonly LivePrompt[];
  lambda: number;
  tauMax: number;
  /** Asks a model (the client, graded and charged): called only for queries not in `recorded`. */
  ask: Query;
  /** Queries recorded by an earlier run of the same configuration, by `recordKey`. */
  recorded?: ReadonlyMap<string, QueryRecord>;
  /** Stop before a query whose cost could take the spend past this many US dollars (default: no cap). */
  spendCap?: number;
  /** An upper bound of a query's cost before it is asked (US dollars), for the spend cap. */
  costBound(model: number, prompt: LivePrompt): number;
  /** Each finished query, fresh or replayed from `recorded` (`fresh`), awaited before the learner goes on. */
  onQuery?(record: QueryRecord, fresh: boolean): void | Promise<void>;
  /** Each finished prompt. */
  onStep?(t: number, step: StepRecord): void;
  signal?: AbortSignal;
}

export interface LiveResult {
  /** The prompts played to the end, in order (a prompt cut short by the spend cap or a cancel is not among them). */
  steps: StepRecord[];
  /** US dollars of every query of the run, replayed ones included. */
  spentUsd: number;
  /** Queries asked in this run (not replayed). */
  asked: number;
  stoppedBy: 'done' | 'spend-cap';
}

/** The loop of a live run; rejects with an AbortError when `signal` aborts, or with the first query that fails for good. */
export async function runLive(run: LiveRun): Promise<LiveResult> {
  const { policy, models, prompts, lambda, tauMax, spendCap = Number.POSITIVE_INFINITY } = run;
  const K = models.length;
  // Protocol 1's c_a: each model's set price, known before it is asked (models.ts `setPrice`).
  const costs = Float64Array.from(models, setPrice);
  const available = new Uint8Array(K).fill(1);
  // A live run has no true q: an oracle's `begin` would read these, so oracles are refused (liveAlgorithmProblem).
  const unknown = new Float64Array(K).fill(Number.NaN);
  const steps: StepRecord[] = [];
  let spentUsd = 0;
  let asked = 0;
  for (let t = 0; t < prompts.length; t++) {
    const prompt = prompts[t];
    policy.begin({ t, x: prompt.x, costs, available }, unknown);
    const pulls: Pull[] = [];
    const asks = new Uint32Array(K);
    let cost = 0;
    let success: 0 | 1 = 0;
    try {
      // The same steps as protocol.ts playStep, awaiting each answer (the simulation's loop stays synchronous).
      while (pulls.length < tauMax) {
        const arm = policy.next(tauMax - pulls.length);
        if (arm === NULL_ACTION) break;
        if (!(arm >= 0 && arm < K)) throw new Error(`policy ${policy.id} chose arm ${arm}, which is not a model of this run`);
        const model = models[arm];
        const k = asks[arm]++;
        const kept = run.recorded?.get(recordKey(prompt.id, model.name, k));
        if (!kept && spentUsd + run.costBound(arm, prompt) > spendCap) return { steps, spentUsd, asked, stoppedBy: 'spend-cap' };
        if (run.signal?.aborted) throw new DOMException('The live run was cancelled.', 'AbortError');
        const record = kept ?? (await run.ask(arm, prompt, k, run.signal));
        if (!kept) asked++;
        await run.onQuery?.(record, !kept);
        spentUsd += record.costUsd;
        cost += costs[arm];
        pulls.push({ arm, reward: record.grade, cost: costs[arm] });
        policy.observe(arm, record.grade);
        if (record.grade === 1) {
          success = 1;
          break;
        }
      }
    } finally {
      policy.end();
    }
    const step = { pulls, utility: success - lambda * cost, cost, success };
    steps.push(step);
    run.onStep?.(t, step);
  }
  return { steps, spentUsd, asked, stoppedBy: 'done' };
}

/**
 * Collection mode (issue 44, item 6): every model answers every prompt once, in prompt order, so that the
 * recording replays for every algorithm, not only for the learner that collected it. Queries of one prompt go
 * out together (the endpoints' gates limit them); it stops before a prompt whose queries could pass the cap.
 */
export async function collect(run: Omit<LiveRun, 'policy' | 'lambda' | 'tauMax' | 'onStep'>): Promise<Omit<LiveResult, 'steps'> & { prompts: number }> {
  const { models, prompts, spendCap = Number.POSITIVE_INFINITY } = run;
  let spentUsd = 0;
  let asked = 0;
  for (let t = 0; t < prompts.length; t++) {
    const prompt = prompts[t];
    const todo = models.flatMap((m, a) => (run.recorded?.has(recordKey(prompt.id, m.name)) ? [] : [a]));
    const bound = todo.reduce((sum, a) => sum + run.costBound(a, prompt), 0);
    if (spentUsd + bound > spendCap) return { prompts: t, spentUsd, asked, stoppedBy: 'spend-cap' };
    if (run.signal?.aborted) throw new DOMException('The live run was cancelled.', 'AbortError');
    for (const m of models) {
      const kept = run.recorded?.get(recordKey(prompt.id, m.name));
      if (kept) spentUsd += kept.costUsd;
    }
    // Every answer that came is kept, even when another query of the prompt failed: nothing paid for is lost.
    const settled = await Promise.allSettled(todo.map((a) => run.ask(a, prompt, 0, run.signal)));
    for (const s of settled) {
      if (s.status === 'rejected') continue;
      await run.onQuery?.(s.value, true);
      spentUsd += s.value.costUsd;
      asked++;
    }
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return { prompts: prompts.length, spentUsd, asked, stoppedBy: 'done' };
}
