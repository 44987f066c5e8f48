/**
 * Embeddings on the main thread: the user's settings (model, weights base URL, device, dtype; persisted in
 * localStorage), what the embedding worker is doing (idle, loading with progress, ready on a device, error
 * with a readable message), and `embedAll`, the one call the rest of the app uses to embed texts.
 *
 * transformers.js never loads here: everything heavy happens in src/workers/embed.worker.ts.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_EMBED_SETTINGS, type EmbedDevice, type EmbedDtype, type EmbedProgress, type EmbedSettings, rowsOf } from '../embed/types';
import { clearEmbeddingCache, embedCapabilities, embedInWorker } from '../workers/embedBridge';

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
      // A stored object from an older version may lack fields: fill them from the defaults.
      merge: (stored, current) => ({
        ...current,
        settings: { ...DEFAULT_EMBED_SETTINGS, ...((stored as { settings?: Partial<EmbedSettings> } | undefined)?.settings ?? {}) },
      }),
    },
  ),
);

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

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
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
  const before = useEmbed.getState().status;
  useEmbed.setState((s) => ({ status: { kind: 'loading', progress: null }, calls: s.calls + 1 }));
  const call = useEmbed.getState().calls;
  let settled = false;
  const started = performance.now();
  try {
    const result = await embedInWorker(texts, settings, {
      signal: options.signal,
      onProgress: (p) => {
        // Progress travels on its own MessagePort, so a last message can arrive after the result: drop it
        // (and any from a call that a newer one has replaced).
        if (settled || useEmbed.getState().calls !== call) return;
        useEmbed.setState({ status: { kind: 'loading', progress: p } });
        options.onProgress?.(p);
      },
    });
    settled = true;
    const seconds = (performance.now() - started) / 1000;
    const { count, dims, cached, computed, device, dtype, model } = result;
    useEmbed.setState({
      status: { kind: 'ready', device, dtype },
      lastReport: { model, count, dims, cached, computed, device, dtype, seconds },
    });
    return { vectors: rowsOf(result), dims, model, device, dtype, cached, computed };
  } catch (error) {
    settled = true;
    if (isAbort(error)) {
      useEmbed.setState({ status: before.kind === 'loading' ? { kind: 'idle' } : before });
    } else {
      useEmbed.setState({ status: { kind: 'error', message: error instanceof Error ? error.message : String(error) } });
    }
    throw error;
  }
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
