/**
 * Embeddings with a cache in front: look every text up, compute only the missing ones (each distinct text
 * once), in batches, and store what was computed. The store is an interface so that the same logic runs over
 * IndexedDB in the browser (idbStore.ts) and over a Map in the Node tests.
 */
import type { EmbedDevice, EmbedDtype, EmbedProgress, EmbedSettings } from './types';

/**
 * One vector's key: where the weights came from, the model, the dtype, the device and the text. An array is
 * a valid IndexedDB key and compares exactly, so no hash (and no collision) is needed. The device is part of
 * it because WebGPU and WASM differ in the last bits, and so that a WebGPU-vs-WASM comparison computes both.
 */
export type CacheKey = [base: string, model: string, dtype: EmbedDtype, device: EmbedDevice, text: string];

export function cacheKey(settings: Pick<EmbedSettings, 'baseUrl' | 'model'>, dtype: EmbedDtype, device: EmbedDevice, text: string): CacheKey {
  return [settings.baseUrl.trim() === '' ? 'hub' : settings.baseUrl.trim(), settings.model, dtype, device, text];
}

export interface VectorStore {
  getMany(keys: CacheKey[]): Promise<(Float32Array | undefined)[]>;
  setMany(entries: [CacheKey, Float32Array][]): Promise<void>;
  clear(): Promise<void>;
}

/** A VectorStore in memory (Node tests, or a browser without IndexedDB). */
export function memoryStore(): VectorStore & { size(): number } {
  const map = new Map<string, Float32Array>();
  const id = (key: CacheKey) => JSON.stringify(key);
  return {
    async getMany(keys) {
      return keys.map((k) => map.get(id(k)));
    },
    async setMany(entries) {
      for (const [k, v] of entries) map.set(id(k), v);
    },
    async clear() {
      map.clear();
    },
    size: () => map.size,
  };
}

export class EmbedCancelledError extends Error {
  override name = 'AbortError';
  constructor() {
    super('The embedding was cancelled.');
  }
}

export interface CachedEmbedOptions {
  store: VectorStore;
  keyOf: (text: string) => CacheKey;
  /** Computes vectors for texts not in the cache, row-major. Called only when something is missing. */
  compute: (texts: string[]) => Promise<{ data: Float32Array; dims: number }>;
  /** Texts per `compute` call (and per cache write, so a long job keeps what it finished). */
  batchSize?: number;
  onProgress?: (p: EmbedProgress) => void;
  /** Checked between batches: true stops with an EmbedCancelledError. */
  cancelled?: () => boolean;
}

export interface CachedEmbedResult {
  data: Float32Array;
  dims: number;
  /** Texts served from the cache (duplicates of a cached text count each time). */
  cached: number;
  /** Distinct texts the model computed. */
  computed: number;
}

export const DEFAULT_BATCH_SIZE = 32;

export async function embedCached(texts: string[], options: CachedEmbedOptions): Promise<CachedEmbedResult> {
  const { store, keyOf, compute, batchSize = DEFAULT_BATCH_SIZE, onProgress, cancelled } = options;
  onProgress?.({ phase: 'cache', total: texts.length });
  const found = texts.length === 0 ? [] : await store.getMany(texts.map(keyOf));

  const vectorOf = new Map<string, Float32Array>();
  texts.forEach((t, i) => {
    const v = found[i];
    if (v) vectorOf.set(t, v);
  });
  // Shortest first: a batch is padded to its longest text, so batching texts of similar length wastes
  // little compute on padding (mean pooling ignores padded positions, so the vectors do not change).
  const missing = [...new Set(texts.filter((t) => !vectorOf.has(t)))].sort((a, b) => a.length - b.length);
  const cached = texts.filter((t) => vectorOf.has(t)).length;

  if (missing.length > 0) onProgress?.({ phase: 'embedding', done: 0, total: missing.length });
  for (let start = 0; start < missing.length; start += batchSize) {
    if (cancelled?.()) throw new EmbedCancelledError();
    const batch = missing.slice(start, start + batchSize);
    const { data, dims } = await compute(batch);
    const entries: [CacheKey, Float32Array][] = batch.map((t, i) => {
      // A copy per row: a view would keep the whole batch's buffer alive in the cache and in IndexedDB.
      const row = data.slice(i * dims, (i + 1) * dims);
      vectorOf.set(t, row);
      return [keyOf(t), row];
    });
    await store.setMany(entries);
    onProgress?.({ phase: 'embedding', done: Math.min(missing.length, start + batch.length), total: missing.length });
  }

  const dims = texts.length === 0 ? 0 : vectorOf.get(texts[0])!.length;
  const out = new Float32Array(texts.length * dims);
  texts.forEach((t, i) => {
    const v = vectorOf.get(t)!;
    if (v.length !== dims) throw new Error(`cached vectors disagree on their dimension (${v.length} and ${dims}): clear the embedding cache`);
    out.set(v, i * dims);
  });
  return { data: out, dims, cached, computed: missing.length };
}
