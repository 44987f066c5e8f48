/**
 * Shared vocabulary of the embedding code: settings, devices, progress and results. Pure types and small pure
 * helpers, so the worker, the main thread and the Node tests agree on them without importing transformers.js.
 */
import { fmtCounted } from '../engine/lab/format';

/** What the user asked for: `auto` takes WebGPU when the browser offers an adapter, else WASM. */
export type DevicePreference = 'auto' | 'webgpu' | 'wasm';
/** Weights to load: `auto` is q8 (onnx/model_quantized.onnx) on WASM and fp32 (onnx/model.onnx) on WebGPU. */
export type DtypePreference = 'auto' | 'q8' | 'fp32';
/** The backend that actually runs: `cpu` is onnxruntime-node (Node only). */
export type EmbedDevice = 'webgpu' | 'wasm' | 'cpu';
export type EmbedDtype = 'q8' | 'fp32';

export interface EmbedSettings {
  /** A Hugging Face model id, or a folder name under `baseUrl` (e.g. `fixtures/tiny-random-bert`). */
  model: string;
  /**
   * Where the weights come from. Empty: the Hugging Face hub. A path (`/shared/models/`) or a folder (Node):
   * transformers.js's `env.localModelPath` with remote models off. An http(s) URL: a self-hosted mirror laid out
   * as `<base>/<model>/<file>`.
   */
  baseUrl: string;
  device: DevicePreference;
  dtype: DtypePreference;
}

const DEFAULT_MODEL = 'Xenova/all-MiniLM-L6-v2';

/**
 * A model id, as the embedding settings (read back from storage), the link's `embed=` and the panel's field take
 * one: one word of 1–300 characters, a Hugging Face id or a folder under the base URL. The one rule of the three.
 */
export const isModelId = (text: string): boolean => /^\S{1,300}$/.test(text);

export const DEFAULT_EMBED_SETTINGS: EmbedSettings = {
  model: DEFAULT_MODEL,
  baseUrl: '',
  device: 'auto',
  dtype: 'auto',
};

/** The dtype a device runs unless the user chose one: WebGPU has no int8 matmul kernels worth using. */
export function resolveDtype(device: EmbedDevice, preference: DtypePreference): EmbedDtype {
  if (preference !== 'auto') return preference;
  return device === 'webgpu' ? 'fp32' : 'q8';
}

/** The Hugging Face hub: the weights' source when no base URL is given. */
const HUB_URL = 'https://huggingface.co/';

/**
 * Where a base URL sends the weight requests, and the one host it contacts:
 *  - `hub`: empty, the Hugging Face hub;
 *  - `remote`: an http(s) URL, a mirror on that host;
 *  - `site`: a path, on the site that serves the lab (a folder in Node);
 *  - `refused`: anything else. `javascript:`, `data:` and other schemes are not weight servers, and `//host/`
 *    (also written `/\host/` or with a tab, which the URL parser reads the same way) looks like a path while it
 *    fetches from another host.
 */
export type WeightsSource =
  | { kind: 'hub'; url: string; host: string }
  | { kind: 'remote'; url: string; host: string }
  | { kind: 'site'; path: string }
  | { kind: 'refused'; problem: string };

export function weightsSource(baseUrl: string): WeightsSource {
  const base = baseUrl.trim();
  if (base === '') return { kind: 'hub', url: HUB_URL, host: new URL(HUB_URL).host };
  if (/^https?:\/\//i.test(base)) {
    try {
      const url = new URL(base);
      return { kind: 'remote', url: url.href, host: url.host };
    } catch {
      return { kind: 'refused', problem: `${JSON.stringify(base.slice(0, 80))} is not a valid URL` };
    }
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(base);
  // A Windows drive letter (C:\models) is a Node folder, not a scheme.
  if (scheme && scheme[1].length > 1) {
    return { kind: 'refused', problem: `only http(s) URLs and paths on this site can serve the weights (got a ${scheme[1].toLowerCase()}: address)` };
  }
  if (/^[/\\]{2}/.test(base.replace(/[\t\n\r]/g, ''))) {
    return { kind: 'refused', problem: `${JSON.stringify(base.slice(0, 80))} would fetch from another host; write https://host/… to mean one` };
  }
  return { kind: 'site', path: base };
}

/** Where the weights are read from, for messages: the hub, the base URL, or the path on this site. */
export function sourceLabel(settings: Pick<EmbedSettings, 'baseUrl'>): string {
  const source = weightsSource(settings.baseUrl);
  switch (source.kind) {
    case 'hub':
    case 'remote':
      return source.url;
    case 'site':
      return source.path;
    case 'refused':
      return JSON.stringify(settings.baseUrl.trim().slice(0, 80));
  }
}

/**
 * Progress of one embed call, in the order it happens: looking the texts up in the cache, downloading the
 * model files (bytes over all files), starting the model (creating the ONNX session), computing the
 * missing vectors (texts done of those not cached).
 */
export type EmbedProgress =
  | { phase: 'cache'; total: number }
  | { phase: 'download'; loaded: number; total: number }
  | { phase: 'startup' }
  | { phase: 'embedding'; done: number; total: number };

/** 0–1 for a progress bar, or null when the phase has no measurable fraction (an indeterminate bar). */
export function progressFraction(p: EmbedProgress): number | null {
  switch (p.phase) {
    case 'download':
      return p.total > 0 ? Math.min(1, p.loaded / p.total) : null;
    case 'embedding':
      return p.total > 0 ? p.done / p.total : 1;
    default:
      return null;
  }
}

/** One sentence for the progress bar's label. */
export function progressLabel(p: EmbedProgress): string {
  switch (p.phase) {
    case 'cache':
      return `Looking up ${fmtCounted(p.total, 'text')} in the cache…`;
    case 'download': {
      const mb = (n: number) => (n / 1e6).toFixed(1);
      return p.total > 0 ? `Downloading the model: ${mb(p.loaded)} of ${mb(p.total)} MB` : 'Downloading the model…';
    }
    case 'startup':
      return 'Starting the model…';
    case 'embedding':
      return `Embedding: ${p.done} of ${p.total}`;
  }
}

/** What one embed call produced: row-major vectors, how many came from the cache, and what ran. */
export interface EmbedBatchResult {
  /** n × dims values, row i at [i·dims, (i+1)·dims). */
  data: Float32Array;
  dims: number;
  count: number;
  cached: number;
  computed: number;
  /** Cached records that were not usable vectors: dropped, computed again (cache.ts). */
  dropped: number;
  /** The backend that computed the vectors (those from the cache were computed on it earlier). */
  device: EmbedDevice;
  dtype: EmbedDtype;
  model: string;
}

/** Rows of a flat result as views on its buffer (no copy). */
export function rowsOf(result: Pick<EmbedBatchResult, 'data' | 'dims' | 'count'>): Float32Array[] {
  const rows: Float32Array[] = [];
  for (let i = 0; i < result.count; i++) rows.push(result.data.subarray(i * result.dims, (i + 1) * result.dims));
  return rows;
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb);
}
