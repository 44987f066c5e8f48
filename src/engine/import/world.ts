import type { DatasetSource } from '../lab/datasetSource';
import type { ImportedDataset } from './importDataset';

/**
 * An import as the lab replays it (src/workers/worldSource.ts for `import:<id>`, and the tests): set prices,
 * or the per-prompt cost field the user chose; the featurizer and cost mode are the run's choice
 * (datasetWorldOf).
 */
export function importedSource(d: Pick<ImportedDataset, 'name' | 'models' | 'costs' | 'promptsJsonl'>): DatasetSource {
  return {
    name: d.name,
    models: [...d.models],
    prices: Array.isArray(d.costs) ? [...d.costs] : null,
    perQueryCostField: Array.isArray(d.costs) ? null : d.costs.per_prompt,
    promptsJsonl: d.promptsJsonl,
  };
}
