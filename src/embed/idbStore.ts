/**
 * The embedding cache in IndexedDB (idb-keyval, in its own database so it never meets other stores' keys).
 * Browser only: the worker uses it; Node tests use cache.ts's memoryStore.
 */
import { clear, createStore, getMany, setMany, type UseStore } from 'idb-keyval';
import type { CacheKey, VectorStore } from './cache';

const EMBED_DB_NAME = 'promptwise-embeddings';
const STORE_NAME = 'vectors';

export function idbVectorStore(): VectorStore {
  let store: UseStore | null = null;
  const db = () => (store ??= createStore(EMBED_DB_NAME, STORE_NAME));
  return {
    async getMany(keys: CacheKey[]) {
      const values = await getMany<Float32Array>(keys, db());
      return values.map((v) => (v instanceof Float32Array ? v : undefined));
    },
    setMany: (entries) => setMany(entries, db()),
    clear: () => clear(db()),
  };
}
