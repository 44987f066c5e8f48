/**
 * The page's lab: one controller (src/state/lab/controller.ts) running its jobs on the worker pool, one playback
 * following its results (src/state/lab/playback.ts), and `dispatch`, the one entry for every intent the controls
 * send. The parameters live in src/state/params.ts; `connectLab` ties a change of them to the controller.
 */
import { useStore } from 'zustand';
import type { LabConfig } from '../engine/lab/types';
import { poolSize, runLab, runSweep } from '../workers/simBridge';
import { loadCatalog } from './catalogStore';
import { openEmbedPort, useEmbed } from './embedStore';
import { useImport, watchStoredImports } from './importStore';
import { labConfigOf, wantedJobs } from './lab/config';
import { createLabController, isLabIntent, type LabIntent, type LabState } from './lab/controller';
import { createPlayback, type PlaybackIntent, type PlaybackState } from './lab/playback';
import { initialLinkStep, type LabParams, type ParamsState, useParams } from './params';
import { isDatasetWorldName } from './urlCodec';
import { checkLinkWorld } from './worldCheck';

export type { LabState } from './lab/controller';

/** The model embedding features come from: the embedding settings' (src/state/embedStore.ts). */
const embedModel = () => useEmbed.getState().settings.model;

/** The lab run the page wants for `p` (what the worker is asked for, and what a shown result is compared with). */
export function pageLabConfig(p: LabParams): LabConfig {
  return labConfigOf(p, embedModel());
}

const controller = createLabController({
  // Embedding features: the simulation workers get the prompts' embeddings over ports to the embedding worker,
  // cancelled with the job (Cancel, or a newer run, stops a running embedding too).
  bridge: {
    runLab: (config, options) => runLab(config, { ...options, openEmbedPort }),
    runSweep: (config, options) => runSweep(config, { ...options, openEmbedPort }),
    runTrace: (config, options) => runLab(config, { ...options, openEmbedPort }),
    poolSize,
  },
  wanted: () => wantedJobs(useParams.getState().params, embedModel()),
});

const playback = createPlayback({
  shown: () => {
    const { result } = controller.store.getState();
    return result ? { T: result.config.T, current: controller.isCurrent() } : null;
  },
  reduceMotion: () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches,
  linkStep: initialLinkStep,
});

// Playback follows results: a new result decides where its replay starts.
controller.store.subscribe((s, prev) => {
  if (s.result && s.result !== prev.result) playback.showResult(s.result.config.T, prev.result?.config.T ?? null);
});

export const playbackStore = playback.store;
/** The controller's store itself: for tests that render a view in a given lab state. */
export const labStore = controller.store;

/** The lab's runs, sweeps and results, for views (a selector, as zustand's hooks). */
export function useLab<T>(selector: (s: LabState) => T): T {
  return useStore(controller.store, selector);
}

export function usePlayback<T>(selector: (s: PlaybackState) => T): T {
  return useStore(playback.store, selector);
}

export type Intent = LabIntent | PlaybackIntent | { type: 'set-params'; patch: Partial<LabParams> };

/** Every control's one way in. */
export function dispatch(intent: Intent): void {
  // The controller's intents (isLabIntent), playback's, and set-params for the parameters.
  if (intent.type === 'set-params') useParams.getState().set(intent.patch);
  else if (isLabIntent(intent)) controller.dispatch(intent);
  else playback.dispatch(intent);
}

/** The `set-params` intent, as the controls call it. */
export const setParams = (patch: Partial<LabParams>) => dispatch({ type: 'set-params', patch });

/**
 * Connects the lab to the parameters: a change (or, with embedding features, a new embedding model) is a
 * 'params-changed' intent. The first run starts at once. Returns the unsubscribe; call once, before the first render (main.tsx).
 */
export function connectLab(): () => void {
  const changed = () => controller.dispatch({ type: 'params-changed' });
  const offParams = useParams.subscribe((s: ParamsState, prev: ParamsState) => {
    if (s.params !== prev.params) changed();
  });
  const offEmbed = useEmbed.subscribe((s, prev) => {
    if (s.settings.model !== prev.settings.model && useParams.getState().params.features === 'embedding') changed();
  });
  const offImports = watchStoredImports();
  const lists = Promise.all([loadCatalog(), useImport.getState().refreshImports()]).then(checkLinkWorld);
  // A link to a dataset world waits for the lists that say whether this lab has it (a missing one is replaced
  // by the default scenario with a notice, not run into an error); a built-in world runs at once.
  if (isDatasetWorldName(useParams.getState().params.world)) void lists.then(() => controller.dispatch({ type: 'run' }));
  else controller.dispatch({ type: 'run' });
  return () => {
    offParams();
    offEmbed();
    offImports();
  };
}
