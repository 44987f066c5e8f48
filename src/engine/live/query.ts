/**
 * A query of a live run, end to end: the model asked through its endpoint's gate (client.ts), the answer graded
 * (graders.ts) and charged (models.ts), as one QueryRecord for the loop and the recording.
 */
import { type Answer, type AskOptions, ask } from './client';
import type { Grader } from './graders';
import type { LivePrompt, Query, QueryRecord } from './loop';
import { type LiveModel, queryCost } from './models';

export interface QuerySetup {
  models: readonly LiveModel[];
  grader: Grader;
  /** The key of a model's endpoint, if it needs one (held by the caller: the tab's memory, the CLI's environment). */
  keyOf(model: LiveModel): string | undefined;
  /** The endpoints' concurrency limit (client.ts endpointGates). */
  gate<T>(endpoint: string, call: () => Promise<T>): Promise<T>;
  options?: Omit<AskOptions, 'signal'>;
}

export function liveQuery(setup: QuerySetup): Query {
  return async (a, prompt, k, signal) => {
    const model = setup.models[a];
    const answer = await setup.gate(model.baseUrl, () => ask(model, setup.keyOf(model), prompt.text, { ...setup.options, signal }));
    return recordOf(model, prompt.id, k, answer, setup.grader(answer.text, prompt.answer));
  };
}

/** A model's answer as a recording's line: charged at the model's prices, with the grade it was given. */
export function recordOf<G>(model: LiveModel, promptId: string, k: number, answer: Answer, grade: G): Omit<QueryRecord, 'grade'> & { grade: G } {
  return {
    promptId,
    model: model.name,
    k,
    response: answer.text,
    grade,
    promptTokens: answer.usage.promptTokens,
    completionTokens: answer.usage.completionTokens,
    usageEstimated: answer.usage.estimated,
    costUsd: queryCost(model, answer.usage),
    latencyMs: Math.round(answer.latencyMs),
    time: new Date().toISOString(),
  };
}

/** Tokens a chat template adds around one user message (role markers, separators): a generous allowance. */
const TEMPLATE_TOKENS = 32;

/**
 * The spend cap's bound on a query before it is asked, an upper bound rather than an estimate: a byte-level BPE
 * tokenizer (GPT's, Llama's) never makes more tokens of a text than its UTF-8 bytes, plus the chat template's; the
 * answer has at most `maxTokens` (the endpoint is asked for no more). At the model's prices, US dollars.
 */
export function costBound(models: readonly LiveModel[], maxTokens: number): (a: number, prompt: Pick<LivePrompt, 'text'>) => number {
  const encoder = new TextEncoder();
  return (a, prompt) =>
    queryCost(models[a], { promptTokens: encoder.encode(prompt.text).length + TEMPLATE_TOKENS, completionTokens: maxTokens, estimated: true });
}
