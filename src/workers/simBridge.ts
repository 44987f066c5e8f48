/**
 * Main-thread side of the simulation worker (after squoosh's worker bridge): the worker starts lazily on
 * first use, `run` returns a promise, an AbortSignal cancels it, and a crashed worker rejects the run in
 * flight with a readable error and is replaced by a fresh one on the next call.
 */
import * as Comlink from 'comlink';
import type { AblationResult } from '../engine/lab/ablation';
import type { FeatureType } from '../engine/lab/datasetSource';
import type { LabConfig, LabProgress, LabResult, SweepConfig, SweepResult } from '../engine/lab/types';
import type { EmbedTexts } from './worldSource';
import type { SimCatalog, SimProgress, SimWorkerApi } from './sim.worker';

export type { AlgorithmInfo, CatalogWorld, SimCatalog, SimProgress } from './sim.worker';


/** The worker died (failed to load, or threw outside a call): the run in flight is lost. */
export class SimWorkerError extends Error {
  override name = 'SimWorkerError';
}

/** After `cancel()`, how long the engine gets to stop by itself before the worker is terminated. */
const CANCEL_GRACE_MS = 1000;

interface Handle {
  worker: Worker;
  api: Comlink.Remote<SimWorkerApi>;
  /** Rejects when the worker crashes. */
  crashed: Promise<never>;
  /** Resolves when the worker is terminated (crash, stuck cancel, or `terminate()`). */
  gone: Promise<void>;
  dispose(): void;
}

let handle: Handle | null = null;
/** Settles when the previous run's worker call has finished (or its worker is gone). */
let previous: Promise<unknown> = Promise.resolve();

function spawn(): Handle {
  const worker = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'sim' });
  const api = Comlink.wrap<SimWorkerApi>(worker);
  let markGone!: () => void;
  let markCrashed!: (e: Error) => void;
  const gone = new Promise<void>((resolve) => (markGone = resolve));
  const crashed = new Promise<never>((_, reject) => (markCrashed = reject));
  crashed.catch(() => {}); // observed by whichever call is racing it; none may be
  const h: Handle = {
    worker,
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
    markCrashed(new SimWorkerError(`The simulation worker crashed (${detail}). The next run starts a fresh one.`));
    h.dispose();
  });
  worker.addEventListener('messageerror', () => {
    markCrashed(new SimWorkerError('The simulation worker sent a message that could not be read.'));
    h.dispose();
  });
  return h;
}

function current(): Handle {
  return (handle ??= spawn());
}

function abortError(): DOMException {
  return new DOMException('The simulation was cancelled.', 'AbortError');
}

/**
 * The one call path of every run (`run`, `runLab`, `runSweep`): waits for the previous run to wind down,
 * starts `invoke` on the current worker, and settles with its result, or rejects with an AbortError
 * DOMException when `signal` aborts (the worker is asked to cancel and terminated if it has not stopped
 * within CANCEL_GRACE_MS), or with a SimWorkerError when the worker crashes (the next call starts a fresh one).
 */
async function callWorker<R>(signal: AbortSignal | undefined, invoke: (api: Comlink.Remote<SimWorkerApi>) => Promise<R>): Promise<R> {
  if (signal?.aborted) throw abortError();
  await previous; // a cancelled run winds down (at most CANCEL_GRACE_MS) before the next one starts
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
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

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
    api.runLab(config, Comlink.proxy((p: LabProgress) => onProgress?.(p)), embedProxy(options.embed)),
  );
}

/** Runs a τ_max or λ sweep in the worker; progress counts steps over all values. Cancels and fails like `run`. */
export function runSweep(
  config: SweepConfig,
  options: { onProgress?: (p: SimProgress) => void; signal?: AbortSignal; embed?: EmbedTexts } = {},
): Promise<SweepResult> {
  const { onProgress } = options;
  return callWorker(options.signal, (api) =>
    api.runSweep(config, Comlink.proxy((p: SimProgress) => onProgress?.(p)), embedProxy(options.embed)),
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
    api.runAblation(config, features, Comlink.proxy((p: SimProgress) => onProgress?.(p)), embedProxy(options.embed)),
  );
}

/** A dataset world's models, prices and size (loads the dataset in the worker if needed). */
export async function datasetInfo(world: string): ReturnType<SimWorkerApi['datasetInfo']> {
  const h = current();
  return Promise.race([h.api.datasetInfo(world), h.crashed]);
}
