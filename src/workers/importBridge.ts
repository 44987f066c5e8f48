/**
 * The page's way to the import worker (import.worker.ts): one worker, started on first use and released when
 * idle; a crash becomes a refused import with the crash's message. Where there is no Worker (Node: the
 * import store's tests), the same functions run in this thread.
 */
import * as Comlink from 'comlink';
import { messageOf } from '../engine/messageOf';
import type { ImportWorkerApi } from './import.worker';
import type { ImportChoices, ImportOutcome, PickedFile, SavedImport, Selection } from './importApi';
import { workerPool } from './workerPool';

const pool = workerPool<ImportWorkerApi>({
  make: (name) => new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name }),
  label: 'import worker',
  afterEnd: 'The next import starts a fresh one.',
  releaseWhenIdle: true,
});

const inThread = typeof Worker === 'undefined';

/** A crashed worker is a refused import, in the import's own shape. */
async function call<T>(invoke: (api: Comlink.Remote<ImportWorkerApi>) => Promise<ImportOutcome<T>>): Promise<ImportOutcome<T>> {
  try {
    return await pool.call(invoke);
  } catch (e) {
    return { ok: false, problem: { message: messageOf(e) } };
  }
}

export async function readSelection(files: readonly PickedFile[]): Promise<ImportOutcome<Selection>> {
  if (inThread) return (await import('./importApi')).readSelection(files);
  // Files go as they are: a File crosses to the worker as a handle, its bytes are read there.
  return call((api) => api.readSelection(files as File[]));
}

export async function importFile(
  file: PickedFile,
  choices: ImportChoices,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportOutcome<SavedImport>> {
  if (inThread) return (await import('./importApi')).importFile(file, choices, onProgress);
  return call((api) => api.importFile(file as File, choices, onProgress ? Comlink.proxy(onProgress) : undefined));
}
