/**
 * Run state: the draft configuration, the run in flight, its progress and its results.
 * Components read this store and dispatch its intents; the simulation itself runs in the worker.
 */
import { create } from 'zustand';
import type { SimConfig, SimResult } from '../engine/simulate';
import { catalog as loadEngineCatalog, run as runInWorker, type SimCatalog, type SimProgress } from '../workers/simBridge';

export type RunStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

export interface RunState {
  /** What the next run will simulate (edited by the controls). */
  draft: SimConfig;
  /** Algorithms and worlds the engine offers; null until the worker has answered. */
  catalog: SimCatalog | null;
  status: RunStatus;
  progress: SimProgress;
  /** The configuration of the run in flight or last finished. */
  config: SimConfig | null;
  result: SimResult | null;
  error: string | null;
  /** Wall time of the last finished run, in milliseconds. */
  elapsedMs: number | null;

  loadCatalog(): Promise<void>;
  updateDraft(patch: Partial<SimConfig>): void;
  updateParams(patch: Partial<SimConfig['params']>): void;
  toggleAlgo(id: string): void;
  start(): Promise<void>;
  cancel(): void;
}

export const DEFAULT_DRAFT: SimConfig = {
  world: 't2i',
  algos: ['promptwise', 'random', 'oracle'],
  T: 300,
  trials: 3,
  seed: 7,
  params: {},
};

let controller: AbortController | null = null;
let runId = 0;

export const useRunStore = create<RunState>()((set, get) => ({
  draft: DEFAULT_DRAFT,
  catalog: null,
  status: 'idle',
  progress: { done: 0, total: 0 },
  config: null,
  result: null,
  error: null,
  elapsedMs: null,

  async loadCatalog() {
    if (get().catalog) return;
    try {
      const catalog = await loadEngineCatalog();
      set((s) => {
        const known = new Set(catalog.algorithms);
        const algos = s.draft.algos.filter((a) => known.has(a));
        return {
          catalog,
          draft: { ...s.draft, algos: algos.length > 0 ? algos : catalog.algorithms.slice(0, 3) },
        };
      });
    } catch (e) {
      set({ status: 'error', error: messageOf(e) });
    }
  },

  updateDraft(patch) {
    set((s) => ({ draft: { ...s.draft, ...patch } }));
  },

  updateParams(patch) {
    set((s) => ({ draft: { ...s.draft, params: { ...s.draft.params, ...patch } } }));
  },

  toggleAlgo(id) {
    set((s) => {
      const on = s.draft.algos.includes(id);
      const order = s.catalog?.algorithms ?? s.draft.algos;
      const algos = on ? s.draft.algos.filter((a) => a !== id) : order.filter((a) => a === id || s.draft.algos.includes(a));
      return { draft: { ...s.draft, algos } };
    });
  },

  async start() {
    controller?.abort();
    const config = structuredClone(get().draft);
    const id = ++runId;
    const ac = new AbortController();
    controller = ac;
    const total = config.algos.length * config.trials * config.T;
    set({ status: 'running', config, result: null, error: null, elapsedMs: null, progress: { done: 0, total } });
    const t0 = performance.now();
    try {
      const result = await runInWorker(config, {
        signal: ac.signal,
        onProgress: (progress) => {
          if (id === runId) set({ progress });
        },
      });
      if (id !== runId) return;
      set({ status: 'done', result, elapsedMs: performance.now() - t0, progress: { done: total, total } });
    } catch (e) {
      if (id !== runId) return;
      if (e instanceof DOMException && e.name === 'AbortError') set({ status: 'cancelled' });
      else set({ status: 'error', error: messageOf(e) });
    } finally {
      if (controller === ac) controller = null;
    }
  },

  cancel() {
    controller?.abort();
  },
}));

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
