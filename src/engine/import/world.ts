import type { DatasetSpec, FeatureSpec } from '../worlds/schema';
import type { ImportedDataset } from './importDataset';

/** The name an imported dataset's prompts go by in its world spec; a WorldIO serves `promptsJsonl` under it. */
export const IMPORTED_PROMPTS_PATH = 'prompts.jsonl';

/**
 * The dataset world of an import, for whoever builds it (the sim worker, the tests):
 * `buildWorld(importedWorldSpec(d), { readText: () => d.promptsJsonl, resolve: (_, rel) => rel })`.
 * Features default to hashed n-grams of the text, which every import has (tasks may be the one "all").
 */
export function importedWorldSpec(d: ImportedDataset, features: FeatureSpec = { type: 'hashed-ngrams', dim: 64 }): DatasetSpec {
  return {
    type: 'dataset',
    name: d.name,
    prompts: IMPORTED_PROMPTS_PATH,
    models: [...d.models],
    features,
    costs: Array.isArray(d.costs) ? [...d.costs] : { per_prompt: d.costs.per_prompt },
  };
}
