/**
 * Embeddings on the main thread: the user's settings (model, weights base URL, device, dtype; persisted in
 * localStorage), what the embedding worker is doing (idle, loading with progress, ready on a device, error
 * with a readable message), and `embedAll`, the one call the rest of the app uses to embed texts.
 *
 * transformers.js never loads here: everything heavy happens in src/workers/embed.worker.ts.
 */

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  DEFAULT_EMBED_SETTINGS,
  type EmbedBatchResult,
  type EmbedDevice,
  type EmbedDtype,
  type EmbedProgress,
  type EmbedSettings,
  isModelId,
  rowsOf,
  weightsSource,
} from '../embed/types';
import { isAbortError, messageOf } from '../engine/messageOf';
import { once } from '../engine/once';
import { z } from '../engine/zod';
import { clearEmbeddingCache, type EmbedPortLink, embedCapabilities, embedInWorker, openEmbedPort as openPortInWorker } from '../workers/embedBridge';
import { useParams } from './params';
import { readStoredFields } from './storedFields';

type EmbedStatus =
  | { kind: 'idle' }
  | { kind: 'loading'; progress: EmbedProgress | null }
  | { kind: 'ready'; device: EmbedDevice; dtype: EmbedDtype }
  | { kind: 'error'; message: string };

/** The last call's figures, for the panel (and the tests that read it). */
interface EmbedReport {
  model: string;
  count: number;
  dims: number;
  cached: number;
  computed: number;
  /** Cached records that were not usable vectors, dropped and computed again (embed/cache.ts). */
  dropped: number;
  device: EmbedDevice;
  dtype: EmbedDtype;
  seconds: number;
}

/** The panel's test sentences and their vectors (small: shown, and read back by the browser tests). */
interface EmbedTestResult {
  texts: string[];
  vectors: number[][];
}

export interface EmbedState {
  settings: EmbedSettings;
  status: EmbedStatus;
  lastReport: EmbedReport | null;
  lastTest: EmbedTestResult | null;
  /** Whether the browser offers a WebGPU adapter; null until asked. */
  webgpuAvailable: boolean | null;
  /** ONNX Runtime's WASM threads in the worker (1 unless the page is cross-origin isolated); null until asked. */
  wasmThreads: number | null;
  /** Counts `embedAll` calls: the panel shows it, so a test can tell this call's outcome from the last one's. */
  calls: number;
  setSettings(patch: Partial<EmbedSettings>): void;
  resetSettings(): void;
}

const EMBED_STORAGE_KEY = 'promptwise-embeddings';

/** Built when settings are first read back (engine/once.ts), not while the page boots. */
const settingSchemas = once((): { [K in keyof EmbedSettings]: z.ZodType<EmbedSettings[K]> } => ({
  model: z.string().trim().refine(isModelId),
  baseUrl: z
    .string()
    .max(2000)
    .refine((base) => weightsSource(base).kind !== 'refused'),
  device: z.enum(['auto', 'webgpu', 'wasm']),
  dtype: z.enum(['auto', 'q8', 'fp32']),
}));

/**
 * Embedding settings read back from storage, field by field (storedFields.ts): a valid field is kept, a missing one
 * takes its default, and one that is present but invalid takes its default and is named in `dropped`.
 */
export function settingsFrom(stored: unknown): { settings: EmbedSettings; dropped: string[] } {
  const { values, unreadable } = readStoredFields(stored, settingSchemas);
  const dropped: string[] = unreadable;
  if (stored !== undefined && (typeof stored !== 'object' || stored === null)) dropped.push('settings');
  return { settings: { ...DEFAULT_EMBED_SETTINGS, ...values }, dropped };
}

export const useEmbed = create<EmbedState>()(
  persist(
    (set) => ({
      settings: DEFAULT_EMBED_SETTINGS,
      status: { kind: 'idle' },
      lastReport: null,
      lastTest: null,
      webgpuAvailable: null,
      wasmThreads: null,
      calls: 0,
      // New settings make the last status stale (a new model has not been loaded yet).
      setSettings: (patch) => set((s) => ({ settings: { ...s.settings, ...patch }, status: { kind: 'idle' } })),
      resetSettings: () => set({ settings: DEFAULT_EMBED_SETTINGS, status: { kind: 'idle' } }),
    }),
    {
      name: EMBED_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ settings: s.settings }),
      // What localStorage gives back is checked field by field: a missing field (an older version) or one that
      // is not what the settings take (hand-edited, corrupted) gets its default, with a notice for the latter.
      merge: (stored, current) => {
        const { settings, dropped } = settingsFrom((stored as { settings?: unknown } | undefined)?.settings);
        if (dropped.length > 0) {
          useParams
            .getState()
            .addNotices([
              { field: 'embedding settings', text: `The saved embedding settings had an unreadable ${dropped.join(', ')}; using the default for it` },
            ]);
        }
        return { ...current, settings };
      },
    },
  ),
);

/**
 * The embedding model is one setting with two homes: the embedding settings (what the embedding worker loads) and
 * the lab's parameters (what a link carries, `embed=`). Each follows the other: a link that names a model sets it
 * for the embeddings, and a model chosen in the panel goes into the link. At load, a model the parameters name (a
 * link, saved settings) wins; else the saved embedding setting does.
 */
function linkEmbedModel(): void {
  const named = useParams.getState().params.embed;
  const chosen = useEmbed.getState().settings.model;
  if (named !== DEFAULT_EMBED_SETTINGS.model && named !== chosen) useEmbed.getState().setSettings({ model: named });
  else if (chosen !== named) useParams.getState().set({ embed: chosen });
  useParams.subscribe((s, prev) => {
    const model = s.params.embed;
    if (model !== prev.params.embed && model !== useEmbed.getState().settings.model) useEmbed.getState().setSettings({ model });
  });
  useEmbed.subscribe((s, prev) => {
    const model = s.settings.model;
    if (model !== prev.settings.model && model !== useParams.getState().params.embed) useParams.getState().set({ embed: model });
  });
}
linkEmbedModel();

/**
 * Where the weights come from and how they run (base URL, device, dtype) are one setting for every tab of the lab:
 * localStorage's (issue 42, item 7). A tab that showed its own while another tab had stored the hub's URL would,
 * after a reload, contact the hub without a word; so each tab follows the others' changes as they are stored. The
 * model is the link's (linkEmbedModel), so each tab keeps its own. Only a field that differs is applied: writing
 * back what another tab wrote would bounce between the tabs for ever.
 */
function followOtherTabs(): void {
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key !== EMBED_STORAGE_KEY || event.newValue === null) return;
    let stored: unknown;
    try {
      stored = (JSON.parse(event.newValue) as { state?: { settings?: unknown } }).state?.settings;
    } catch {
      return; // not ours to read; this tab's own settings stay
    }
    const { settings } = settingsFrom(stored);
    const current = useEmbed.getState().settings;
    const shared = ['baseUrl', 'device', 'dtype'] as const;
    const patch = Object.fromEntries(shared.filter((k) => settings[k] !== current[k]).map((k) => [k, settings[k]]));
    if (Object.keys(patch).length > 0) useEmbed.getState().setSettings(patch);
  });
}
followOtherTabs();

interface EmbedAllOptions {
  signal?: AbortSignal;
  onProgress?: (p: EmbedProgress) => void;
  /** Other settings than the store's (the store's status and report still follow the call). */
  settings?: EmbedSettings;
}

interface EmbedAllResult {
  /** One normalised vector per text, in order (views on one buffer). */
  vectors: Float32Array[];
  dims: number;
  model: string;
  device: EmbedDevice;
  dtype: EmbedDtype;
  /** Texts served from the IndexedDB cache, and distinct texts the model computed. */
  cached: number;
  computed: number;
}

/** What the person is told when cached embeddings were damaged (issue 42, item 4). */
function droppedNotice(dropped: number): string {
  const records = dropped === 1 ? 'embedding was' : 'embeddings were';
  return `${dropped} cached ${records} damaged in this browser's storage (not a vector of the model's length of finite numbers); computed again and stored anew`;
}

/**
 * The store's view of one embedding call, wherever it runs: loading with its progress, then ready with its
 * report or the error; a cancelled call gives back the status it found.
 */
function trackCall(): {
  progress(p: EmbedProgress): boolean;
  done(summary: Omit<EmbedBatchResult, 'data'>, seconds: number): void;
  failed(error: unknown): void;
} {
  const before = useEmbed.getState().status;
  useEmbed.setState((s) => ({ status: { kind: 'loading', progress: null }, calls: s.calls + 1 }));
  const call = useEmbed.getState().calls;
  let settled = false;
  return {
    progress(p) {
      // Progress travels on its own MessagePort, so a last message can arrive after the result: drop it
      // (and any from a call that a newer one has replaced).
      if (settled || useEmbed.getState().calls !== call) return false;
      useEmbed.setState({ status: { kind: 'loading', progress: p } });
      return true;
    },
    done({ model, count, dims, cached, computed, dropped, device, dtype }, seconds) {
      if (settled) return;
      settled = true;
      useEmbed.setState({ status: { kind: 'ready', device, dtype }, lastReport: { model, count, dims, cached, computed, dropped, device, dtype, seconds } });
      if (dropped > 0) {
        useParams.getState().addNotices([{ field: 'embeddings', text: droppedNotice(dropped) }]);
      }
    },
    failed(error) {
      if (settled) return;
      settled = true;
      if (isAbortError(error)) useEmbed.setState({ status: before.kind === 'loading' ? { kind: 'idle' } : before });
      else useEmbed.setState({ status: { kind: 'error', message: messageOf(error) } });
    },
  };
}

/**
 * Embeds `texts` with the store's settings (mean pooling, normalised) in the embedding worker: vectors already
 * in the IndexedDB cache are returned without running the model; the rest are computed 32 at a time and
 * cached. The store's status follows the call (loading with progress → ready on its device, or error).
 * Rejects with a readable message when the model cannot load (the rest of the app is unaffected), or with an
 * AbortError DOMException when `signal` aborts.
 */
async function embedAll(texts: string[], options: EmbedAllOptions = {}): Promise<EmbedAllResult> {
  const settings = options.settings ?? useEmbed.getState().settings;
  const call = trackCall();
  const started = performance.now();
  try {
    const result = await embedInWorker(texts, settings, {
      signal: options.signal,
      onProgress: (p) => {
        if (call.progress(p)) options.onProgress?.(p);
      },
    });
    call.done(result, (performance.now() - started) / 1000);
    const { dims, cached, computed, device, dtype, model } = result;
    return { vectors: rowsOf(result), dims, model, device, dtype, cached, computed };
  } catch (error) {
    call.failed(error);
    throw error;
  }
}

/**
 * A port on which a simulation or playground worker embeds texts with the store's settings directly in the
 * embedding worker (src/workers/embedPort.ts); the store's status follows the call as for `embedAll`.
 */
export function openEmbedPort(): EmbedPortLink {
  const call = trackCall();
  const link = openPortInWorker(useEmbed.getState().settings, (event) => {
    if (event.type === 'progress') call.progress(event.progress);
    else if (event.type === 'done') call.done(event.summary, event.seconds);
    else call.failed(event.cancelled ? new DOMException(event.message, 'AbortError') : new Error(event.message));
  });
  link.lost.catch((error: unknown) => call.failed(error));
  return {
    ...link,
    cancel() {
      link.cancel();
      call.failed(new DOMException('The embedding was cancelled.', 'AbortError'));
    },
  };
}

/** The vectors alone, in order: the embed callback the simulation and playground workers call. */
export async function embedVectors(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
  return (await embedAll(texts, { signal })).vectors;
}

/** The panel's "Embed" button: embeds the test sentences and keeps their vectors for display. */
export async function embedTestSentences(texts: string[]): Promise<void> {
  try {
    const result = await embedAll(texts);
    useEmbed.setState({ lastTest: { texts, vectors: result.vectors.map((v) => Array.from(v)) } });
  } catch {
    useEmbed.setState({ lastTest: null }); // the status says why
  }
}

export async function clearEmbeddings(): Promise<void> {
  await clearEmbeddingCache();
  useEmbed.setState({ lastReport: null, lastTest: null });
}

/** Asks the worker whether WebGPU is available (starts the worker; transformers.js loads with it). */
export async function probeWebGpu(): Promise<void> {
  try {
    const { webgpu, threads } = await embedCapabilities();
    useEmbed.setState({ webgpuAvailable: webgpu, wasmThreads: threads });
  } catch {
    useEmbed.setState({ webgpuAvailable: false, wasmThreads: null });
  }
}
