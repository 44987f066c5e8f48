/**
 * The "bring your own data" dialog's state: idle → preview (the first rows, the proposed mapping, prices) →
 * validating → accepted, or error. A rejected file or import changes nothing else: the stored imports and the
 * selected world stay as they were. An accepted import is saved in IndexedDB (src/data/imports.ts) and its
 * world `import:<id>` selected.
 */
import { create } from 'zustand';
import { deleteImport, listImports, type StoredImportMeta, saveImport } from '../data/imports';
import type { ImportError } from '../engine/import/errors';
import type { CostChoice, PromptsPreview, SourceFile } from '../engine/import/importDataset';
import type { CsvMapping } from '../engine/import/mapping';
import type { ModelInfo } from '../engine/import/models';
import { ownValue, recordOf } from '../engine/userKeys';
import { useParams } from './params';

/**
 * The parsing and validation code (papaparse, zod schemas), loaded on the first import: the page's first paint
 * does not need it, and the scenario picker reads only the list of stored imports from this store.
 */
const importEngine = () => import('../engine/import');

export type ImportStage = 'idle' | 'preview' | 'validating' | 'error' | 'accepted';

/** What the dialog needs of a picked or dropped file (a DOM File has all of it). */
export interface PickedFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface ImportProblem {
  message: string;
  file?: string;
  line?: number;
  field?: string;
}

export interface ImportState {
  stage: ImportStage;
  /** Set in the error stage: the exact one-line message. */
  error: ImportProblem | null;
  prompts: SourceFile | null;
  preview: PromptsPreview | null;
  modelsFile: { name: string; bytes: number } | null;
  /** From models.json: names and default prices. */
  modelInfo: ModelInfo[];
  /** The dataset's name (from the file name, editable). */
  name: string;
  /** CSV only. */
  mapping: CsvMapping | null;
  /** JSONL: the models to import (CSV: `mapping.modelColumns`). */
  models: string[];
  costMode: 'set' | 'per_prompt';
  /** JSONL per-prompt cost field (e.g. cost_usd). */
  costField: string;
  /** Prices as typed, per model. */
  prices: Record<string, string>;
  /** The last accepted import. */
  accepted: { id: string; name: string; rows: number } | null;
  imports: StoredImportMeta[];
  /** Whether `imports` has been read from IndexedDB (until then an empty list says nothing). */
  importsLoaded: boolean;

  selectFiles(files: readonly PickedFile[]): Promise<void>;
  setName(name: string): void;
  setMapping(patch: Partial<CsvMapping>): void;
  toggleModel(model: string): void;
  setCostMode(mode: 'set' | 'per_prompt'): void;
  setCostField(field: string): void;
  setPrice(model: string, price: string): void;
  /** Validates everything, saves, selects the world; returns the id, or null when refused. */
  runImport(): Promise<string | null>;
  refreshImports(): Promise<void>;
  removeImport(id: string): Promise<void>;
  reset(): void;
}

const EMPTY = {
  stage: 'idle' as ImportStage,
  error: null,
  prompts: null,
  preview: null,
  modelsFile: null,
  modelInfo: [],
  name: '',
  mapping: null,
  models: [],
  costMode: 'set' as const,
  costField: '',
  prices: {},
};

/** A `.json` file holding a JSON array is a models.json; every other file is a prompts file. */
function isModelsFile(name: string, text: string): boolean {
  return /\.json$/i.test(name) && text.trimStart().startsWith('[');
}

function problemOf(e: unknown): ImportProblem {
  if (e instanceof Error && e.name === 'ImportError') {
    const { message, file, line, field } = e as ImportError;
    return { message, file, line, field };
  }
  return { message: e instanceof Error ? e.message : String(e) };
}

/** The models a preview proposes, with prices: models.json's defaults, else what was typed before. */
function pricesFor(models: readonly string[], info: readonly ModelInfo[], typed: Record<string, string>): Record<string, string> {
  // Model names are user text: own properties only (engine/userKeys.ts).
  const filled = models.flatMap((m) => {
    const price = info.find((i) => i.name === m)?.defaultPrice;
    const now = ownValue(typed, m);
    return now === undefined || now === '' ? [[m, price === undefined ? '' : String(price)] as const] : [];
  });
  return { ...typed, ...recordOf(filled) };
}

/** Unreadable import records already reported (a notice each, once per page). */
const reportedUnreadable = new Set<string>();

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const useImport = create<ImportState>()((set, get) => ({
  ...EMPTY,
  accepted: null,
  imports: [],
  importsLoaded: false,

  async selectFiles(files) {
    if (files.length === 0) return;
    const fail = (e: unknown) => set({ stage: 'error', error: problemOf(e) });
    try {
      // Sizes first: a 50 MB file is refused before a byte of it is read.
      const { checkImportSize, decodeSource, parseModelsJson, previewPrompts } = await importEngine();
      for (const f of files) checkImportSize(f.name, f.size);
      // Bytes, not File.text(): text() turns bytes that are not UTF-8 into "�" without a word (decode.ts says so).
      const read = await Promise.all(files.map(async (f) => decodeSource(f.name, new Uint8Array(await f.arrayBuffer()))));
      const modelsFiles = read.filter((f) => isModelsFile(f.name, f.text));
      const promptsFiles = read.filter((f) => !modelsFiles.includes(f));
      if (promptsFiles.length > 1) throw new Error(`choose one prompts file at a time (got ${promptsFiles.map((f) => f.name).join(', ')})`);
      if (modelsFiles.length > 1) throw new Error(`choose one models.json at a time (got ${modelsFiles.map((f) => f.name).join(', ')})`);
      const modelsSource = modelsFiles[0];
      const modelInfo = modelsSource ? parseModelsJson(modelsSource.text, modelsSource.name) : get().modelInfo;
      const modelsFile = modelsSource ? { name: modelsSource.name, bytes: modelsSource.bytes } : get().modelsFile;
      const promptsSource = promptsFiles[0];
      if (!promptsSource) {
        // Only a models.json: it fills in the prices of the prompts already previewed.
        const { preview, models, prices } = get();
        if (!preview) throw new Error(`${modelsSource.name}: choose a prompts file (.jsonl or .csv) with it`);
        set({ modelInfo, modelsFile, prices: pricesFor(models, modelInfo, pricesWithout(prices, models, modelInfo)), stage: 'preview', error: null });
        return;
      }
      const preview = previewPrompts(promptsSource);
      const models = preview.models;
      set({
        ...EMPTY,
        stage: 'preview',
        prompts: promptsSource,
        preview,
        modelsFile,
        modelInfo,
        name: promptsSource.name.replace(/\.(jsonl|ndjson|json|csv)$/i, ''),
        mapping: preview.mapping ?? null,
        models,
        // Per-prompt costs when the rows record them: the measured price of each query beats a list price.
        costMode: preview.costFields.length > 0 ? 'per_prompt' : 'set',
        costField: preview.costFields[0] ?? '',
        prices: pricesFor(models, modelInfo, {}),
      });
    } catch (e) {
      fail(e);
    }
  },

  setName(name) {
    set({ name });
  },

  setMapping(patch) {
    const mapping = get().mapping;
    if (!mapping) return;
    const next = { ...mapping, ...patch };
    // A column has one role: taking it as text, id or task removes it from the models.
    const roles = new Set([next.textColumn, next.idColumn, next.taskColumn].filter(Boolean));
    next.modelColumns = next.modelColumns.filter((c) => !roles.has(c) || patch.modelColumns !== undefined);
    set({ mapping: next, models: next.modelColumns, prices: pricesFor(next.modelColumns, get().modelInfo, get().prices) });
  },

  toggleModel(model) {
    const { preview, mapping, models } = get();
    if (!preview) return;
    const order = preview.format === 'csv' ? preview.columns : preview.models;
    const next = models.includes(model) ? models.filter((m) => m !== model) : order.filter((m) => m === model || models.includes(m));
    if (mapping) set({ mapping: { ...mapping, modelColumns: next } });
    set({ models: next, prices: pricesFor(next, get().modelInfo, get().prices) });
  },

  setCostMode(costMode) {
    set({ costMode });
  },
  setCostField(costField) {
    set({ costField });
  },
  setPrice(model, price) {
    set({ prices: { ...get().prices, [model]: price } });
  },

  async runImport() {
    const s = get();
    if (!s.prompts || !s.preview) return null;
    const prompts = s.prompts;
    set({ stage: 'validating', error: null });
    await yieldToPage(); // let the page show "Validating…" before the file is checked
    try {
      const costs: CostChoice = s.costMode === 'per_prompt' ? { mode: 'per_prompt', field: s.costField } : { mode: 'set', prices: s.prices };
      const { importDataset } = await importEngine();
      const dataset = importDataset({
        name: s.name,
        prompts,
        modelsFile: s.modelsFile ?? undefined,
        mapping: s.mapping ?? undefined,
        models: s.preview.format === 'jsonl' ? s.models : undefined,
        costs,
      });
      const id = await saveImport(dataset);
      set({ stage: 'accepted', accepted: { id, name: dataset.name, rows: dataset.rows } });
      // Text features need no model and, unlike task one-hot, tell prompts of one task apart; the costs are
      // the ones the user just chose.
      useParams.getState().set({
        world: `import:${id}`,
        features: 'hashed-ngrams',
        dim: 64,
        costs: Array.isArray(dataset.costs) ? 'prices' : 'per-query',
      });
      await get().refreshImports();
      return id;
    } catch (e) {
      set({ stage: 'error', error: problemOf(e) });
      return null;
    }
  },

  async refreshImports() {
    try {
      const { imports, unreadable } = await listImports();
      set({ imports, importsLoaded: true });
      const fresh = unreadable.filter((key) => !reportedUnreadable.has(key));
      for (const key of fresh) reportedUnreadable.add(key);
      if (fresh.length > 0) {
        const which = fresh.length > 3 ? `${fresh.slice(0, 3).join(', ')} and ${fresh.length - 3} more` : fresh.join(', ');
        useParams.getState().addNotices([
          {
            field: 'imports',
            text: `${fresh.length} stored import record${fresh.length === 1 ? '' : 's'} could not be read (${which}); the other imports are listed`,
          },
        ]);
      }
    } catch (e) {
      set({ stage: 'error', error: { message: `the stored imports cannot be read (${problemOf(e).message})` } });
    }
  },

  async removeImport(id) {
    await deleteImport(id);
    await get().refreshImports();
  },

  reset() {
    set({ ...EMPTY });
  },
}));

/** Prices typed for models that models.json now prices are replaced by its defaults. */
function pricesWithout(prices: Record<string, string>, models: readonly string[], info: readonly ModelInfo[]): Record<string, string> {
  const out = { ...prices };
  for (const m of models) if (info.some((i) => i.name === m && i.defaultPrice !== undefined)) delete out[m];
  return out;
}
