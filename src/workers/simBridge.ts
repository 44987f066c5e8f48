/**
 * Main-thread side of the simulation worker (after squoosh's worker bridge): the worker starts lazily on
 * first use, `run` returns a promise, an AbortSignal cancels it, and a crashed worker rejects the run in
 * flight with a readable error and is replaced by a fresh one on the next call.
 */
import * as Comlink from 'comlink';
import type { AblationResult } from '../engine/lab/ablation';
import type { FeatureType } from '../engine/lab/datasetSource';
import type { LabConfig, LabProgress, LabResult, SweepConfig, SweepResult } from '../engine/lab/types';
import type { SimCatalog, SimProgress, SimWorkerApi } from './sim.worker';
import { serialCaller, workerSlot } from './workerHandle';
import type { EmbedTexts } from './worldSource';

export type { AlgorithmInfo, CatalogWorld, SimCatalog, SimProgress } from './sim.worker';

/** The worker died (failed to load, or threw outside a call): the run in flight is lost. */
export class SimWorkerError extends Error {
  override name = 'SimWorkerError';
}

/** After `cancel()`, how long the engine gets to stop by itself before the worker is terminated. */
const CANCEL_GRACE_MS = 1000;

const slot = workerSlot<SimWorkerApi>(
  () => new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'sim' }),
  'simulation worker',
  (message) => new SimWorkerError(message),
  'run',
);
const current = slot.current;

/**
 * The one call path of every run (`runLab`, `runSweep`, `runAblation`): waits for the previous run to wind
 * down, starts `invoke` on the current worker, and settles with its result, or rejects with an AbortError
 * DOMException when `signal` aborts (the worker is asked to cancel and terminated if it has not stopped within
 * CANCEL_GRACE_MS), or with a SimWorkerError when the worker crashes (the next call starts a fresh one).
 */
const callWorker = serialCaller(slot, { graceMs: CANCEL_GRACE_MS, cancelledMessage: 'The simulation was cancelled.' });

/** The algorithms and worlds the engine offers (starts the worker if it is not running). */
export async function catalog(): Promise<SimCatalog> {
  const h = current();
  return Promise.race([h.api.catalog(), h.crashed]);
}

// --- Lab runs (src/engine/lab/types.ts) ---

export interface LabRunOptions {
  /**
   * About every 100 ms while the run computes, and once at the end with the full curves. `partial` carries
   * the curves over the trials finished so far when more have finished since the previous message; otherwise
   * it is null (before the first trial ends, or nothing new: keep the last curves).
   */
  onProgress?: (p: LabProgress) => void;
  signal?: AbortSignal;
  /** Embeds prompt texts (the page's embedding worker): needed for dataset worlds with embedding features. */
  embed?: EmbedTexts;
}

const embedProxy = (embed?: EmbedTexts) => (embed ? Comlink.proxy(embed) : undefined);

/**
 * Runs a lab simulation (summary, curves, arm usage, trial-0 trace) in the worker. Cancels and fails like
 * `run`; a bad config rejects with the engine's message (e.g. "traceAlgo: ... is not one of the algorithms run").
 */
export function runLab(config: LabConfig, options: LabRunOptions = {}): Promise<LabResult> {
  const { onProgress } = options;
  return callWorker(options.signal, (api) =>
    api.runLab(
      config,
      Comlink.proxy((p: LabProgress) => onProgress?.(p)),
      embedProxy(options.embed),
    ),
  );
}

/** Runs a τ_max or λ sweep in the worker; progress counts steps over all values. Cancels and fails like `run`. */
export function runSweep(
  config: SweepConfig,
  options: { onProgress?: (p: SimProgress) => void; signal?: AbortSignal; embed?: EmbedTexts } = {},
): Promise<SweepResult> {
  const { onProgress } = options;
  return callWorker(options.signal, (api) =>
    api.runSweep(
      config,
      Comlink.proxy((p: SimProgress) => onProgress?.(p)),
      embedProxy(options.embed),
    ),
  );
}

/** The featurizer ablation of a dataset world (src/engine/lab/ablation.ts); cancels and fails like `runLab`. */
export function runAblation(
  config: LabConfig,
  features: FeatureType[],
  options: { onProgress?: (p: SimProgress) => void; signal?: AbortSignal; embed?: EmbedTexts } = {},
): Promise<AblationResult> {
  const { onProgress } = options;
  return callWorker(options.signal, (api) =>
    api.runAblation(
      config,
      features,
      Comlink.proxy((p: SimProgress) => onProgress?.(p)),
      embedProxy(options.embed),
    ),
  );
}

/** A dataset world's models, prices and size (loads the dataset in the worker if needed). */
export async function datasetInfo(world: string): ReturnType<SimWorkerApi['datasetInfo']> {
  const h = current();
  return Promise.race([h.api.datasetInfo(world), h.crashed]);
}
