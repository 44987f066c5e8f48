/** The paper's presets (src/engine/lab/presets.ts) as lab parameters and links. */
import { PRESETS, type Preset } from '../engine/lab/presets';
import { DEFAULT_PARAMS, encodeHash, type LabParams } from './urlCodec';

export function presetParams(preset: Preset): LabParams {
  const w = preset.world;
  const dataset =
    typeof w === 'string'
      ? {}
      : {
          world: `data:${w.folder}`,
          features: w.features,
          dim: w.dim ?? DEFAULT_PARAMS.dim,
          costs: w.costs,
          tasks: [...(w.tasks ?? [])],
          modelStart: (w.modelStart ?? []).map((e) => ({ ...e })),
          taskStart: (w.taskStart ?? []).map((e) => ({ ...e })),
        };
  return {
    ...DEFAULT_PARAMS,
    world: typeof w === 'string' ? w : `data:${w.folder}`,
    ...dataset,
    algos: [...preset.algos],
    T: preset.T,
    trials: preset.trials,
    seed: preset.seed,
    lambda: preset.params.lambda,
    tauMax: preset.params.tauMax,
    tauExp: preset.params.tauExp ?? DEFAULT_PARAMS.tauExp,
    alpha: null,
    traceAlgo: preset.algos.includes('promptwise') ? 'promptwise' : preset.algos[0],
  };
}

/** The preset's shareable link (the hash part). */
export function presetHash(preset: Preset): string {
  return encodeHash({ params: presetParams(preset), present: false, step: null });
}

/** The preset whose parameters these are, if any: compared as links, so that order and defaults agree. */
export function presetOf(params: LabParams): Preset | undefined {
  const link = encodeHash({ params, present: false, step: null });
  return PRESETS.find((p) => presetHash(p) === link);
}
