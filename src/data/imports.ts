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
import { once } from '../engine/once';
import { z } from '../engine/zod';

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

/** What a listing record must hold: anything else in the store (an older format, a hand edit) is left out. */
const metaSchema = once(() =>
  z.object({
    id: z.string().min(1),
    name: z.string(),
    rows: z.number().int().nonnegative(),
    models: z.array(z.string()),
    importedAt: z.number().finite(),
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

export async function getImport(id: string): Promise<StoredImport | undefined> {
  return get<StoredImport>(DATA + id, imports());
}

export async function deleteImport(id: string): Promise<void> {
  await delMany([META + id, DATA + id], imports());
}
