/**
 * The simulation worker: a comlink API over the engine (src/engine/simulate.ts).
 * The main thread talks to it only through src/workers/simBridge.ts.
 */
import * as Comlink from 'comlink';
import {
  algorithmIds,
  simulateBuiltinAsync,
  type SimConfig,
  type SimResult,
  type StepBatch,
} from '../engine/simulate';
import { builtinWorldNames } from '../engine/worlds/builtins';

/** Steps simulated so far, over all algorithms and trials (total = algos × trials × T). */
export interface SimProgress {
  done: number;
  total: number;
}

/** What the engine offers, for the controls. */
export interface SimCatalog {
  algorithms: string[];
  worlds: string[];
}

export type ProgressCallback = (p: SimProgress) => void;
export type BatchCallback = (b: StepBatch) => void;

/** Progress messages are throttled to about this interval; the last one is always sent. */
const PROGRESS_INTERVAL_MS = 50;

/** The run in flight, if any: `cancel()` flips its flag and the engine stops at its next chunk. */
let current: { aborted: boolean } | null = null;

const api = {
  catalog(): SimCatalog {
    return { algorithms: [...algorithmIds], worlds: [...builtinWorldNames] };
  },

  /**
   * Runs `config` and resolves with the engine's summary. Rejects with the engine's SimCancelled after
   * `cancel()`. A new `start` while one is running cancels the older run first (one run at a time).
   */
  async start(config: SimConfig, onProgress: ProgressCallback, onBatch?: BatchCallback): Promise<SimResult> {
    if (current) current.aborted = true;
    const signal = { aborted: false };
    current = signal;
    const total = config.algos.length * config.trials * config.T;
    let done = 0;
    let lastSent = -Infinity;
    try {
      const result = await simulateBuiltinAsync(
        config,
        (batch) => {
          done += batch.to - batch.from;
          const now = performance.now();
          if (now - lastSent >= PROGRESS_INTERVAL_MS) {
            lastSent = now;
            void onProgress({ done: Math.min(done, total), total });
          }
          if (onBatch) void onBatch(batch);
        },
        signal,
      );
      void onProgress({ done: total, total });
      return result;
    } finally {
      if (current === signal) current = null;
    }
  },

  /** Asks the run in flight to stop at its next chunk boundary. */
  cancel(): void {
    if (current) current.aborted = true;
  },
};

export type SimWorkerApi = typeof api;

Comlink.expose(api);
