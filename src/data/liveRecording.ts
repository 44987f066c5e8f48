/**
 * The lab's live-run recording in IndexedDB (idb-keyval, database `promptwise-live`): one record for the run
 * (`run`: its request and header, never a key) and one per finished query (`q:<recordKey>`), written by the live
 * worker as each query ends. The page reads what is stored (to offer "Resume") and discards it without starting a
 * worker. No DOM beyond IndexedDB: used by the page and the live worker.
 */
import { clear, entries, get, keys, set } from 'idb-keyval';
import { type QueryRecord, recordKey } from '../engine/live/loop';
import type { LiveFeatures } from '../engine/live/prompts';
import type { RecordingHeader } from '../engine/live/recording';
import type { LiveSettings } from '../engine/live/session';
import { repairingStore } from './idbStore';

/** What the page asks a run for: the session's settings (models without keys) and where the prompts come from. */
export interface LiveRequest {
  settings: LiveSettings;
  /** A dataset served with the lab (`data:<folder>`) or imported in this browser (`import:<id>`). */
  dataset: string;
  limit: number;
  features: LiveFeatures;
}

/** The stored run: its request and header, and how many queries it has. */
export interface StoredLiveRun {
  request: LiveRequest;
  header: RecordingHeader;
  queries: number;
}

const store = repairingStore('promptwise-live', 'recording');
const RUN = 'run';
const QUERY = 'q:';

type RunRecord = { request: LiveRequest; header: RecordingHeader };

/** The stored run, counted without reading its queries (the page's "Resume" offer), or null. */
export async function storedRun(): Promise<StoredLiveRun | null> {
  const run = await get<RunRecord>(RUN, store);
  if (!run) return null;
  const queries = (await keys(store)).filter((k) => String(k).startsWith(QUERY)).length;
  return { ...run, queries };
}

/** The stored run with its queries by recordKey (a resumed run replays them), or null. */
export async function readRun(): Promise<(RunRecord & { queries: Map<string, QueryRecord> }) | null> {
  const run = await get<RunRecord>(RUN, store);
  if (!run) return null;
  const queries = new Map<string, QueryRecord>();
  for (const [key, value] of await entries<string, QueryRecord>(store)) {
    if (String(key).startsWith(QUERY)) queries.set(String(key).slice(QUERY.length), value);
  }
  return { ...run, queries };
}

export const startRun = (run: RunRecord): Promise<void> => set(RUN, run, store);

/** One finished query, stored before the learner goes on. */
export const storeQuery = (q: QueryRecord): Promise<void> => set(QUERY + recordKey(q.promptId, q.model, q.k), q, store);

export const discardRun = (): Promise<void> => clear(store);
