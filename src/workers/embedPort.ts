/**
 * The direct line between a worker that needs embeddings (simulation, playground) and the embedding worker: the
 * main thread opens a MessageChannel, hands one end to the embedding worker (`connect`) and the other to the
 * worker that asked, so the prompt texts and their vectors travel between the two workers and never through the
 * main thread, which hears only progress and the outcome (to show the embedding status).
 */
import * as Comlink from 'comlink';
import { type EmbedBatchResult, type EmbedProgress, rowsOf } from '../embed/types';

/** The embedding worker's side of a port: one call, then the port is closed. */
export interface EmbedPortApi {
  embed(texts: string[]): Promise<EmbedBatchResult>;
}

/** What the main thread hears of a call on a port: its progress, and how it ended. */
export type EmbedPortEvent =
  | { type: 'progress'; progress: EmbedProgress }
  | { type: 'done'; summary: Omit<EmbedBatchResult, 'data'>; seconds: number }
  | { type: 'failed'; message: string; cancelled: boolean };

/**
 * Asks the main thread for a fresh port to the embedding worker: a comlink proxy of a main-thread function
 * (src/workers/embedBridge.ts, embedPortProxy), so the worker gets the port as a promise.
 */
export type OpenEmbedPort = () => MessagePort | Promise<MessagePort>;

/**
 * Embeds texts over a fresh port from `open`: the vectors arrive here straight from the embedding worker.
 * Undefined without `open` (the caller offered no embedding worker).
 */
export function embedThroughPort(open: OpenEmbedPort | undefined): ((texts: string[]) => Promise<Float32Array[]>) | undefined {
  if (!open) return undefined;
  return async (texts) => {
    const port = await open();
    const remote = Comlink.wrap<EmbedPortApi>(port);
    try {
      return rowsOf(await remote.embed(texts));
    } finally {
      remote[Comlink.releaseProxy]();
      port.close();
    }
  };
}
