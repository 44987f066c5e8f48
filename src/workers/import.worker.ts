/** The import worker: reads, previews, validates and stores the user's files (importApi.ts) off the page. */
import * as Comlink from 'comlink';
import { importFile, readSelection } from './importApi';
import { holdLifeLock } from './lifeLock';

// First: hold this worker's life lock, so that the page learns when it ends, however it ends (lifeLock.ts).
holdLifeLock();

const api = { readSelection, importFile };
export type ImportWorkerApi = typeof api;

Comlink.expose(api);
