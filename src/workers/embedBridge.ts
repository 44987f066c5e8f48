/**
 * Main-thread side of the embedding worker, in the manner of simBridge.ts: the worker starts lazily on first
 * use, `embed` returns a promise, an AbortSignal cancels it, and a crashed worker rejects the call in flight
 * with a readable error and is replaced by a fresh one on the next call. The worker keeps the loaded model
 * between calls, so only the first call (or one with other settings) pays for the download and start-up.
 */
import * as Comlink from 'comlink';
import type { EmbedBatchResult, EmbedProgress, EmbedSettings } from '../embed/types';
import type { EmbedCapabilities, EmbedWorkerApi } from './embed.worker';

export type { EmbedCapabilities } from './embed.worker';

/** The worker died (failed to load, ran out of memory, or threw outside a call): the call in flight is lost. */
export class EmbedWorkerError extends Error {
  override name = 'EmbedWorkerError';
}

/**
 * After a cancel, how long the worker gets to stop by itself (it checks between batches of 32) before it is
 * terminated. A batch on a big model can take seconds, and terminating throws away the loaded model, so the
 * grace is longer than the simulation worker's.
 */
const CANCEL_GRACE_MS = 3000;

interface Handle {
  api: Comlink.Remote<EmbedWorkerApi>;
  crashed: Promise<never>;
  gone: Promise<void>;
  dispose(): void;
}

let handle: Handle | null = null;
let previous: Promise<unknown> = Promise.resolve();

function spawn(): Handle {
  const worker = new Worker(new URL('./embed.worker.ts', import.meta.url), { type: 'module', name: 'embed' });
  const api = Comlink.wrap<EmbedWorkerApi>(worker);
  let markGone!: () => void;
  let markCrashed!: (e: Error) => void;
  const gone = new Promise<void>((resolve) => (markGone = resolve));
  const crashed = new Promise<never>((_, reject) => (markCrashed = reject));
  crashed.catch(() => {}); // observed by whichever call races it; none may be
  const h: Handle = {
    api,
    crashed,
    gone,
    dispose() {
      worker.terminate();
      api[Comlink.releaseProxy]();
      if (handle === h) handle = null;
      markGone();
    },
  };
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    const detail = event instanceof ErrorEvent && event.message ? event.message : 'it failed to load or threw';
    markCrashed(new EmbedWorkerError(`The embedding worker crashed (${detail}). The next call starts a fresh one.`));
    h.dispose();
  });
  worker.addEventListener('messageerror', () => {
    markCrashed(new EmbedWorkerError('The embedding worker sent a message that could not be read.'));
    h.dispose();
  });
  return h;
}

const current = (): Handle => (handle ??= spawn());

function abortError(): DOMException {
  return new DOMException('The embedding was cancelled.', 'AbortError');
}

async function callWorker<R>(signal: AbortSignal | undefined, invoke: (api: Comlink.Remote<EmbedWorkerApi>) => Promise<R>): Promise<R> {
  if (signal?.aborted) throw abortError();
  await previous; // a cancelled call winds down before the next starts
  if (signal?.aborted) throw abortError();

  const h = current();
  const call = invoke(h.api);
  previous = Promise.race([call, h.gone]).catch(() => {});

  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      reject(abortError());
      void h.api.cancel().catch(() => {});
      const timer = setTimeout(() => h.dispose(), CANCEL_GRACE_MS);
      void previous.then(() => clearTimeout(timer));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});
  try {
    return await Promise.race([call, h.crashed, aborted]);
  } catch (error) {
    // A cancellation inside the worker (between batches) reaches here as a plain Error named AbortError.
    if (error instanceof Error && error.name === 'AbortError' && !(error instanceof DOMException)) throw abortError();
    throw error;
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

export interface EmbedCallOptions {
  onProgress?: (p: EmbedProgress) => void;
  signal?: AbortSignal;
}

/**
 * Embeds `texts` with `settings` in the worker (cache first). Rejects with the worker's readable message when
 * the model cannot load, an AbortError DOMException when `signal` aborts, an EmbedWorkerError on a crash.
 */
export function embedInWorker(texts: string[], settings: EmbedSettings, options: EmbedCallOptions = {}): Promise<EmbedBatchResult> {
  const { onProgress } = options;
  return callWorker(options.signal, (api) => api.embed(texts, settings, Comlink.proxy((p: EmbedProgress) => onProgress?.(p))));
}

/** Forgets every cached embedding (IndexedDB). */
export function clearEmbeddingCache(): Promise<void> {
  return callWorker(undefined, (api) => api.clearCache());
}

/** What the browser offers (starts the worker). */
export function embedCapabilities(): Promise<EmbedCapabilities> {
  return callWorker(undefined, (api) => api.capabilities());
}
