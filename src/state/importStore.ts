/**
 * The "bring your own data" dialog's state: idle → preview (the first rows, the proposed mapping, prices) →
 * validating → accepted, or error. A rejected file or import changes nothing else: the stored imports and the
 * selected world stay as they were. An accepted import is saved in IndexedDB (src/data/imports.ts) and its
 * world `import:<id>` selected.
 */
import { create } from 'zustand';
import { deleteImport, listImports, onImportsChanged, type StoredImportMeta } from '../data/imports';
import type { CostChoice, PromptsPreview } from '../engine/import/importDataset';
import type { CsvMapping } from '../engine/import/mapping';
import type { ModelInfo } from '../engine/import/models';
import { fmtCounted } from '../engine/lab/format';
import { messageOf } from '../engine/messageOf';
import { ownValue, recordOf } from '../engine/userKeys';
import type { ImportProblem, PickedFile } from '../workers/importApi';
import { importFile, readSelection } from '../workers/importBridge';
import { useParams } from './params';

export type { ImportProblem, PickedFile } from '../workers/importApi';

export type ImportStage = 'idle' | 'reading' | 'preview' | 'validating' | 'error' | 'accepted';

export interface ImportState {
  stage: ImportStage;
  /** Set in the error stage: the exact one-line message. */
  error: ImportProblem | null;
  /** The picked prompts file: the worker reads it again (or reuses its last read) for the import. */
  promptsFile: PickedFile | null;
  /** While reading: the names of the files being read. */
  readingNames: string[];
  /** While validating: rows checked of the file's rows. */
  progress: { done: number; total: number } | null;
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
  promptsFile: null,
  readingNames: [] as string[],
  progress: null,
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

/**
 * The stored import an import named `name` would sit beside under the same name (trimmed, any case), if any: the
 * list would show two of that name, or, where the data are the same too, the new one replaces it (imports.ts).
 */
export function sameNamedImport(name: string, imports: readonly StoredImportMeta[]): StoredImportMeta | undefined {
  const key = name.trim().toLowerCase();
  return key === '' ? undefined : imports.find((d) => d.name.trim().toLowerCase() === key);
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

export const useImport = create<ImportState>()((set, get) => ({
  ...EMPTY,
  accepted: null,
  imports: [],
  importsLoaded: false,

  async selectFiles(files) {
    if (files.length === 0) return;
    // At once, before anything is awaited: what the panel showed is no longer the answer (the previous
    // preview stays until this selection's replaces it, or is kept when it is refused).
    set({ stage: 'reading', error: null, readingNames: files.map((f) => f.name) });
    const fail = (problem: ImportProblem) => set({ stage: 'error', error: problem });
    // Checked, read and previewed in the import worker (workers/importApi.ts), sizes first.
    const read = await readSelection(files);
    if (!read.ok) return fail(read.problem);
    const { prompts, modelsFile: models } = read.value;
    const modelInfo = models ? models.models : get().modelInfo;
    const modelsFile = models ? { name: models.name, bytes: models.bytes } : get().modelsFile;
    if (!prompts) {
      // Only a models.json: it fills in the prices of the prompts already previewed.
      const { preview, models: chosen, prices } = get();
      if (!preview) return fail({ message: `${models?.name}: choose a prompts file (.jsonl or .csv) with it` });
      set({ modelInfo, modelsFile, prices: pricesFor(chosen, modelInfo, pricesWithout(prices, chosen, modelInfo)), stage: 'preview', error: null });
      return;
    }
    const { preview } = prompts;
    // Prices the user typed survive a failed import and the fixed file picked again: a model of the same name keeps
    // its price (issue 41, item 8); a models.json's defaults still fill in the rest.
    const typed = get().prices;
    set({
      ...EMPTY,
      stage: 'preview',
      promptsFile: files.find((f) => f.name === prompts.name) ?? null,
      preview,
      modelsFile,
      modelInfo,
      name: prompts.name.replace(/\.(jsonl|ndjson|json|csv)$/i, ''),
      mapping: preview.mapping ?? null,
      models: preview.models,
      // Per-prompt costs when the rows record them: the measured price of each query beats a list price.
      costMode: preview.costFields.length > 0 ? 'per_prompt' : 'set',
      costField: preview.costFields[0] ?? '',
      prices: pricesFor(preview.models, modelInfo, pricesWithout(typed, preview.models, models ? models.models : [])),
    });
  },

  setName(name) {
    set({ name });
  },

  setMapping(patch) {
    const mapping = get().mapping;
    if (!mapping) return;
    const next = { ...mapping, ...patch };
    // A column has one role: taking it as text, id, task or answer removes it from the models.
    const roles = new Set([next.textColumn, next.idColumn, next.taskColumn, next.answerColumn].filter(Boolean));
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
    if (!s.promptsFile || !s.preview) return null;
    set({ stage: 'validating', error: null, progress: null });
    const costs: CostChoice = s.costMode === 'per_prompt' ? { mode: 'per_prompt', field: s.costField } : { mode: 'set', prices: s.prices };
    const saved = await importFile(
      s.promptsFile,
      {
        name: s.name,
        modelsFile: s.modelsFile ?? undefined,
        mapping: s.mapping ?? undefined,
        models: s.preview.format === 'jsonl' ? s.models : undefined,
        costs,
      },
      (done, total) => set({ progress: { done, total } }),
    );
    if (!saved.ok) {
      set({ stage: 'error', error: saved.problem, progress: null });
      return null;
    }
    const { id, name, rows } = saved.value;
    // The form closes: the import is done (its typed prices are kept for the next file's models of the same name).
    set({ ...EMPTY, prices: s.prices, stage: 'accepted', accepted: { id, name, rows } });
    // Text features need no model and, unlike task one-hot, tell prompts of one task apart; the costs are
    // the ones the user just chose.
    useParams.getState().set({ world: `import:${id}`, features: 'hashed-ngrams', dim: 64, costs: saved.value.costs });
    await get().refreshImports();
    return id;
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
            text: `${fmtCounted(fresh.length, 'stored import record')} could not be read (${which}); the other imports are listed`,
          },
        ]);
      }
    } catch (e) {
      set({ stage: 'error', error: { message: `the stored imports cannot be read (${messageOf(e)})` } });
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

/**
 * Keeps the list of imports current: an import saved, deleted or found damaged here, in a worker (the run that
 * read it) or in another tab refreshes it; a rebuilt database (data/idbStore.ts) is said in a notice. Returns the
 * unsubscribe; connected once, with the lab (labStore.ts).
 */
export function watchStoredImports(): () => void {
  return onImportsChanged((event) => {
    if (event.kind === 'repaired') {
      useParams.getState().addNotices([
        {
          field: 'imports',
          text: "The browser's database of imports had lost its table (site data partly cleared?); it has been rebuilt, empty: import your files again",
        },
      ]);
    }
    void useImport.getState().refreshImports();
  });
}

/** Prices typed for models that models.json now prices are replaced by its defaults. */
function pricesWithout(prices: Record<string, string>, models: readonly string[], info: readonly ModelInfo[]): Record<string, string> {
  const out = { ...prices };
  for (const m of models) if (info.some((i) => i.name === m && i.defaultPrice !== undefined)) delete out[m];
  return out;
}
