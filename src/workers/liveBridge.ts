/** The page's way to the live worker (live.worker.ts): one worker, a run cancelled by its AbortSignal. */
import * as Comlink from 'comlink';
import type { LiveRequest } from '../data/liveRecording';
import type { Answer } from '../engine/live/client';
import type { LiveModel } from '../engine/live/models';
import type { LiveSummary } from '../engine/live/session';
import type { LiveEvent, LiveWorkerApi } from './live.worker';
import { workerPool } from './workerPool';

export type { LiveEvent } from './live.worker';

const pool = workerPool<LiveWorkerApi>({
  make: (name) => new Worker(new URL('./live.worker.ts', import.meta.url), { type: 'module', name }),
  label: 'live worker',
  afterEnd: 'The next run starts a fresh one; what was recorded stays.',
  // The loop stops at its next query; a query in flight is aborted at once.
  cancel: { graceMs: 2000, message: 'The live run was cancelled.' },
});

export const liveWorker = {
  run: (request: LiveRequest, keys: Record<string, string>, onEvent: (event: LiveEvent) => void, signal: AbortSignal): Promise<LiveSummary> =>
    pool.call((api) => api.run(request, keys, Comlink.proxy(onEvent)), signal),
  exported: () => pool.attach((api) => api.exported()),
  /** Beside a run, not queued behind it: the playground's person waits for this one answer. */
  askOne: (model: LiveModel, key: string | undefined, text: string, options: { timeoutMs: number }): Promise<Answer> =>
    pool.attach((api) => api.askOne(model, key, text, options)),
};
