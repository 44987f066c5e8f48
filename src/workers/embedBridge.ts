/**
 * Main-thread side of the embedding worker, in the manner of simBridge.ts: the worker starts lazily on first
 * use, `embed` returns a promise, an AbortSignal cancels it, and a crashed worker rejects the call in flight
 * with a readable error and is replaced by a fresh one on the next call. The worker keeps the loaded model
 * between calls, so only the first call (or one with other settings) pays for the download and start-up.
 */
import * as Comlink from 'comlink';
import type { EmbedBatchResult, EmbedProgress, EmbedSettings } from '../embed/types';
import type { EmbedCapabilities, EmbedWorkerApi } from './embed.worker';
import type { EmbedPortEvent } from './embedPort';
import { workerPool } from './workerPool';

export type { EmbedCapabilities } from './embed.worker';

/** The worker died (failed to load, ran out of memory, or threw outside a call): the call in flight is lost. */
class EmbedWorkerError extends Error {
  override name = 'EmbedWorkerError';
}

const pool = workerPool<EmbedWorkerApi>({
  make: (name) => new Worker(new URL('./embed.worker.ts', import.meta.url), { type: 'module', name }),
  label: 'embedding worker',
  afterEnd: 'The next embedding starts a fresh one.',
  makeError: (message) => new EmbedWorkerError(message),
  releaseWhenIdle: true,
  // After a cancel the worker stops by itself between batches of 32. A batch on a big model can take seconds, and
  // terminating throws away the loaded model, so the grace is longer than the simulation worker's.
  cancel: { graceMs: 3000, message: 'The embedding was cancelled.' },
});
let portCount = 0;

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
  return pool.call(
    (api) =>
      api.embed(
        texts,
        settings,
        Comlink.proxy((p: EmbedProgress) => onProgress?.(p)),
      ),
    options.signal,
  );
}

/** Forgets every cached embedding (IndexedDB). */
export function clearEmbeddingCache(): Promise<void> {
  return pool.call((api) => api.clearCache());
}

/** What the browser offers (starts the worker). */
export function embedCapabilities(): Promise<EmbedCapabilities> {
  return pool.call((api) => api.capabilities());
}

/** A port to the embedding worker for another worker's one embedding (src/workers/embedPort.ts). */
export interface EmbedPortLink {
  /** The end for the worker that embeds: transfer it. */
  port: MessagePort;
  /** Rejects with a readable error if the embedding worker ends (crashes, or is stopped) while the port is open. */
  lost: Promise<never>;
  /** Stops the port's embedding (its job was cancelled); the worker counts as idle again. */
  cancel(): void;
}

/**
 * Opens a port on which another worker embeds texts with `settings` directly in the embedding worker; `report`
 * hears its progress and outcome. The embedding worker counts as busy (not released when idle) until the
 * port's call has ended or been cancelled.
 */
export function openEmbedPort(settings: EmbedSettings, report: (event: EmbedPortEvent) => void): EmbedPortLink {
  const id = `port-${++portCount}`;
  const { port1, port2 } = new MessageChannel();
  let open = true;
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve)).then(() => {
    open = false;
  });
  let link!: EmbedPortLink;
  pool
    .attach((api, workerEnded) => {
      const hear = (event: EmbedPortEvent) => {
        if (event.type !== 'progress') end();
        report(event);
      };
      api.connect(id, Comlink.transfer(port1, [port1]), settings, Comlink.proxy(hear)).catch(() => {}); // shows as `lost`
      link = {
        port: port2,
        // Only while the port is open: the embedding worker released later (idle) loses nothing of this port's.
        lost: new Promise<never>((_, reject) => workerEnded.catch((e: unknown) => open && reject(e))),
        cancel() {
          api.cancel(id).catch(() => {});
          end();
        },
      };
      link.lost.catch(() => {});
      return done;
    })
    .catch(() => {}); // shows as `lost`
  return link;
}

/**
 * What a job hands the worker that may need embeddings: a comlink proxy that opens a port (`open`) when that
 * worker asks, cancels it when `signal` aborts, and calls `fail` if the embedding worker dies meanwhile (the job
 * would otherwise wait for its vectors forever).
 */
export function embedPortProxy(open: () => EmbedPortLink, fail: (error: unknown) => void, signal?: AbortSignal) {
  return Comlink.proxy(() => {
    const link = open();
    if (signal?.aborted) link.cancel();
    else signal?.addEventListener('abort', () => link.cancel(), { once: true });
    link.lost.catch(fail);
    return Comlink.transfer(link.port, [link.port]);
  });
}
