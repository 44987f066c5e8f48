/** The import worker: reads, previews, validates and stores the user's files (importApi.ts) off the page. */
// First, before any other module runs: this worker's life lock (holdLifeLock.ts).
import './holdLifeLock';
import * as Comlink from 'comlink';
import { importFile, readSelection } from './importApi';

const api = { readSelection, importFile };
export type ImportWorkerApi = typeof api;

Comlink.expose(api);
