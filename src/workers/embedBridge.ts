/**
 * Main-thread side of the embedding worker, in the manner of simBridge.ts: the worker starts lazily on first
 * use, `embed` returns a promise, an AbortSignal cancels it, and a crashed worker rejects the call in flight
 * with a readable error and is replaced by a fresh one on the next call. The worker keeps the loaded model
 * between calls, so only the first call (or one with other settings) pays for the download and start-up.
 */
import * as Comlink from 'comlink';
import type { EmbedBatchResult, EmbedProgress, EmbedSettings } from '../embed/types';
import type { EmbedCapabilities, EmbedWorkerApi } from './embed.worker';
import { serialCaller, workerSlot } from './workerHandle';

export type { EmbedCapabilities } from './embed.worker';

/** The worker died (failed to load, ran out of memory, or threw outside a call): the call in flight is lost. */
class EmbedWorkerError extends Error {
  override name = 'EmbedWorkerError';
}

/**
 * After a cancel, how long the worker gets to stop by itself (it checks between batches of 32) before it is
 * terminated. A batch on a big model can take seconds, and terminating throws away the loaded model, so the
 * grace is longer than the simulation worker's.
 */
const CANCEL_GRACE_MS = 3000;

const slot = workerSlot<EmbedWorkerApi>(
  () => new Worker(new URL('./embed.worker.ts', import.meta.url), { type: 'module', name: 'embed' }),
  'embedding worker',
  (message) => new EmbedWorkerError(message),
  'call',
  true,
);
const callWorker = serialCaller(slot, { graceMs: CANCEL_GRACE_MS, cancelledMessage: 'The embedding was cancelled.' });

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
  return callWorker(options.signal, (api) =>
    api.embed(
      texts,
      settings,
      Comlink.proxy((p: EmbedProgress) => onProgress?.(p)),
    ),
  );
}

/** Forgets every cached embedding (IndexedDB). */
export function clearEmbeddingCache(): Promise<void> {
  return callWorker(undefined, (api) => api.clearCache());
}

/** What the browser offers (starts the worker). */
export function embedCapabilities(): Promise<EmbedCapabilities> {
  return callWorker(undefined, (api) => api.capabilities());
}
