/**
 * Imported datasets, kept in IndexedDB (idb-keyval, database `promptwise-imports`) so they survive reloads.
 * No DOM or React here: the sim worker reads an import itself (`getImport(id)` for the world `import:<id>`).
 *
 * Each import is two records: `meta:<id>` (name, size, models: what the list shows) and `data:<id>` (the whole
 * dataset), so listing the imports never loads their prompts, which can run to tens of MB.
 */
import { createStore, delMany, get, getMany, keys, setMany, type UseStore } from 'idb-keyval';
import { importId } from '../engine/import/id';
import type { ImportedDataset } from '../engine/import/importDataset';

export interface StoredImportMeta {
  id: string;
  name: string;
  rows: number;
  models: string[];
  /** Milliseconds since the epoch. */
  importedAt: number;
}

export type StoredImport = ImportedDataset & { id: string; importedAt: number };

const META = 'meta:';
const DATA = 'data:';

let store: UseStore | null = null;
/** Opened on first use, so importing this module (in the worker, in Node tests) touches no IndexedDB. */
function imports(): UseStore {
  store ??= createStore('promptwise-imports', 'imports');
  return store;
}

/** Stores a dataset; returns its id (the same data under the same name get the same id, replacing the old copy). */
export async function saveImport(d: ImportedDataset): Promise<string> {
  const id = importId(d);
  const importedAt = Date.now();
  const meta: StoredImportMeta = { id, name: d.name, rows: d.rows, models: [...d.models], importedAt };
  const record: StoredImport = { ...d, id, importedAt };
  // One transaction: a failed write leaves neither record behind.
  await setMany(
    [
      [DATA + id, record],
      [META + id, meta],
    ],
    imports(),
  );
  return id;
}

/** Every stored import, newest first. */
export async function listImports(): Promise<StoredImportMeta[]> {
  const metaKeys = (await keys(imports())).filter((k): k is string => typeof k === 'string' && k.startsWith(META));
  const metas = (await getMany<StoredImportMeta>(metaKeys, imports())).filter((m): m is StoredImportMeta => m !== undefined);
  return metas.sort((a, b) => b.importedAt - a.importedAt || a.name.localeCompare(b.name));
}

export async function getImport(id: string): Promise<StoredImport | undefined> {
  return get<StoredImport>(DATA + id, imports());
}

export async function deleteImport(id: string): Promise<void> {
  await delMany([META + id, DATA + id], imports());
}
