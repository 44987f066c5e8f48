/**
 * The embedding worker: transformers.js (feature-extraction, mean pooling, normalised) behind comlink, with
 * the IndexedDB cache in front. transformers.js and onnxruntime-web load only here, never on the main thread.
 * The main thread talks to it only through src/workers/embedBridge.ts.
 */

// First, before any other module runs: this worker's life lock (holdLifeLock.ts).
import './holdLifeLock';
import { env } from '@huggingface/transformers';
import * as Comlink from 'comlink';
import ortLoaderUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
// The ONNX Runtime wasm binary and its loader are served by the app itself (never a CDN): vite emits them as
// assets and these are their URLs. transformers.js 4.3 runs onnxruntime-web's asyncify build (WASM and WebGPU).
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { cacheKey, DEFAULT_BATCH_SIZE, EmbedCancelledError, embedCached, type VectorStore } from '../embed/cache';
import { EmbedLoadError } from '../embed/errors';
import { idbVectorStore } from '../embed/idbStore';
import { embedWith, type LoadedExtractor, loadExtractor } from '../embed/pipeline';
import { type EmbedBatchResult, type EmbedDevice, type EmbedProgress, type EmbedSettings, resolveDtype } from '../embed/types';
import { messageOf } from '../engine/messageOf';
import type { EmbedPortApi, EmbedPortEvent } from './embedPort';
import { progressPacer } from './progressPacer';

const onnxEnv = env.backends.onnx;
if (onnxEnv.wasm) {
  onnxEnv.wasm.wasmPaths = { wasm: new URL(ortWasmUrl, import.meta.url).href, mjs: new URL(ortLoaderUrl, import.meta.url).href };
  // Already in a worker: ORT's own proxy worker would only add a hop.
  onnxEnv.wasm.proxy = false;
  onnxEnv.wasm.numThreads = embedThreads();
}

/**
 * ORT's WASM threads: one per core (at most 4, where ORT's gains level off), when the page is cross-origin
 * isolated (vite.config.ts's headers), which threads need for SharedArrayBuffer; else 1.
 */
export function embedThreads(): number {
  return globalThis.crossOriginIsolated ? Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1)) : 1;
}

export interface EmbedCapabilities {
  /** The browser offers a WebGPU adapter (so `auto` runs WebGPU). */
  webgpu: boolean;
  /** ONNX Runtime's WASM threads (more than 1 only when the page is cross-origin isolated). */
  threads: number;
}

interface GpuLike {
  requestAdapter(): Promise<unknown>;
}

let adapterProbe: Promise<boolean> | null = null;
/** Whether a WebGPU adapter exists (asked once: the answer does not change within a worker's life). */
function hasWebGpu(): Promise<boolean> {
  adapterProbe ??= (async () => {
    const gpu = (navigator as unknown as { gpu?: GpuLike }).gpu;
    if (!gpu) return false;
    try {
      return (await gpu.requestAdapter()) != null;
    } catch {
      return false;
    }
  })();
  return adapterProbe;
}

async function chooseDevice(settings: EmbedSettings): Promise<EmbedDevice> {
  if (settings.device === 'wasm') return 'wasm';
  const webgpu = await hasWebGpu();
  if (settings.device === 'webgpu' && !webgpu) {
    throw new EmbedLoadError('WebGPU was chosen, but this browser offers no WebGPU adapter: choose Auto or WASM.');
  }
  return webgpu ? 'webgpu' : 'wasm';
}

/** The pipeline loaded last; a call with other settings replaces it. */
let loaded: LoadedExtractor | null = null;
let loading: { key: string; promise: Promise<LoadedExtractor> } | null = null;

function loadKey(settings: EmbedSettings, device: EmbedDevice, dtype: string): string {
  return JSON.stringify([settings.baseUrl.trim(), settings.model.trim(), device, dtype]);
}

async function extractorFor(settings: EmbedSettings, device: EmbedDevice, onProgress: (p: EmbedProgress) => void): Promise<LoadedExtractor> {
  const dtype = resolveDtype(device, settings.dtype);
  const key = loadKey(settings, device, dtype);
  if (loaded && loadKey(loaded.settings, loaded.device, loaded.dtype) === key) return loaded;
  if (loading?.key !== key) {
    const previous = loaded;
    loaded = null;
    void previous?.extractor.dispose().catch(() => {});
    const promise = loadExtractor(settings, device, dtype, onProgress);
    loading = { key, promise };
    promise.then(
      (l) => {
        if (loading?.promise === promise) {
          loaded = l;
          loading = null;
        }
      },
      () => {
        if (loading?.promise === promise) loading = null;
      },
    );
  }
  return loading.promise;
}

let store: VectorStore | null = null;
const vectors = () => (store ??= idbVectorStore());

/** An embedding asked for, by the main thread ('main') or over a connected port (its id). */
interface Job {
  owner: string;
  cancelled: boolean;
}

const jobs = new Set<Job>();
let queue: Promise<unknown> = Promise.resolve();

/**
 * One embedding at a time, in the order asked (the model, and the WebGPU device, are shared): callers on the
 * main thread and on ports wait their turn. A job cancelled while it waits never starts.
 */
function enqueue<R>(owner: string, work: (job: Job) => Promise<R>): Promise<R> {
  const job: Job = { owner, cancelled: false };
  jobs.add(job);
  const run = queue.then(() => {
    if (job.cancelled) throw new EmbedCancelledError();
    return work(job);
  });
  queue = run.catch(() => {});
  return run.finally(() => jobs.delete(job));
}

async function embedOn(
  texts: string[],
  settings: EmbedSettings,
  device: EmbedDevice,
  job: { cancelled: boolean },
  onProgress: (p: EmbedProgress) => void,
): Promise<EmbedBatchResult> {
  const dtype = resolveDtype(device, settings.dtype);
  let model: LoadedExtractor | null = null;
  const result = await embedCached(texts, {
    store: vectors(),
    keyOf: (text) => cacheKey(settings, dtype, device, text),
    batchSize: DEFAULT_BATCH_SIZE,
    cancelled: () => job.cancelled,
    onProgress,
    compute: async (batch) => {
      // Loaded only when something is missing: a fully cached call never downloads or starts the model.
      model ??= await extractorFor(settings, device, onProgress);
      if (job.cancelled) throw new EmbedCancelledError();
      return embedWith(model.extractor, batch);
    },
  });
  return { ...result, count: texts.length, device, dtype, model: settings.model };
}

/** Download events arrive per 64 kB chunk: pass on at most one per interval (phase changes always). */
const PROGRESS_INTERVAL_MS = 50;

function throttled(onProgress: (p: EmbedProgress) => void): (p: EmbedProgress) => void {
  const due = progressPacer(PROGRESS_INTERVAL_MS);
  let lastPhase = '';
  return (p) => {
    const final = p.phase === 'download' && p.loaded >= p.total;
    if (!due(p.phase !== lastPhase || final)) return;
    lastPhase = p.phase;
    void onProgress(p);
  };
}

/**
 * Embeds `texts` for `job` (cache first, the model for the rest, 32 per batch). With device `auto`, a WebGPU
 * start-up failure falls back to WASM. Rejects with a readable message (EmbedLoadError) when the model cannot load.
 */
async function embedJob(texts: string[], settings: EmbedSettings, job: Job, onProgress: (p: EmbedProgress) => void): Promise<EmbedBatchResult> {
  const progress = throttled(onProgress);
  const device = await chooseDevice(settings);
  try {
    return await embedOn(texts, settings, device, job, progress);
  } catch (error) {
    if (!(settings.device === 'auto' && device === 'webgpu' && error instanceof EmbedLoadError)) throw error;
    return embedOn(texts, settings, 'wasm', job, progress);
  }
}

export const api = {
  async capabilities(): Promise<EmbedCapabilities> {
    return { webgpu: await hasWebGpu(), threads: onnxEnv.wasm?.numThreads ?? 1 };
  },

  /** Embeds `texts` for the main thread (see embedJob); the vectors come back transferred. */
  async embed(texts: string[], settings: EmbedSettings, onProgress: (p: EmbedProgress) => void): Promise<EmbedBatchResult> {
    const result = await enqueue('main', (job) => embedJob(texts, settings, job, onProgress));
    return Comlink.transfer(result, [result.data.buffer]);
  },

  /**
   * Serves one embedding on `port` with `settings`, for another worker: the texts come from it and the vectors
   * go back to it directly (transferred), never through the main thread, which hears only `report`'s events.
   * `cancel(id)` stops it. The port is closed once its call has ended.
   */
  connect(id: string, port: MessagePort, settings: EmbedSettings, report: (event: EmbedPortEvent) => void): void {
    const served: EmbedPortApi = {
      embed: (texts) =>
        enqueue(id, async (job) => {
          const started = performance.now();
          try {
            const result = await embedJob(texts, settings, job, (progress) => void report({ type: 'progress', progress }));
            const { data: _data, ...summary } = result;
            void report({ type: 'done', summary, seconds: (performance.now() - started) / 1000 });
            return Comlink.transfer(result, [result.data.buffer]);
          } catch (error) {
            const cancelled = error instanceof EmbedCancelledError;
            void report({ type: 'failed', message: messageOf(error), cancelled });
            throw error;
          } finally {
            setTimeout(() => port.close(), 0); // after the answer has been posted
          }
        }),
    };
    Comlink.expose(served, port);
  },

  /** Forgets every cached vector (all models). */
  async clearCache(): Promise<void> {
    await vectors().clear();
  },

  /** Stops the embeddings of `owner` ('main': the main thread's calls; else a port's id): before their next batch. */
  cancel(owner = 'main'): void {
    for (const job of jobs) if (job.owner === owner) job.cancelled = true;
  },
};

export type EmbedWorkerApi = typeof api;

Comlink.expose(api);
