/**
 * Imported datasets, kept in IndexedDB (idb-keyval, database `promptwise-imports`) so they survive reloads.
 * No DOM or React here: the sim worker reads an import itself (`getImport(id)` for the world `import:<id>`).
 *
 * Each import is two records: `meta:<id>` (name, size, models: what the list shows) and `data:<id>` (the whole
 * dataset), so listing the imports never loads their prompts, which can run to tens of MB. Every record is checked
 * as it is read (issue 42, item 4): a listing record that is not one is left out and reported; a dataset record that
 * is not one marks its import damaged, so that the list says so and offers to delete it.
 *
 * The page, the workers and other tabs hear of changes on one BroadcastChannel (`onImportsChanged`): an import
 * saved, deleted or found damaged anywhere refreshes every list.
 */
import { delMany, getMany, keys, set, setMany, type UseStore } from 'idb-keyval';
import { importId } from '../engine/import/id';
import type { ImportedDataset } from '../engine/import/importDataset';
import { messageOf } from '../engine/messageOf';
import { once } from '../engine/once';
import { MAX_IMPORT_PRICE } from '../engine/params';
import { show } from '../engine/worlds/errors';
import { MAX_ARMS } from '../engine/worlds/limits';
import { z } from '../engine/zod';
import { repairingStore } from './idbStore';

export interface StoredImportMeta {
  id: string;
  name: string;
  rows: number;
  models: string[];
  /** Milliseconds since the epoch. */
  importedAt: number;
  /** Set when the dataset record was found unreadable: what is wrong with it. The import can only be deleted. */
  damaged?: string;
}

/** What happened to the stored imports, as every page, worker and tab hears it. */
export type ImportsEvent = { kind: 'changed' } | { kind: 'repaired' };

const CHANNEL = 'promptwise-imports';
const listeners = new Set<(e: ImportsEvent) => void>();
let channel: BroadcastChannel | null = null;
function broadcast(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    // In Node (the store's tests) an open channel would keep the process alive.
    (channel as { unref?: () => void }).unref?.();
    channel.onmessage = (m: MessageEvent<ImportsEvent>) => {
      for (const l of listeners) l(m.data);
    };
  }
  return channel;
}

/** Tells this context's listeners and every other context's (a channel does not echo to its sender). */
function announce(event: ImportsEvent): void {
  for (const l of listeners) l(event);
  broadcast()?.postMessage(event);
}

/** Hears every change to the stored imports, made here, in a worker or in another tab; returns the unsubscribe. */
export function onImportsChanged(listener: (e: ImportsEvent) => void): () => void {
  broadcast();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type StoredImport = ImportedDataset & { id: string; importedAt: number };

const META = 'meta:';
const DATA = 'data:';

let store: UseStore | null = null;
/** Opened on first use, so importing this module (in the worker, in Node tests) touches no IndexedDB. */
function imports(): UseStore {
  // A database found without its object store is rebuilt, empty (idbStore.ts), and every page says so.
  store ??= repairingStore('promptwise-imports', 'imports', () => announce({ kind: 'repaired' }));
  return store;
}

/**
 * The browser's refusal to store, in words: a full disk is "Failed to write blobs (IOError)" in Chromium, a quota
 * QuotaExceededError; neither says what to do.
 */
function storageError(e: unknown): Error {
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  if (name === 'QuotaExceededError' || /IOError|Failed to write|quota|disk/i.test(messageOf(e))) {
    return new Error(
      "the browser could not store the dataset: this site's storage is full (the disk, or the share of it the browser allows this site). Free disk space or delete imports you no longer need, then import again",
    );
  }
  return new Error(`the browser could not store the dataset (${messageOf(e)})`);
}

/** Stores a dataset; returns its id (the same data under the same name get the same id, replacing the old copy). */
export async function saveImport(d: ImportedDataset): Promise<string> {
  const id = importId(d);
  const importedAt = Date.now();
  const meta: StoredImportMeta = { id, name: d.name, rows: d.rows, models: [...d.models], importedAt };
  const record: StoredImport = { ...d, id, importedAt };
  // One transaction: a failed write leaves neither record behind.
  try {
    await setMany(
      [
        [DATA + id, record],
        [META + id, meta],
      ],
      imports(),
    );
  } catch (e) {
    throw storageError(e);
  }
  announce({ kind: 'changed' });
  return id;
}

/** What a listing record must hold: anything else in the store (an older format, a hand edit) is left out. */
const metaSchema = once(() =>
  z.object({
    id: z.string().min(1),
    name: z.string(),
    rows: z.number().int().nonnegative(),
    models: z.array(z.string()),
    importedAt: z.number().finite(),
    damaged: z.string().optional(),
  }),
);

/** What a dataset record must hold for the engine to build its world (the prompts' lines are checked as they are read). */
const dataSchema = once(() =>
  z.looseObject({
    id: z.string(),
    name: z.string().min(1),
    models: z.array(z.string().min(1)).min(1).max(MAX_ARMS),
    costs: z.union([z.array(z.number().positive().max(MAX_IMPORT_PRICE)), z.object({ per_prompt: z.string().min(1) })]),
    promptsJsonl: z.string(),
    rows: z.number().int().nonnegative(),
    tasks: z.array(z.string()),
  }),
);

/**
 * Every stored import that can be read, newest first, and the keys of the listing records that cannot (they
 * are left out, never in the way of the others).
 */
export async function listImports(): Promise<{ imports: StoredImportMeta[]; unreadable: string[] }> {
  const metaKeys = (await keys(imports())).filter((k): k is string => typeof k === 'string' && k.startsWith(META));
  const records = await getMany<unknown>(metaKeys, imports());
  const metas: StoredImportMeta[] = [];
  const unreadable: string[] = [];
  records.forEach((record, i) => {
    const parsed = metaSchema().safeParse(record);
    if (parsed.success && META + parsed.data.id === metaKeys[i]) metas.push(parsed.data);
    else unreadable.push(metaKeys[i]);
  });
  metas.sort((a, b) => b.importedAt - a.importedAt || a.name.localeCompare(b.name));
  return { imports: metas, unreadable };
}

/**
 * The dataset of import `id`, checked; undefined when there is none. A record that is not a dataset (a string, a
 * missing field, costs that do not match the models) marks the import damaged in its listing record and throws
 * a DamagedImportError naming the import and what is wrong.
 */
export async function getImport(id: string): Promise<StoredImport | undefined> {
  const [record, meta] = await getMany<unknown>([DATA + id, META + id], imports());
  if (record === undefined) return undefined;
  const parsed = dataSchema().safeParse(record, { reportInput: true });
  const problem = !parsed.success ? recordProblem(parsed.error.issues[0]) : pricesProblem(parsed.data);
  if (problem === null) return record as StoredImport;
  const listed = metaSchema().safeParse(meta);
  const name = listed.success ? listed.data.name : id;
  if (listed.success && listed.data.damaged !== problem) {
    await set(META + id, { ...listed.data, damaged: problem }, imports());
    announce({ kind: 'changed' });
  }
  throw new DamagedImportError(name, problem);
}

/** Set prices must be one per model (a per-prompt cost field has none to count). */
function pricesProblem({ costs, models }: { costs: number[] | { per_prompt: string }; models: string[] }): string | null {
  return Array.isArray(costs) && costs.length !== models.length ? `${costs.length} prices for ${models.length} models` : null;
}

/** `its field "models" is not what it should be (got "x")`: where a stored record went wrong, in words. */
function recordProblem(issue: z.core.$ZodIssue): string {
  const at = issue.path.length > 0 ? `its field ${show(issue.path.join('.'))}` : 'the record';
  const input = (issue as { input?: unknown }).input;
  return `${at} is not what an import holds${input === undefined ? ' (missing)' : ` (got ${show(input)})`}`;
}

class DamagedImportError extends Error {
  override readonly name = 'DamagedImportError';
  constructor(
    importName: string,
    readonly problem: string,
  ) {
    super(`the stored import ${show(importName)} is damaged: ${problem}. Delete it from the list of imports and import its file again`);
  }
}

export async function deleteImport(id: string): Promise<void> {
  await delMany([META + id, DATA + id], imports());
  announce({ kind: 'changed' });
}
