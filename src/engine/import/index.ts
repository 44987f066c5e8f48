/** Bring your own data: prompts files (JSONL or CSV) and models.json → an ImportedDataset for a dataset world. */

export { decodeSource } from './decode';
export { checkImportSize, type ImportError } from './errors';
export { type CostChoice, importDataset, importWarnings, type PromptsPreview, previewPrompts, type SourceFile } from './importDataset';
export type { CsvMapping } from './mapping';
export { type ModelInfo, parseModelsJson } from './models';
