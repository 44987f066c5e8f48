/**
 * The simulation worker: a comlink API over the engine (src/engine/simulate.ts, src/engine/lab).
 * The main thread talks to it only through src/workers/simBridge.ts.
 */
// First, before any other module runs: this worker's life lock (holdLifeLock.ts).
import './holdLifeLock';
import * as Comlink from 'comlink';
import {
  type AblationFailure,
  type AblationResult,
  ablation,
  builtinWorldCatalog,
  type CatalogWorld,
  type FeatureType,
  type LabConfig,
  type LabSlice,
  labSlice,
  promptTasks,
  type SweepConfig,
  type SweepSlice,
  sweepSlice,
  type TraceRow,
} from '../engine/lab';
import { DEFAULT_FEATURE_DIM } from '../engine/lab/datasetChoice';
import { messageOf } from '../engine/messageOf';
import { drainAsync, type TrialRange } from '../engine/simulate';
import { embedThroughPort, type OpenEmbedPort } from './embedPort';
import { progressPacer } from './progressPacer';
import { loadSource, resolveWorld, servedDatasets } from './worldSource';

/** Steps simulated so far, over all algorithms and trials (total = algos × trials × T; sweeps: × values). */
export interface SimProgress {
  done: number;
  total: number;
}

export type { CatalogWorld } from '../engine/lab';

/** What the engine offers, for the controls. */
export interface SimCatalog {
  /** Every built-in world with its arms, costs, categories, description and dimension, in catalog order. */
  worlds: CatalogWorld[];
  /** Recorded datasets the server offers (folders under /shared/data/), as world names `data:<folder>`. */
  datasets: string[];
}

export type ProgressCallback = (p: SimProgress) => void;

/**
 * A run's or slice's progress goes to the page at most this often (the slice's result ends it): the one pacer on
 * the way to the status line. Each step of the engine's generators would otherwise be a message.
 */
const PROGRESS_INTERVAL_MS = 100;

/** The run in flight, if any: `cancel()` flips its flag and the engine stops at its next chunk. */
let current: { aborted: boolean } | null = null;

/** One run at a time: a new run cancels the one in flight, and `cancel()` reaches whichever is current. */
async function exclusive<R>(work: (signal: { aborted: boolean }) => Promise<R>): Promise<R> {
  if (current) current.aborted = true;
  const signal = { aborted: false };
  current = signal;
  try {
    return await work(signal);
  } finally {
    if (current === signal) current = null;
  }
}

/** Trace rows per message when a slice's trace is sent in chunks (runLabSlice's `onTraceRows`). */
const TRACE_CHUNK_ROWS = 400;

let catalogCache: SimCatalog | null = null;

export const api = {
  async catalog(): Promise<SimCatalog> {
    // The algorithms need no answer from here: the page reads the same registry (engine/policies/algorithms.ts).
    catalogCache ??= {
      worlds: builtinWorldCatalog(),
      datasets: (await servedDatasets()).map((name) => `data:${name}`),
    };
    return catalogCache;
  },

  /** A dataset world's models, their set prices and whether it has per-query costs (for the controls). */
  async datasetInfo(world: string): Promise<{ name: string; models: string[]; prices: number[] | null; perQuery: boolean; prompts: number; tasks: string[] }> {
    const source = await loadSource(world);
    const tasks = promptTasks(source);
    return {
      name: source.name,
      models: source.models,
      prices: source.prices,
      perQuery: source.perQueryCostField !== null,
      prompts: tasks.length,
      tasks: [...new Set(tasks)].sort(),
    };
  },

  /**
   * The featurizer ablation: `config`'s dataset run once per featurizer (same seed, algorithms and parameters).
   * Embedding features get the prompts' embeddings over a port to the embedding worker.
   */
  runAblation(config: LabConfig, features: FeatureType[], onProgress: ProgressCallback, openEmbedPort?: OpenEmbedPort): Promise<AblationResult> {
    return exclusive(async (signal) => {
      const choice = config.dataset;
      if (!choice) throw new Error('the featurizer ablation needs a dataset world (data:… or import:…)');
      const arms = [];
      const unbuilt: AblationFailure[] = [];
      // The page's choice carries no dimension when it is task one-hot; the other featurizers then get the default.
      const dim = choice.dim ?? DEFAULT_FEATURE_DIM;
      // Every featurizer's world is built before any simulation starts, so a bad one (a `dim` above the embedding's
      // dimension, a model that does not load) is known at once; it is listed and the others still run.
      for (const f of features) {
        try {
          arms.push({ features: f, world: await resolveWorld({ ...config, dataset: { ...choice, features: f, dim } }, embedThroughPort(openEmbedPort)) });
        } catch (e) {
          if (signal.aborted) throw e;
          unbuilt.push({ features: f, error: messageOf(e) });
        }
      }
      if (arms.length === 0 && unbuilt.length > 0) throw new Error(unbuilt.map((u) => `${u.features}: ${u.error}`).join('; '));
      const due = progressPacer(PROGRESS_INTERVAL_MS);
      const options = { algos: config.algos, T: config.T, trials: config.trials, seed: config.seed, params: config.params };
      return drainAsync(
        ablation(arms, options, undefined, unbuilt),
        (tick) => {
          if (due()) void onProgress(tick);
        },
        { signal },
      );
    });
  },

  /**
   * Trials [range.from, range.to) of a lab run: what one worker of the page's pool computes (simBridge.ts puts
   * the slices together). Progress in steps of the slice, about every 100 ms. Cancelled by `cancel()`.
   */
  runLabSlice(
    config: LabConfig,
    range: TrialRange,
    onProgress: ProgressCallback,
    openEmbedPort?: OpenEmbedPort,
    onTraceRows?: (rows: TraceRow[]) => Promise<void>,
  ): Promise<LabSlice> {
    return exclusive(async (signal) => {
      const world = await resolveWorld(config, embedThroughPort(openEmbedPort));
      const due = progressPacer(PROGRESS_INTERVAL_MS);
      const slice = await drainAsync(
        labSlice(world, config, range),
        (tick) => {
          if (due()) void onProgress({ done: tick.done, total: tick.total });
        },
        { signal },
      );
      if (!slice.trace || !onTraceRows || slice.trace.length <= TRACE_CHUNK_ROWS) return slice;
      // A long trace is thousands of small objects: the page would spend one long task (118 ms for 5,000 rows)
      // reading them from one message. Sent a chunk per message, each is a short task of its own. All are sent at
      // once (one port keeps them in order) and the slice returns once the page has them all: awaited one by one,
      // each chunk waited for a turn of the page's busy main thread, and the first figures with them.
      const sent: Promise<void>[] = [];
      for (let i = 0; i < slice.trace.length; i += TRACE_CHUNK_ROWS) sent.push(onTraceRows(slice.trace.slice(i, i + TRACE_CHUNK_ROWS)));
      await Promise.all(sent);
      return { ...slice, trace: [] };
    });
  },

  /**
   * Trials [range.from, range.to) of a sweep's run at value x: what one worker of the page's pool computes
   * (simBridge.ts puts the slices together). Progress in steps of the slice, about every 100 ms.
   */
  runSweepSlice(config: SweepConfig, x: number, range: TrialRange, onProgress: ProgressCallback, openEmbedPort?: OpenEmbedPort): Promise<SweepSlice> {
    return exclusive(async (signal) => {
      const world = await resolveWorld(config.base, embedThroughPort(openEmbedPort));
      const due = progressPacer(PROGRESS_INTERVAL_MS);
      return drainAsync(
        sweepSlice(world, config, x, range),
        (tick) => {
          if (due()) void onProgress(tick);
        },
        { signal },
      );
    });
  },

  /** Asks the run in flight to stop at its next chunk boundary. */
  cancel(): void {
    if (current) current.aborted = true;
  },
};

export type SimWorkerApi = typeof api;

Comlink.expose(api);
