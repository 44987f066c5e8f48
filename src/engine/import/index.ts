/** Bring your own data: prompts files (JSONL or CSV) and models.json → an ImportedDataset for a dataset world. */

export { type CsvRow, type CsvTable, parseCsv } from './csv';
export { decodeSource } from './decode';
export { checkImportSize, ImportError, type ImportErrorLocation, type ImportFieldKind, MAX_IMPORT_BYTES } from './errors';
export { importId } from './id';
export {
  type CostChoice,
  type ImportedDataset,
  type ImportRequest,
  importDataset,
  importWarnings,
  PREVIEW_ROWS,
  type PromptsFormat,
  type PromptsPreview,
  parsePrices,
  previewPrompts,
  promptsFormat,
  type SourceFile,
} from './importDataset';
export { type JsonlPreview, previewJsonl, readJsonlPrompts } from './jsonl';
export { type CsvMapping, DEFAULT_TASK, mappingProblem, proposeCsvMapping } from './mapping';
export { type ModelInfo, parseModelsJson } from './models';
export { importedSource } from './world';
