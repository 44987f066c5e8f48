/** Worlds: the world-file format, its validation, the built-in worlds and the World builders. */
export { WorldFormatError } from './errors';
export {
  parseWorldSpec,
  worldTypes,
  type CategoricalSpec,
  type DatasetSpec,
  type FeatureSpec,
  type LogisticSpec,
  type WorldSpec,
} from './schema';
export { parseWorldJson } from './json';
export { buildWorld, type BuildOptions } from './build';
export { DEFAULT_NGRAM_DIM, type DatasetRow, type DatasetWorld, type WorldIO } from './dataset';
export { builtinWorld, builtinWorldNames, builtinWorldSpec, isBuiltinWorld, type BuiltinWorldName } from './builtins';
export { loadWorld } from './load';
