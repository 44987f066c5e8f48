/**
 * The featurizer ablation (docs/LAB.md): the current dataset world, seed and algorithms run once per chosen
 * featurizer in the simulation worker. It runs on request, not on every parameter change: embedding features
 * may first have to load a model and embed every prompt.
 */
import { create } from 'zustand';
import type { AblationResult } from '../engine/lab/ablation';
import type { FeatureType } from '../engine/lab/datasetSource';
import { isAbortError, messageOf } from '../engine/messageOf';
import { runAblation } from '../workers/simBridge';
import { openEmbedPort } from './embedStore';
import { pageLabConfig } from './labStore';
import { costUnitOf } from './stakeholder';
import type { LabParams } from './urlCodec';

export interface AblationState {
  status: 'idle' | 'running' | 'done' | 'error' | 'cancelled';
  progress: number;
  error: string | null;
  /** With the unit of its costs (state/stakeholder.ts costUnitOf). */
  result: (AblationResult & { costUnit: string }) | null;
  /** The configuration the result belongs to (JSON), so a stale result is marked as such. */
  key: string | null;
  features: FeatureType[];
}

export const useAblation = create<AblationState>()(() => ({
  status: 'idle',
  progress: 0,
  error: null,
  result: null,
  key: null,
  features: ['task-onehot', 'hashed-ngrams', 'embedding'],
}));

let controller: AbortController | null = null;

export function ablationKey(p: LabParams, features: readonly FeatureType[]): string {
  return JSON.stringify([pageLabConfig(p), features]);
}

export const ablationIntents = {
  toggle(feature: FeatureType): void {
    useAblation.setState((s) => ({
      features: s.features.includes(feature) ? s.features.filter((f) => f !== feature) : [...s.features, feature],
    }));
  },

  async run(p: LabParams): Promise<void> {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    const features = (['task-onehot', 'hashed-ngrams', 'embedding'] as const).filter((f) => useAblation.getState().features.includes(f));
    const key = ablationKey(p, features);
    useAblation.setState({ status: 'running', progress: 0, error: null, key });
    try {
      const config = pageLabConfig(p);
      const result = await runAblation(config, features, {
        signal: mine.signal,
        onProgress: ({ done, total }) => useAblation.setState({ progress: total > 0 ? done / total : 0 }),
        openEmbedPort,
      });
      if (controller === mine) useAblation.setState({ status: 'done', result: { ...result, costUnit: costUnitOf(config) }, progress: 1 });
    } catch (e) {
      if (controller !== mine) return;
      const aborted = isAbortError(e);
      useAblation.setState({ status: aborted ? 'cancelled' : 'error', error: aborted ? null : messageOf(e) });
    }
  },

  cancel(): void {
    controller?.abort();
  },
};
