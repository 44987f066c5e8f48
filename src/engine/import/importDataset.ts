import { isDecimal, MAX_IMPORT_PRICE } from '../params';
import { ownValue, recordOf } from '../userKeys';
import { show } from '../worlds/errors';
import { ARMS_BOUND, MAX_ARMS, overBound } from '../worlds/limits';
import { PROGRESS_EVERY } from '../worlds/prompts';
import { z } from '../zod';
import { type CsvRow, parseCsv } from './csv';
import { checkImportSize, ImportError, ProblemCollector } from './errors';
import { previewJsonl, readJsonlPrompts } from './jsonl';
import { type CsvMapping, DEFAULT_TASK, leftOutColumns, mappingProblem, proposeCsvMapping } from './mapping';

/** A dataset the user brought, in the shape the engine's dataset world reads (spec.prompts = 'prompts.jsonl'). */
export interface ImportedDataset {
  /** From the file name, editable. */
  name: string;
  models: string[];
  /** Set prices per model, or a per-prompt cost field present in the JSONL rows (e.g. cost_usd). */
  costs: number[] | { per_prompt: string };
  /** World-format JSONL lines ({id,text,task,outcomes[,trials][,<cost field>]}), one per prompt. */
  promptsJsonl: string;
  rows: number;
  tasks: string[];
  source: { files: string[]; bytes: number };
}

/** A file as the import reads it: its name, its text and its size in bytes (checked against the 50 MB limit). */
export interface SourceFile {
  name: string;
  text: string;
  bytes: number;
  /** What reading the bytes lost (decode.ts: bytes that are not UTF-8), shown with the preview. */
  warning?: string;
}

type PromptsFormat = 'csv' | 'jsonl';

/** Rows shown before the import runs. */
const PREVIEW_ROWS = 10;

export interface PromptsPreview {
  format: PromptsFormat;
  file: string;
  /** The table's columns: the CSV header, or id, task, text and the models for JSONL. */
  columns: string[];
  /** The first rows as text cells, one per column (shown as text, never as HTML). */
  rows: { line: number; cells: string[] }[];
  /** CSV: the proposed mapping (the user may change it). */
  mapping?: CsvMapping;
  /** The models the import will use unless changed: the first JSONL row's outcomes, or the proposed CSV model columns. */
  models: string[];
  /** JSONL fields that hold a cost per model on the first row (`cost_usd`): per-prompt cost candidates. */
  costFields: string[];
  /** What reading the file lost (undecodable bytes); `importWarnings` adds what the current mapping leaves out. */
  warnings: string[];
}

/** Everything the import, as now mapped, would silently lose: undecodable bytes, and (CSV) the columns left unused. */
export function importWarnings(preview: PromptsPreview, mapping: CsvMapping | null): string[] {
  return [...preview.warnings, ...(preview.format === 'csv' && mapping ? leftOutColumns(preview.columns, preview.rows, mapping) : [])];
}

/** `.csv` → CSV, `.jsonl`/`.json`/`.ndjson` → JSONL; anything else is refused by name. */
function promptsFormat(fileName: string): PromptsFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson') || lower.endsWith('.json')) return 'jsonl';
  throw new ImportError({ file: fileName }, 'not a prompts file (expected .jsonl or .csv)');
}

/** Parses just enough of the prompts file to preview it and propose a mapping. */
export function previewPrompts(file: SourceFile): PromptsPreview {
  checkImportSize(file.name, file.bytes);
  const format = promptsFormat(file.name);
  const fileWarnings = file.warning ? [file.warning] : [];
  if (format === 'csv') {
    const table = parseCsv(file.text, file.name, { maxRows: PREVIEW_ROWS });
    const mapping = proposeCsvMapping(table.header, table.rows);
    // More model columns than a world may have: refused here, before the form would show a field for each.
    const n = mapping.modelColumns.length;
    if (n > MAX_ARMS) throw new ImportError({ file: file.name }, `the header ${overBound(n, MAX_ARMS, 'columns of outcomes (models)', ARMS_BOUND)}`);
    return { format, file: file.name, columns: table.header, rows: table.rows, mapping, models: mapping.modelColumns, costFields: [], warnings: fileWarnings };
  }
  const preview = previewJsonl(file.text, file.name, PREVIEW_ROWS);
  const cell = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : show(v));
  return {
    format,
    file: file.name,
    columns: ['id', 'task', 'text', ...preview.models],
    rows: preview.rows.map(({ line, value }) => {
      const outcomes = (value.outcomes ?? {}) as Record<string, unknown>;
      return { line, cells: [cell(value.id), cell(value.task), cell(value.text), ...preview.models.map((m) => cell(ownValue(outcomes, m)))] };
    }),
    models: preview.models,
    costFields: preview.costFields,
    warnings: fileWarnings,
  };
}

export type CostChoice =
  /** One price per model (as typed in the form: strings are checked and converted). */
  | { mode: 'set'; prices: Record<string, string | number> }
  /** Each row's `<field>` {model: cost}. */
  | { mode: 'per_prompt'; field: string };

export interface ImportRequest {
  name: string;
  prompts: SourceFile;
  /** The models.json the prices came from, if any: recorded in `source`. */
  modelsFile?: { name: string; bytes: number };
  /** CSV: which columns hold what (default: the proposed mapping). */
  mapping?: CsvMapping;
  /** JSONL: the models to keep (default: all of the first row's outcomes). */
  models?: string[];
  costs: CostChoice;
}

/**
 * Validates the whole file and builds the dataset; throws an ImportError with the file's first problem, carrying
 * the others found in its rows (ImportError.others, unlisted), or at once for a problem of the file as a whole. `onProgress`
 * hears (rows checked, rows) every few thousand rows: a large file takes seconds.
 */
export function importDataset(req: ImportRequest, onProgress?: (done: number, total: number) => void): ImportedDataset {
  const { prompts } = req;
  checkImportSize(prompts.name, prompts.bytes);
  if (req.modelsFile) checkImportSize(req.modelsFile.name, req.modelsFile.bytes);
  const name = req.name.trim();
  if (name === '') throw new ImportError({ file: 'dataset name' }, 'must not be empty');
  const format = promptsFormat(prompts.name);

  let models: string[];
  let body: { promptsJsonl: string; rows: number; tasks: string[] };
  if (format === 'csv') {
    if (req.costs.mode === 'per_prompt') {
      throw new ImportError({ file: prompts.name }, 'per-prompt costs need a JSONL file with a {model: cost} field; give set prices for a CSV');
    }
    // Rows that are not valid CSV are listed with the rows' other problems, all at once.
    const table = parseCsv(prompts.text, prompts.name, { keepGoing: true });
    const mapping = req.mapping ?? proposeCsvMapping(table.header, table.rows.slice(0, PREVIEW_ROWS));
    const problem = mappingProblem(table.header, mapping);
    if (problem) throw new ImportError({ file: prompts.name }, problem);
    models = [...mapping.modelColumns];
    body = csvToPrompts(table.rows, table.header, mapping, prompts.name, onProgress, table.problems);
  } else {
    const detected = previewJsonl(prompts.text, prompts.name, 1).models;
    models = req.models ? [...req.models] : detected;
    if (models.length === 0) throw new ImportError({ file: prompts.name }, 'choose at least one model');
    const costField = req.costs.mode === 'per_prompt' ? req.costs.field : undefined;
    body = readJsonlPrompts(prompts.text, prompts.name, { models, costField, onProgress });
  }
  const costs = req.costs.mode === 'set' ? parsePrices(models, req.costs.prices) : { per_prompt: req.costs.field };
  const files = [prompts.name, ...(req.modelsFile ? [req.modelsFile.name] : [])];
  const bytes = prompts.bytes + (req.modelsFile?.bytes ?? 0);
  return { name, models, costs, ...body, source: { files, bytes } };
}

/** Why prices are bounded, in the message that refuses one. */
const PRICE_BOUND_WHY = 'a query at the largest λ would cost more successes than a run can add up';

/** A price as typed: a decimal number (1e-3 reads too), greater than 0, at most MAX_IMPORT_PRICE. */
const priceSchema = z
  .union([z.number(), z.string()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(
    z
      .string()
      .min(1, { error: 'no price (enter a positive number)' })
      .refine(isDecimal, { error: (issue) => `${show(issue.input)} is not a number` })
      .transform(Number)
      .refine((v) => v > 0, { error: (issue) => `must be a positive number (got ${String(issue.input)})` })
      .refine((v) => v <= MAX_IMPORT_PRICE, {
        error: (issue) => `must be at most ${MAX_IMPORT_PRICE.toExponential(0)} (got ${String(issue.input)}): ${PRICE_BOUND_WHY}`,
      }),
  );

/** One positive price per model, in the models' order. Errors: `prices, model "gpt-4o": "abc" is not a number`. */
export function parsePrices(models: readonly string[], prices: Record<string, string | number>): number[] {
  return models.map((model) => {
    const result = priceSchema.safeParse(ownValue(prices, model) ?? '');
    if (!result.success) throw new ImportError({ file: 'prices', field: model, fieldKind: 'model' }, result.error.issues[0].message);
    return result.data;
  });
}

/** The checks of one CSV cell, as zod schemas; an issue's path names the role, and so the column. */
function csvRowSchema(models: readonly string[]) {
  const outcome = z
    .string()
    .min(1, { error: 'no outcome (the cell is empty)' })
    .refine(isDecimal, { error: (issue) => `outcome ${show(issue.input)} is not a number` })
    .transform(Number)
    .refine((v) => v >= 0 && v <= 1, { error: (issue) => `outcome ${String(issue.input)} is outside [0, 1]` });
  return z.object({
    id: z.string().min(1, { error: 'the id is empty' }).optional(),
    text: z.string().min(1, { error: 'the prompt text is empty' }),
    task: z.string().min(1, { error: 'the task is empty' }).optional(),
    answer: z.string().optional(),
    // An array, not an object keyed by model: zod's output would drop a model named __proto__ (userKeys.ts).
    outcomes: z.array(outcome).length(models.length),
  });
}

function csvToPrompts(
  rows: readonly CsvRow[],
  header: readonly string[],
  mapping: CsvMapping,
  file: string,
  onProgress?: (done: number, total: number) => void,
  /** The file's rows that are not valid CSV (parseCsv keepGoing): listed with the others. */
  structural: readonly ImportError[] = [],
) {
  const col = (name: string | undefined) => (name === undefined ? -1 : header.indexOf(name));
  const textAt = col(mapping.textColumn);
  const idAt = col(mapping.idColumn);
  const taskAt = col(mapping.taskColumn);
  const answerAt = col(mapping.answerColumn);
  const modelAt = mapping.modelColumns.map(col);
  const schema = csvRowSchema(mapping.modelColumns);
  const columnOf = (path: readonly PropertyKey[]): string => {
    if (path[0] === 'outcomes') return mapping.modelColumns[Number(path[1])];
    if (path[0] === 'id') return mapping.idColumn!;
    if (path[0] === 'task') return mapping.taskColumn!;
    return mapping.textColumn;
  };
  const firstLineOfId = new Map<string, number>();
  const tasks = new Set<string>();
  const out: string[] = new Array(rows.length);
  // Every row is checked; the problems are listed together (ProblemCollector), the first one first.
  const problems = new ProblemCollector();
  for (const p of structural) problems.add(p);
  rows.forEach((row, i) => {
    if (onProgress && i % PROGRESS_EVERY === 0 && i > 0) onProgress(i, rows.length);
    const cells = row.cells;
    const result = schema.safeParse({
      id: idAt >= 0 ? cells[idAt] : undefined,
      text: cells[textAt],
      task: taskAt >= 0 ? cells[taskAt] : undefined,
      answer: answerAt >= 0 ? cells[answerAt] : undefined,
      outcomes: modelAt.map((at) => cells[at]),
    });
    if (!result.success) {
      const issue = result.error.issues[0];
      problems.add(new ImportError({ file, line: row.line, field: columnOf(issue.path), fieldKind: 'column' }, issue.message));
      return;
    }
    const id = result.data.id ?? String(i + 1);
    const first = firstLineOfId.get(id);
    if (first !== undefined) {
      problems.add(
        new ImportError({ file, line: row.line, field: mapping.idColumn ?? 'id', fieldKind: 'column' }, `duplicate id ${show(id)} (first on line ${first})`),
      );
      return;
    }
    firstLineOfId.set(id, row.line);
    const task = result.data.task ?? DEFAULT_TASK;
    tasks.add(task);
    const outcomes = recordOf(mapping.modelColumns.map((m, k) => [m, result.data.outcomes[k]] as const));
    const answer = result.data.answer ? { answer: result.data.answer } : {};
    out[i] = JSON.stringify({ id, text: result.data.text, task, ...answer, outcomes });
  });
  problems.throwIfAny();
  onProgress?.(rows.length, rows.length);
  return { promptsJsonl: `${out.join('\n')}\n`, rows: rows.length, tasks: [...tasks].sort() };
}
