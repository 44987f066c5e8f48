import { ownValue, userKeyedFields } from '../userKeys';
import { z } from '../zod';
import { expecting, fieldPath, show, WorldFormatError } from './errors';
import { lineColumn, parseJson, stripBom } from './json';

/** One prompt of a dataset file, reduced to what the world needs. */
export interface PromptRow {
  id: string;
  text: string;
  task: string;
  /** 1-based line in the file, for messages and the lab's prompt view. */
  line: number;
  /** Success probability per model: the recorded score, or the mean of its trials. */
  q: Float64Array;
  /** Recorded 0/1 outcomes per model (null where the row has none), replayed by `pull`. */
  trials: (Uint8Array | null)[];
  /** Cost per model from the row's `costField`, when costs are per prompt. */
  costs: Float64Array | null;
}

export interface PromptsOptions {
  models: readonly string[];
  /** `costs.per_prompt`: the row field holding {model: cost}. */
  costField?: string;
  /** The path as the world file wrote it, for messages. */
  file: string;
  source?: string;
  /** Called every PROGRESS_EVERY lines and after the last with (lines checked, lines): an import's progress. */
  onProgress?: (done: number, total: number) => void;
  /**
   * With this, a line's problem is handed here and the line skipped, so that the whole file is checked and an
   * import can list every problem (issue 15, item 6); without it, the first problem throws.
   */
  onProblem?: (e: WorldFormatError) => void;
}

/** How many lines between two progress calls: often enough for a bar, rare enough to cost nothing. */
export const PROGRESS_EVERY = 10_000;

const SCORE = 'a score in [0, 1]';
const POSITIVE = 'a positive number';

/** Parses a prompts JSONL file (one JSON object per line; blank lines skipped) and checks every row. */
export function readPromptRows(fileText: string, opts: PromptsOptions): PromptRow[] {
  const schema = rowSchema(opts.models);
  const costSchema = perModelCosts(opts.models);
  const lines = stripBom(fileText).split('\n');
  const rows: PromptRow[] = [];
  const firstLineOfId = new Map<string, number>();
  let problems = 0;
  lines.forEach((lineText, i) => {
    if (opts.onProgress && i % PROGRESS_EVERY === 0 && i > 0) opts.onProgress(i, lines.length);
    if (lineText.trim() === '') return;
    try {
      readLine(lineText, i + 1);
    } catch (e) {
      if (!(opts.onProblem && e instanceof WorldFormatError)) throw e;
      problems++;
      opts.onProblem(e);
    }
  });
  if (rows.length === 0 && problems === 0) throw new WorldFormatError('prompts', `${show(opts.file)} holds no prompts`, opts.source);
  opts.onProgress?.(lines.length, lines.length);
  return rows;

  function readLine(lineText: string, line: number): void {
    const fail = (problem: string) => new WorldFormatError('prompts', `line ${line} of ${opts.file}: ${problem}`, opts.source);
    const parsed = parseJson(lineText);
    if (!parsed.ok) {
      const at = parsed.offset === null ? '' : ` at ${lineColumn(lineText, parsed.offset).replace(/^line 1, /, '')}`;
      throw fail(`not valid JSON${at} (${parsed.reason})`);
    }
    // Models are user text: validate and read the per-model objects as own properties (see userKeys.ts).
    const keysProblem = userKeyedFields(parsed.value, ['outcomes', 'trials', opts.costField]);
    if (keysProblem) throw fail(keysProblem);
    const result = schema.safeParse(parsed.value);
    if (!result.success) throw rowError(result.error.issues[0], parsed.value, line, opts, fail);
    // The cost field is checked apart, by its own value: its name is user text, and zod's shape would lose a key named
    // `__proto__` (and, on a plain object, see Object.prototype's `constructor`).
    const costField = opts.costField;
    let recordedCosts: Record<string, number> | null = null;
    if (costField !== undefined) {
      const value = ownValue(parsed.value as Record<string, unknown>, costField);
      if (value === undefined) {
        throw new WorldFormatError('costs.per_prompt', `line ${line} of ${opts.file} has no ${show(costField)} field (expected {model: cost})`, opts.source);
      }
      const costs = costSchema.safeParse(value);
      if (!costs.success) {
        const issue = costs.error.issues[0];
        throw fail(`${fieldPath([costField, ...issue.path])}: ${issue.message}`);
      }
      recordedCosts = value as Record<string, number>;
    }
    // The row as parsed, now validated: zod transforms nothing here, and its output would drop a model named __proto__.
    const row = parsed.value as typeof result.data;
    const id = String(row.id);
    const first = firstLineOfId.get(id);
    if (first !== undefined) throw fail(`duplicate id ${show(row.id)} (first on line ${first})`);
    firstLineOfId.set(id, line);
    const trials = opts.models.map((m) => (row.trials?.[m] ? Uint8Array.from(row.trials[m]) : null));
    const q = opts.models.map((m, a) => {
      const t = trials[a];
      return t ? t.reduce((s, v) => s + v, 0) / t.length : row.outcomes[m];
    });
    const costs = recordedCosts ? Float64Array.from(opts.models, (m) => recordedCosts[m]) : null;
    rows.push({ id, text: row.text, task: row.task, line, q: Float64Array.from(q), trials, costs });
  }
}

/** A row's {model: cost}: a positive number for every model. */
function perModelCosts(models: readonly string[]) {
  const perModel = Object.fromEntries(models.map((m) => [m, z.number(expecting(POSITIVE)).positive(expecting(POSITIVE))]));
  return z.looseObject(perModel, expecting('an object {model: cost}'));
}

/** The row shape, with one required key per model so zod itself reports a model missing on a line. */
function rowSchema(models: readonly string[]) {
  const perModel = <T extends z.ZodType>(item: T) => Object.fromEntries(models.map((m) => [m, item])) as Record<string, T>;
  const score = z.number(expecting(SCORE)).min(0, expecting(SCORE)).max(1, expecting(SCORE));
  const trial = z.array(z.literal([0, 1], expecting('0 or 1')), expecting('an array of 0/1 outcomes')).min(1, expecting('a non-empty array of 0/1 outcomes'));
  const object = (what: string) => expecting(`an object ${what}`);
  return z.looseObject(
    {
      id: z.union([z.string(), z.number()], expecting('a string or number')),
      text: z.string(expecting('a string')),
      task: z.string(expecting('a non-empty string')).min(1, expecting('a non-empty string')),
      outcomes: z.looseObject(perModel(score), object('{model: score}')),
      trials: z.looseObject(perModel(trial.optional()), object('{model: [0/1 outcomes]}')).optional(),
    },
    expecting('a JSON object'),
  );
}

/** Missing model → `models[i]`; missing cost field → `costs.per_prompt`; anything else → `prompts` with the line. */
function rowError(issue: z.core.$ZodIssue, row: unknown, line: number, opts: PromptsOptions, fail: (problem: string) => WorldFormatError): WorldFormatError {
  const [head, key] = issue.path;
  // zod keeps no input on its issues, so look the value up: absent means missing, not mistyped.
  const missing = issue.path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown>)?.[k], row) === undefined;
  if (missing && head === 'outcomes' && issue.path.length === 2) {
    const a = opts.models.indexOf(String(key));
    const recorded = Object.keys((row as { outcomes: object }).outcomes).join(', ');
    return new WorldFormatError(
      `models[${a}]`,
      `${show(key)} has no outcome on line ${line} of ${opts.file} (outcomes there: ${recorded || 'none'})`,
      opts.source,
    );
  }
  return fail(issue.path.length === 0 ? issue.message : `${fieldPath(issue.path)}: ${issue.message}`);
}
