/** The lab's engine side: curves, arm usage, decision traces, sweeps and the catalog (see ./types.ts). */

export { type AblationFailure, type AblationResult, ablation } from './ablation';
export { builtinWorldCatalog, type CatalogWorld } from './catalog';
export * from './datasetSource';
export { labBuiltin, sweepBuiltin } from './run';
export { type LabSlice, labSlice } from './slices';
export { type SweepSlice, sweepSlice } from './sweepSlices';
export * from './types';
