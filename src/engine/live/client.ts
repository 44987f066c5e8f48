/**
 * One question to one model over the OpenAI chat-completions protocol (`POST {base}/chat/completions`), with the
 * controls a live run needs (issue 44, item 4): a timeout per request, retries with backoff on 429 and 5xx that
 * honour `Retry-After`, cancellation by an AbortSignal, and a limit on the requests in flight per endpoint.
 *
 * Plain `fetch`: the same code runs in the page, a worker and Node. The key goes in the Authorization header of a
 * request to the model's own base URL and nowhere else: redirects are refused (a redirect could carry the request
 * to another origin), and no error message quotes a header, a URL's credentials or the key.
 */
import { fmtCounted } from '../lab/format';
import { estimateTokens, type LiveModel, type Usage } from './models';

export interface Answer {
  text: string;
  usage: Usage;
  /** From sending the request to the answer read, the last attempt's; milliseconds. */
  latencyMs: number;
  /** How many requests it took (1 without retries). */
  attempts: number;
}

export interface AskOptions {
  /** Per request, milliseconds (default 60 s). */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a timeout or a network failure (default 3). */
  retries?: number;
  /** The first retry's wait, doubled at each retry unless `Retry-After` asks for more (default 1 s). */
  backoffMs?: number;
  /** The answer's length limit sent as `max_tokens` (default 512). */
  maxTokens?: number;
  signal?: AbortSignal;
  /** Tests and the replay endpoint's users may pass their own. */
  fetch?: typeof fetch;
  /**
   * Where a request could not be sent, why, if the caller knows (the page: its Content-Security-Policy refused the
   * origin): the query then fails at once with that reason instead of being retried.
   */
  unreachable?(origin: string): Promise<string | null>;
}

/** A query that failed for good: the message names the model and what happened, never the key. */
export class LiveQueryError extends Error {
  override readonly name = 'LiveQueryError';
}

const abortError = () => new DOMException('The live run was cancelled.', 'AbortError');

/** Waits `ms`, or rejects at once with an AbortError when `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The longest wait a `Retry-After` may impose before the run gives that query up (a minute). */
export const MAX_WAIT_MS = 60_000;

/** A short, single-line excerpt of an endpoint's error body, the key blanked should an endpoint echo it. */
function excerpt(body: string, key?: string): string {
  const clean = (key ? body.split(key).join('…') : body).replace(/\s+/g, ' ').trim();
  return clean.length > 200 ? `${clean.slice(0, 197)}…` : clean;
}

interface Completion {
  choices?: { message?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/** Reads a chat completion: its first choice's text and its usage, estimated from the lengths when absent. */
function readCompletion(json: Completion, prompt: string): { text: string; usage: Usage } | null {
  const text = json.choices?.[0]?.message?.content;
  if (typeof text !== 'string') return null;
  const promptTokens = count(json.usage?.prompt_tokens);
  const completionTokens = count(json.usage?.completion_tokens);
  if (promptTokens !== null && completionTokens !== null) return { text, usage: { promptTokens, completionTokens, estimated: false } };
  return { text, usage: { promptTokens: estimateTokens(prompt), completionTokens: estimateTokens(text), estimated: true } };
}

/**
 * Asks `model` the prompt (one user message, temperature 0) and resolves with its answer. Rejects with a
 * LiveQueryError once the retries are spent or on an answer no retry mends (4xx other than 429, an answer that is
 * not a chat completion), or with an AbortError when `signal` aborts.
 */
/** What a query does unless told otherwise (the panel's help quotes them). */
export const ASK_DEFAULTS = { timeoutMs: 60_000, retries: 3, backoffMs: 1000, maxTokens: 512 } as const;

export async function ask(model: LiveModel, key: string | undefined, prompt: string, options: AskOptions = {}): Promise<Answer> {
  const {
    timeoutMs = ASK_DEFAULTS.timeoutMs,
    retries = ASK_DEFAULTS.retries,
    backoffMs = ASK_DEFAULTS.backoffMs,
    maxTokens = ASK_DEFAULTS.maxTokens,
    signal,
  } = options;
  const doFetch = options.fetch ?? fetch;
  const url = `${model.baseUrl}/chat/completions`;
  const body = JSON.stringify({ model: model.model, messages: [{ role: 'user', content: prompt }], temperature: 0, max_tokens: maxTokens });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  let problem = '';
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw abortError();
    const timeout = AbortSignal.timeout(timeoutMs);
    const started = performance.now();
    let wait = backoffMs * 2 ** (attempt - 1);
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'error',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (response.ok) {
        const read = readCompletion((await response.json().catch(() => ({}))) as Completion, prompt);
        if (read === null) throw new LiveQueryError(`${model.name}: the answer is not a chat completion (no choices[0].message.content)`);
        return { ...read, latencyMs: performance.now() - started, attempts: attempt };
      }
      const text = await response.text().catch(() => '');
      problem = `HTTP ${response.status}${text ? ` (${excerpt(text, key)})` : ''}`;
      if (response.status !== 429 && response.status < 500) throw new LiveQueryError(`${model.name}: ${problem}`);
      const asked = retryAfterMs(response.headers.get('retry-after'));
      if (asked !== null) {
        if (asked > MAX_WAIT_MS)
          throw new LiveQueryError(`${model.name}: ${problem}; it asks to retry after ${Math.round(asked / 1000)} s, more than a minute`);
        wait = Math.max(wait, asked);
      }
    } catch (e) {
      if (e instanceof LiveQueryError) throw e;
      if (signal?.aborted) throw abortError();
      const origin = new URL(url).origin;
      const why = timeout.aborted ? null : await options.unreachable?.(origin);
      if (why) throw new LiveQueryError(`${model.name}: ${why}`);
      problem = timeout.aborted ? `no answer within ${timeoutMs / 1000} s` : `cannot reach ${origin} (${(e as Error).message})`;
    }
    if (attempt > retries) throw new LiveQueryError(`${model.name}: ${problem}${retries > 0 ? ` (after ${fmtCounted(retries, 'retry', 'retries')})` : ''}`);
    await sleep(Math.min(wait, MAX_WAIT_MS), signal);
  }
}

/**
 * At most `limit` calls at once per key (an endpoint's base URL): the concurrency limit per endpoint. Calls
 * beyond it wait, first come first served.
 */
export function endpointGates(limit: number): <T>(endpoint: string, call: () => Promise<T>) => Promise<T> {
  const gates = new Map<string, { busy: number; waiting: (() => void)[] }>();
  return async (endpoint, call) => {
    const g = gates.get(endpoint) ?? { busy: 0, waiting: [] };
    gates.set(endpoint, g);
    if (g.busy >= limit) await new Promise<void>((resolve) => g.waiting.push(resolve));
    else g.busy++;
    try {
      return await call();
    } finally {
      const next = g.waiting.shift();
      if (next) next();
      else g.busy--;
    }
  };
}
