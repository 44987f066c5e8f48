/**
 * Reading and importing a user's files, off the page: decoding, previewing, validating every row and storing
 * the dataset in IndexedDB. A 1M-row file takes seconds of parsing; in the import worker (import.worker.ts)
 * the page stays responsive and shows the progress. The same functions run in-thread where there is no Worker
 * (the store's Node tests), through importBridge.ts.
 *
 * Errors come back as values (`ImportOutcome`), not thrown: an ImportError's file, line and field would not
 * survive the trip across the worker boundary.
 */
import { saveImport } from '../data/imports';
import {
  type CostChoice,
  type CsvMapping,
  checkImportSize,
  decodeSource,
  type ImportError,
  importDataset,
  type ModelInfo,
  type PromptsPreview,
  parseModelsJson,
  previewPrompts,
  type SourceFile,
} from '../engine/import';
import { messageOf } from '../engine/messageOf';

/** What the import reads of a picked or dropped file (a DOM File has all of it). */
export interface PickedFile {
  name: string;
  size: number;
  /** Not every PickedFile has one (tests); a File's distinguishes two versions of one name and size. */
  lastModified?: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A refused import or file: the one-line message, and where it points when known. */
export interface ImportProblem {
  message: string;
  file?: string;
  line?: number;
  field?: string;
  /** The file's other problems, in line order (the first MAX_LISTED_PROBLEMS in all), and how many more there are. */
  others?: string[];
  unlisted?: number;
}

export type ImportOutcome<T> = { ok: true; value: T } | { ok: false; problem: ImportProblem };

/** What a selection of files holds: a prompts file (previewed), a models.json (names and prices), or both. */
export interface Selection {
  prompts: { name: string; preview: PromptsPreview } | null;
  modelsFile: { name: string; bytes: number; models: ModelInfo[] } | null;
}

/** The choices of the import form, beside the prompts file itself. */
export interface ImportChoices {
  name: string;
  modelsFile?: { name: string; bytes: number };
  mapping?: CsvMapping;
  models?: string[];
  costs: CostChoice;
}

/** What the page needs of a stored import: the dataset itself stays in IndexedDB. */
export interface SavedImport {
  id: string;
  name: string;
  rows: number;
  costs: 'prices' | 'per-query';
}

export function problemOf(e: unknown): ImportProblem {
  if (e instanceof Error && e.name === 'ImportError') {
    const { message, file, line, field, others, unlisted } = e as ImportError;
    return { message, file, line, field, others, unlisted };
  }
  return { message: messageOf(e) };
}

async function outcome<T>(work: () => Promise<T>): Promise<ImportOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    return { ok: false, problem: problemOf(e) };
  }
}

/** The last prompts file read, decoded: the import that follows its preview need not read it again. */
let lastRead: { key: string; source: SourceFile } | null = null;

async function read(file: PickedFile): Promise<SourceFile> {
  const key = JSON.stringify([file.name, file.size, file.lastModified ?? null]);
  if (lastRead?.key === key) return lastRead.source;
  const source = decodeSource(file.name, new Uint8Array(await file.arrayBuffer()));
  lastRead = { key, source };
  return source;
}

/** A `.json` file holding a JSON array is a models.json; every other file is a prompts file. */
function isModelsFile(source: SourceFile): boolean {
  return /\.json$/i.test(source.name) && source.text.trimStart().startsWith('[');
}

/** Reads the picked files: at most one prompts file, previewed, and one models.json. */
export function readSelection(files: readonly PickedFile[]): Promise<ImportOutcome<Selection>> {
  return outcome(async () => {
    // Sizes first: a file over the limit is refused before a byte of any file is read.
    for (const f of files) checkImportSize(f.name, f.size);
    const read_ = await Promise.all(files.map(read));
    const modelsFiles = read_.filter(isModelsFile);
    const promptsFiles = read_.filter((f) => !modelsFiles.includes(f));
    if (promptsFiles.length > 1) throw new Error(`choose one prompts file at a time (got ${promptsFiles.map((f) => f.name).join(', ')})`);
    if (modelsFiles.length > 1) throw new Error(`choose one models.json at a time (got ${modelsFiles.map((f) => f.name).join(', ')})`);
    const [models] = modelsFiles;
    const [prompts] = promptsFiles;
    return {
      prompts: prompts ? { name: prompts.name, preview: previewPrompts(prompts) } : null,
      modelsFile: models ? { name: models.name, bytes: models.bytes, models: parseModelsJson(models.text, models.name) } : null,
    };
  });
}

/** Validates the whole prompts file with the form's choices and stores the dataset; `onProgress` hears the rows. */
export function importFile(file: PickedFile, choices: ImportChoices, onProgress?: (done: number, total: number) => void): Promise<ImportOutcome<SavedImport>> {
  return outcome(async () => {
    const prompts = await read(file);
    const dataset = importDataset({ ...choices, prompts }, onProgress);
    const id = await saveImport(dataset);
    return { id, name: dataset.name, rows: dataset.rows, costs: Array.isArray(dataset.costs) ? 'prices' : 'per-query' };
  });
}
