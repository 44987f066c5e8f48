/**
 * Where a lab run's world comes from, in the browser: a built-in name, a recorded dataset the server offers
 * (`data:<folder>`, files under /shared/data/, see vite/sharedFiles.ts) or the user's import (`import:<id>`,
 * IndexedDB, src/data/imports.ts). Sources are loaded once per worker and built worlds kept for reuse, so
 * moving λ does not re-parse a 15 MB file. Used by the workers only (no DOM beyond fetch and IndexedDB).
 */

import { getImport } from '../data/imports';
import { importedSource } from '../engine/import/world';
import { costModes, type DatasetChoice, type DatasetSource, datasetWorldOf, folderSource, promptTexts } from '../engine/lab/datasetSource';
import { messageOf } from '../engine/messageOf';
import type { World } from '../engine/types';
import { builtinWorld } from '../engine/worlds/builtins';
import { WorldFormatError } from '../engine/worlds/errors';

const DATA_PREFIX = 'data:';
const IMPORT_PREFIX = 'import:';

/** Where served dataset folders live (vite/sharedFiles.ts). Absolute: the app may sit at any path. */
const SERVED_DATA_URL = '/shared/data/';

/** Computes raw embeddings of texts, in order (the page's embedding worker, reached through comlink). */
/** A file of a served dataset folder. */
export const servedFileUrl = (folder: string, file: string): string => new URL(`${SERVED_DATA_URL}${encodeURIComponent(folder)}/${file}`, origin()).href;

export type EmbedTexts = (texts: string[]) => Promise<ArrayLike<number>[]>;

function isDatasetWorld(name: string): boolean {
  return name.startsWith(DATA_PREFIX) || name.startsWith(IMPORT_PREFIX);
}

/** The page's or worker's origin (typed without the DOM lib, which the Node-side typecheck lacks). */
function origin(): string {
  return (globalThis as unknown as { location: { origin: string } }).location.origin;
}

export async function fetchText(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new WorldFormatError('world', `cannot fetch ${url} (${messageOf(e)})`);
  }
  if (!response.ok) throw new WorldFormatError('world', `cannot fetch ${url} (HTTP ${response.status})`);
  return response.text();
}

async function loadSourceUncached(name: string): Promise<DatasetSource> {
  if (name.startsWith(DATA_PREFIX)) {
    const folder = name.slice(DATA_PREFIX.length);
    const [models, prompts] = await Promise.all([fetchText(servedFileUrl(folder, 'models.json')), fetchText(servedFileUrl(folder, 'prompts.jsonl'))]);
    return folderSource(folder, models, prompts);
  }
  const id = name.slice(IMPORT_PREFIX.length);
  let stored: Awaited<ReturnType<typeof getImport>>;
  try {
    stored = await getImport(id);
  } catch (e) {
    // A damaged record (imports.ts has marked it in the list) or a database that cannot be read: the world's problem.
    throw new WorldFormatError('world', messageOf(e));
  }
  if (!stored) throw new WorldFormatError('world', `no imported dataset "${id}" in this browser (it may have been deleted); import it again`);
  return importedSource(stored);
}

const sources = new Map<string, Promise<DatasetSource>>();

/** The dataset behind `data:…` or `import:…`, loaded once per worker (a failed load is retried next time). */
export function loadSource(name: string): Promise<DatasetSource> {
  let source = sources.get(name);
  if (!source) {
    source = loadSourceUncached(name);
    sources.set(name, source);
    source.catch(() => sources.delete(name));
  }
  return source;
}

/** The choice a dataset world runs with when the link names none: one-hot tasks, the first cost mode offered. */
function defaultChoice(source: DatasetSource): DatasetChoice {
  return { features: 'task-onehot', costs: costModes(source)[0] ?? 'prices' };
}

/** Built worlds, most recent last; a few are kept so flipping between featurizers does not rebuild them. */
const worlds = new Map<string, World>();
const KEEP_WORLDS = 4;

/**
 * The world a run names. Embedding features need `embed`, which is asked for every prompt's embedding
 * (the page's embedding cache answers those it has seen).
 */
export async function resolveWorld(config: { world: string; d?: number; dataset?: DatasetChoice }, embed?: EmbedTexts): Promise<World> {
  if (!isDatasetWorld(config.world)) return builtinWorld(config.world, { d: config.d });
  const source = await loadSource(config.world);
  const choice = config.dataset ?? defaultChoice(source);
  const key = JSON.stringify([config.world, choice]);
  const kept = worlds.get(key);
  if (kept) {
    worlds.delete(key);
    worlds.set(key, kept);
    return kept;
  }
  let embeddings: ArrayLike<number>[] | undefined;
  if (choice.features === 'embedding') {
    if (!embed) throw new WorldFormatError('features', 'embedding features need the embedding worker, which this page did not provide');
    embeddings = await embed(promptTexts(source));
  }
  const world = datasetWorldOf(source, choice, embeddings);
  worlds.set(key, world);
  while (worlds.size > KEEP_WORLDS) worlds.delete(worlds.keys().next().value!);
  return world;
}

/** The served dataset folders (empty when the server offers none). */
export async function servedDatasets(): Promise<string[]> {
  try {
    const response = await fetch(new URL(`${SERVED_DATA_URL}index.json`, origin()).href);
    if (!response.ok) return [];
    const index = (await response.json()) as { name?: unknown }[];
    return Array.isArray(index) ? index.map((d) => d.name).filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}
