/** Bring your own data: prompts files (JSONL or CSV) and models.json → an ImportedDataset for a dataset world. */
export { ImportError, MAX_IMPORT_BYTES, checkImportSize, type ImportErrorLocation, type ImportFieldKind } from './errors';
export { parseCsv, type CsvRow, type CsvTable } from './csv';
export { previewJsonl, readJsonlPrompts, type JsonlPreview } from './jsonl';
export { parseModelsJson, type ModelInfo } from './models';
export { DEFAULT_TASK, mappingProblem, proposeCsvMapping, type CsvMapping } from './mapping';
export {
  PREVIEW_ROWS,
  importDataset,
  parsePrices,
  previewPrompts,
  promptsFormat,
  type CostChoice,
  type ImportRequest,
  type ImportedDataset,
  type PromptsFormat,
  type PromptsPreview,
  type SourceFile,
} from './importDataset';
export { importId } from './id';
export { importedSource } from './world';
