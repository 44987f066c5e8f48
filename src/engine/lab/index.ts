/** The lab's engine side: curves, arm usage, decision traces, sweeps and the catalog (see ./types.ts). */

export { type AblationArm, type AblationPoint, type AblationResult, type AblationTick, ablation } from './ablation';
export { type AlgorithmInfo, algorithmCatalog, builtinWorldCatalog, type CatalogWorld, describeWorld } from './catalog';
export { CurveAccumulator, curveSteps, DEFAULT_CURVE_POINTS } from './curves';
export * from './datasetSource';
export { PRESETS, type Preset, type PresetDataset, presetById, presetCliArgs, presetCommand } from './presets';
export {
  type LabHooks,
  type LabTick,
  lab,
  labBuiltin,
  labWorld,
  runLab,
  runSweep,
  runSweepAsync,
  type SweepHooks,
  type SweepTick,
  sweep,
  sweepBuiltin,
} from './run';
export { LabAssembler, type LabSlice, labSlice } from './slices';
export { ALL_PROMPTS, explainDecision, TraceRecorder } from './trace';
export * from './types';
export { UsageAccumulator } from './usage';
