/** Worlds: the world-file format, its validation, the built-in worlds and the World builders. */

export { type BuildOptions, buildWorld } from './build';
export { type BuiltinWorldName, builtinWorld, builtinWorldNames, builtinWorldSpec, isBuiltinWorld } from './builtins';
export { type DatasetRow, type DatasetWorld, DEFAULT_NGRAM_DIM, type WorldIO } from './dataset';
export { WorldFormatError } from './errors';
export { parseWorldJson } from './json';
export { loadWorld } from './load';
export {
  type CategoricalSpec,
  type DatasetSpec,
  type FeatureSpec,
  type LogisticSpec,
  parseWorldSpec,
  type WorldSpec,
  worldTypes,
} from './schema';
