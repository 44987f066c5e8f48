import { nameProblem } from '../names';
import { ownValue, recordOf, userKeyedFields } from '../userKeys';
import { show, WorldFormatError } from '../worlds/errors';
import { lineColumn, parseJson, stripBom } from '../worlds/json';
import { ARMS_BOUND, MAX_ARMS, overBound } from '../worlds/limits';
import { readPromptRows } from '../worlds/prompts';
import { ImportError, ProblemCollector } from './errors';

interface JsonlPreviewRow {
  line: number;
  value: Record<string, unknown>;
}

export interface JsonlPreview {
  rows: JsonlPreviewRow[];
  /** The models of the first row's `outcomes`, in its order. */
  models: string[];
  /** Fields of the first row holding a positive number per model (`cost_usd`): candidates for per-prompt costs. */
  costFields: string[];
}

/** The first `maxRows` prompts, parsed, with the models and cost fields the first one shows. */
export function previewJsonl(text: string, file: string, maxRows: number): JsonlPreview {
  const lines = stripBom(text).split('\n', 10 * maxRows + 1000);
  const rows: JsonlPreviewRow[] = [];
  for (let i = 0; i < lines.length && rows.length < maxRows; i++) {
    if (lines[i].trim() === '') continue;
    const line = i + 1;
    const parsed = parseJson(lines[i]);
    if (!parsed.ok) throw new ImportError({ file, line }, jsonProblem(lines[i], parsed.offset, parsed.reason));
    if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
      throw new ImportError({ file, line }, 'must be a JSON object {id, text, task, outcomes}');
    }
    // Every per-model object's keys in NFC, as the import will read them (userKeys.ts, names.ts).
    const value = parsed.value as Record<string, unknown>;
    const keysProblem = userKeyedFields(value, Object.keys(value));
    if (keysProblem) throw new ImportError({ file, line }, keysProblem);
    rows.push({ line, value });
  }
  if (rows.length === 0) throw new ImportError({ file }, 'the file holds no prompts (expected one JSON object per line)');
  const first = rows[0];
  const outcomes = first.value.outcomes;
  if (typeof outcomes !== 'object' || outcomes === null || Array.isArray(outcomes) || Object.keys(outcomes).length === 0) {
    throw new ImportError({ file, line: first.line, field: 'outcomes' }, `must be an object {model: score} with at least one model (got ${show(outcomes)})`);
  }
  const models = Object.keys(outcomes);
  // The bound before any per-model work (issue 42, item 1): the preview of a 50,000-model line was minutes of the page's time.
  if (models.length > MAX_ARMS) throw new ImportError({ file, line: first.line, field: 'outcomes' }, overBound(models.length, MAX_ARMS, 'models', ARMS_BOUND));
  for (const model of models) {
    const problem = nameProblem(model);
    if (problem) throw new ImportError({ file, line: first.line, field: `outcomes.${model}` }, `the model name ${problem}`);
  }
  const costFields = Object.keys(first.value).filter((key) => {
    const v = first.value[key];
    if (key === 'outcomes' || key === 'trials' || typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const perModel = v as Record<string, unknown>;
    return models.every((m) => {
      const cost = ownValue(perModel, m);
      return typeof cost === 'number' && cost > 0;
    });
  });
  return { rows, models, costFields };
}

export interface JsonlImport {
  /** World-format lines {id, text, task, outcomes[, trials][, <costField>]}, only the chosen models. */
  promptsJsonl: string;
  rows: number;
  tasks: string[];
}

/**
 * Checks every line with the engine's own prompt-row validator (readPromptRows: JSON, field types, a model
 * missing on a line, scores outside [0, 1], non-positive per-prompt costs, duplicate ids), plus non-empty text,
 * then writes the rows back in the world format, dropping fields the lab does not use (responses, tokens, …).
 */
export function readJsonlPrompts(
  text: string,
  file: string,
  opts: { models: readonly string[]; costField?: string; onProgress?: (done: number, total: number) => void },
): JsonlImport {
  // Every line is checked; its problems are listed together (ProblemCollector), the first one first.
  const problems = new ProblemCollector();
  let checked: ReturnType<typeof readPromptRows>;
  try {
    checked = readPromptRows(text, {
      models: opts.models,
      costField: opts.costField,
      file,
      onProgress: opts.onProgress,
      onProblem: (e) => problems.add(fromWorldError(e, file, opts.costField)),
    });
  } catch (e) {
    if (e instanceof WorldFormatError) throw fromWorldError(e, file, opts.costField);
    throw e;
  }
  for (const row of checked) {
    if (row.text.trim() === '') problems.add(new ImportError({ file, line: row.line, field: 'text' }, 'the prompt text is empty'));
  }
  problems.throwIfAny();

  // readPromptRows keeps q (the trials' mean), not the recorded values: read the checked lines once more for them.
  const lines = stripBom(text).split('\n');
  const out: string[] = new Array(checked.length);
  const tasks = new Set<string>();
  checked.forEach((row, i) => {
    const value = JSON.parse(lines[row.line - 1]) as Record<string, Record<string, unknown> | undefined>;
    userKeyedFields(value, ['outcomes', 'trials', opts.costField]); // keys in NFC, as readPromptRows checked them
    const trials = value.trials ? pick(value.trials, opts.models) : null;
    const costs = opts.costField ? pick(ownValue(value, opts.costField)!, opts.models) : null;
    // The cost field's name is user text too: entries, not assignments (userKeys.ts).
    const prompt = recordOf<unknown>([
      ['id', row.id],
      ['text', row.text],
      ['task', row.task],
      // The expected answer a live run grades against (docs/LIVE.md), kept as text.
      ...(typeof value.answer === 'string' || typeof value.answer === 'number' ? [['answer', String(value.answer)] as const] : []),
      ['outcomes', pick(value.outcomes!, opts.models)],
      ...(trials && Object.keys(trials).length > 0 ? [['trials', trials] as const] : []),
      ...(opts.costField && costs ? [[opts.costField, costs] as const] : []),
    ]);
    out[i] = JSON.stringify(prompt);
    tasks.add(row.task);
  });
  return { promptsJsonl: `${out.join('\n')}\n`, rows: checked.length, tasks: [...tasks].sort() };
}

/** The record's values for `models` (model names are user text: own properties only, see userKeys.ts). */
function pick(record: Record<string, unknown>, models: readonly string[]): Record<string, unknown> {
  return recordOf(
    models.flatMap((m) => {
      const value = ownValue(record, m);
      return value === undefined ? [] : [[m, value] as const];
    }),
  );
}

function jsonProblem(lineText: string, offset: number | null, reason: string): string {
  const at = offset === null ? '' : ` at ${lineColumn(lineText, offset).replace(/^line 1, /, '')}`;
  return `not valid JSON${at} (${reason})`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * readPromptRows speaks the world file's language (`prompts: line 7 of f: outcomes["m"]: …`, `models[3]: …`);
 * an import names the file, line and field instead: `prompts.jsonl line 7, field "outcomes.m": …`.
 */
function fromWorldError(e: WorldFormatError, file: string, costField?: string): ImportError {
  const ofFile = escapeRegExp(file);
  const missingModel = new RegExp(`^("(?:[^"\\\\]|\\\\.)*") has no outcome on line (\\d+) of ${ofFile} \\(outcomes there: (.*)\\)$`).exec(e.problem);
  if (missingModel) {
    const model = JSON.parse(missingModel[1]) as string;
    return new ImportError(
      { file, line: Number(missingModel[2]), field: `outcomes.${model}` },
      `model ${missingModel[1]} has no outcome on this line (outcomes there: ${missingModel[3]})`,
    );
  }
  const missingCost = new RegExp(`^line (\\d+) of ${ofFile} has no .* field`).exec(e.problem);
  if (missingCost && costField) {
    return new ImportError({ file, line: Number(missingCost[1]), field: costField }, 'missing (expected {model: cost} for per-prompt costs)');
  }
  const onLine = new RegExp(`^line (\\d+) of ${ofFile}: ([\\s\\S]*)$`).exec(e.problem);
  if (onLine) {
    const line = Number(onLine[1]);
    const rest = onLine[2];
    const duplicate = /^duplicate id /.test(rest);
    if (duplicate) return new ImportError({ file, line, field: 'id' }, rest);
    // `outcomes["gpt-4o"]: must be …` → field outcomes.gpt-4o
    const withField = /^((?:[A-Za-z_][A-Za-z0-9_]*)?(?:\.[A-Za-z_][A-Za-z0-9_]*|\[(?:\d+|"(?:[^"\\]|\\.)*")\])*): ([\s\S]*)$/.exec(rest);
    if (withField && withField[1] !== '') return new ImportError({ file, line, field: readableField(withField[1]) }, withField[2]);
    return new ImportError({ file, line }, rest);
  }
  if (/holds no prompts$/.test(e.problem)) return new ImportError({ file }, 'the file holds no prompts (expected one JSON object per line)');
  return new ImportError({ file }, e.message);
}

/** `outcomes["gpt-4o"]` → `outcomes.gpt-4o`; `trials["m"][2]` → `trials.m[2]`. */
function readableField(path: string): string {
  return path.replace(/\["((?:[^"\\]|\\.)*)"\]/g, (_, key: string) => `.${JSON.parse(`"${key}"`) as string}`);
}
