/**
 * The embedding cache in IndexedDB (idb-keyval, in its own database so it never meets other stores' keys).
 * Browser only: the worker uses it; Node tests use cache.ts's memoryStore.
 */
import { clear, getMany, setMany, type UseStore } from 'idb-keyval';
import { repairingStore } from '../data/idbStore';
import type { CacheKey, VectorStore } from './cache';

const EMBED_DB_NAME = 'promptwise-embeddings';
const STORE_NAME = 'vectors';

export function idbVectorStore(): VectorStore {
  let store: UseStore | null = null;
  const db = () => (store ??= repairingStore(EMBED_DB_NAME, STORE_NAME));
  return {
    // Unchecked here: embedCached checks each value, and counts what it drops.
    getMany: (keys: CacheKey[]) => getMany<unknown>(keys, db()),
    setMany: (entries) => setMany(entries, db()),
    clear: () => clear(db()),
  };
}
