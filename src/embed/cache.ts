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
  /** What is stored under each key, unchecked (undefined: nothing): embedCached checks each value as it reads it. */
  getMany(keys: CacheKey[]): Promise<unknown[]>;
  setMany(entries: [CacheKey, Float32Array][]): Promise<void>;
  clear(): Promise<void>;
}

/** A VectorStore in memory (Node tests, or a browser without IndexedDB); `put` stores any value, as a damaged disk might. */
export function memoryStore(): VectorStore & { size(): number; put(key: CacheKey, value: unknown): void } {
  const map = new Map<string, unknown>();
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
    put: (key, value) => map.set(id(key), value),
  };
}

/**
 * The fewest numbers a cached embedding may have. A sentence embedding has hundreds (the test fixture 32); one number,
 * scaled into the unit ball, is ±1 and says nothing of the text, and a 1-element record broke the run's PCA.
 */
const MIN_EMBEDDING_DIMS = 2;

/** A cached value the run can use: a Float32Array of at least MIN_EMBEDDING_DIMS finite numbers. */
function usableVector(value: unknown): value is Float32Array {
  return value instanceof Float32Array && value.length >= MIN_EMBEDDING_DIMS && value.every(Number.isFinite);
}

/** The most common length among `vectors` (the first of the most common, in order), or null for none. */
function commonLength(vectors: Iterable<Float32Array>): number | null {
  const counts = new Map<number, number>();
  let best: number | null = null;
  for (const v of vectors) {
    const n = (counts.get(v.length) ?? 0) + 1;
    counts.set(v.length, n);
    if (best === null || n > counts.get(best)!) best = v.length;
  }
  return best;
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
  /**
   * Distinct texts whose cached record was not a usable vector (NaN, too short, another length than the rest, not
   * a vector at all): dropped, computed again and stored over the bad record (issue 42, item 4).
   */
  dropped: number;
}

export const DEFAULT_BATCH_SIZE = 32;

export async function embedCached(texts: string[], options: CachedEmbedOptions): Promise<CachedEmbedResult> {
  const { store, keyOf, compute, batchSize = DEFAULT_BATCH_SIZE, onProgress, cancelled } = options;
  onProgress?.({ phase: 'cache', total: texts.length });
  const found = texts.length === 0 ? [] : await store.getMany(texts.map(keyOf));

  // Every record is checked as it is read: what is not a usable vector is dropped and computed again.
  const vectorOf = new Map<string, Float32Array>();
  const droppedTexts = new Set<string>();
  texts.forEach((t, i) => {
    const v = found[i];
    if (usableVector(v)) vectorOf.set(t, v);
    else if (v !== undefined) droppedTexts.add(t);
  });
  // Shortest first: a batch is padded to its longest text, so batching texts of similar length wastes
  // little compute on padding (mean pooling ignores padded positions, so the vectors do not change).
  const missing = () => [...new Set(texts.filter((t) => !vectorOf.has(t)))].sort((a, b) => a.length - b.length);
  let computed = 0;
  /** Computes `batchTexts` and stores them; the model's vector length, or null when there was nothing to compute. */
  const computeAll = async (batchTexts: string[]): Promise<number | null> => {
    let dims: number | null = null;
    if (batchTexts.length > 0) onProgress?.({ phase: 'embedding', done: 0, total: batchTexts.length });
    for (let start = 0; start < batchTexts.length; start += batchSize) {
      if (cancelled?.()) throw new EmbedCancelledError();
      const batch = batchTexts.slice(start, start + batchSize);
      const result = await compute(batch);
      dims = result.dims;
      const entries: [CacheKey, Float32Array][] = batch.map((t, i) => {
        // A copy per row: a view would keep the whole batch's buffer alive in the cache and in IndexedDB.
        const row = result.data.slice(i * result.dims, (i + 1) * result.dims);
        vectorOf.set(t, row);
        return [keyOf(t), row];
      });
      await store.setMany(entries);
      computed += batch.length;
      onProgress?.({ phase: 'embedding', done: Math.min(batchTexts.length, start + batch.length), total: batchTexts.length });
    }
    return dims;
  };

  // Vectors of one model have one length: the model's, when it ran, else the most common among the records. A
  // cached record of another length is damaged too, and computed again. (Records all rewritten to one wrong
  // length, with nothing to compute, cannot be told from the model's own: its weights are not loaded for them.)
  const cachedVectors = new Map(vectorOf);
  const dimsOfModel = (await computeAll(missing())) ?? commonLength(cachedVectors.values());
  for (const [t, v] of cachedVectors) {
    if (v.length !== dimsOfModel) {
      vectorOf.delete(t);
      droppedTexts.add(t);
    }
  }
  await computeAll(missing());

  const dims = texts.length === 0 ? 0 : vectorOf.get(texts[0])!.length;
  const out = new Float32Array(texts.length * dims);
  texts.forEach((t, i) => {
    out.set(vectorOf.get(t)!, i * dims);
  });
  const cached = texts.filter((t, i) => found[i] !== undefined && !droppedTexts.has(t)).length;
  return { data: out, dims, cached, computed, dropped: droppedTexts.size };
}
