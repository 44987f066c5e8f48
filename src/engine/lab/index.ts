/** The lab's engine side: curves, arm usage, decision traces, sweeps and the catalog (see ./types.ts). */
export * from './types';
export { curveSteps, CurveAccumulator, DEFAULT_CURVE_POINTS } from './curves';
export { UsageAccumulator } from './usage';
export { ALL_PROMPTS, explainDecision, TraceRecorder } from './trace';
export {
  lab,
  labBuiltin,
  labWorld,
  runLab,
  runLabAsync,
  runSweep,
  runSweepAsync,
  sweep,
  sweepBuiltin,
  type LabHooks,
  type LabTick,
  type SweepHooks,
  type SweepTick,
} from './run';
export { algorithmCatalog, builtinWorldCatalog, describeWorld, type AlgorithmInfo, type CatalogWorld } from './catalog';
export * from './datasetSource';
export { ablation, type AblationArm, type AblationPoint, type AblationResult, type AblationTick } from './ablation';
export { PRESETS, presetById, presetCliArgs, presetCommand, type Preset, type PresetDataset } from './presets';
