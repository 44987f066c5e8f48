import { isDecimal } from '../params';
import { show } from '../worlds/errors';
import { ARMS_BOUND, MAX_ARMS, overBound } from '../worlds/limits';
import type { CsvRow } from './csv';

/** Which CSV columns hold what. Columns are named by their header text. */
export interface CsvMapping {
  textColumn: string;
  /** Else each prompt's id is its row number (1 = the first row after the header). */
  idColumn?: string;
  /** Else every prompt's task is "all". */
  taskColumn?: string;
  /** The expected answer a live run grades against (docs/LIVE.md); kept with each prompt, unused by replays. */
  answerColumn?: string;
  /** One column per model, holding 0/1 or a score in [0, 1]; the column name is the model's name. */
  modelColumns: string[];
}

/** The task of every prompt when a CSV has no task column. */
export const DEFAULT_TASK = 'all';

const TEXT_NAMES = ['text', 'prompt', 'question', 'query', 'input', 'instruction'];
const ID_NAMES = ['id', 'prompt_id', 'question_id', 'qid', 'uid', 'key'];
const TASK_NAMES = ['task', 'category', 'subject', 'type', 'domain', 'dataset'];
const ANSWER_NAMES = ['answer', 'gold', 'expected', 'reference', 'target', 'solution'];

/**
 * A first guess from the header and the preview rows: text, id and task columns by their usual names, and as
 * models every other column with a number among its previewed cells. Out-of-range, empty and non-numeric
 * outcomes (`yes`, `NaN`) beside a number are kept in so that the import names them rather than quietly leaving
 * the model out; a column with no number at all is left out, and `leftOutColumns` says so. The user corrects
 * the guess in the form.
 */
export function proposeCsvMapping(header: readonly string[], preview: readonly CsvRow[]): CsvMapping {
  const byName = (names: string[]) => header.find((h) => names.includes(h.toLowerCase().replace(/[\s-]+/g, '_')));
  const idColumn = byName(ID_NAMES);
  const taskColumn = byName(TASK_NAMES);
  const answerColumn = byName(ANSWER_NAMES);
  const anyNumber = (i: number) => hasNumber(preview, i);
  const allNumbers = (i: number) => anyNumber(i) && preview.every((r) => r.cells[i] === '' || isDecimal(r.cells[i] ?? ''));
  const roles = [idColumn, taskColumn, answerColumn];
  const textColumn = byName(TEXT_NAMES) ?? header.find((h, i) => !roles.includes(h) && !allNumbers(i)) ?? header[0];
  const modelColumns = header.filter((h, i) => h !== textColumn && !roles.includes(h) && anyNumber(i));
  return { textColumn, idColumn, taskColumn, ...(answerColumn === undefined ? {} : { answerColumn }), modelColumns };
}

/** Whether column `i` holds a number among the previewed rows: what makes a column a model candidate. */
function hasNumber(preview: readonly CsvRow[], i: number): boolean {
  return preview.some((r) => isDecimal(r.cells[i] ?? ''));
}

/**
 * Why column `i` was not proposed as a model, or null when it holds a number (a numeric column left out was
 * unticked by the user): "no outcome (a number in [0, 1]) in its first 10 rows; line 2 holds "yes"".
 */
export function notAModelReason(preview: readonly CsvRow[], i: number): string | null {
  if (hasNumber(preview, i)) return null;
  const sample = preview.find((r) => (r.cells[i] ?? '') !== '');
  const holds = sample ? `; line ${sample.line} holds ${show(sample.cells[i])}` : ', all empty';
  return `no outcome (a number in [0, 1]) in its first ${preview.length} rows${holds}`;
}

/**
 * The columns the mapping leaves unused that hold no number, each with what they hold: the data an import would
 * drop without a word. A numeric column left out was unticked by the user, and is not repeated back.
 */
export function leftOutColumns(header: readonly string[], preview: readonly CsvRow[], mapping: CsvMapping): string[] {
  const used = new Set([mapping.textColumn, mapping.idColumn, mapping.taskColumn, mapping.answerColumn, ...mapping.modelColumns]);
  return header.flatMap((column, i) => {
    const reason = used.has(column) ? null : notAModelReason(preview, i);
    return reason ? [`column ${show(column)} is not used as a model: ${reason}`] : [];
  });
}

/** A mapping must name existing, distinct columns and at least one model: the message says which rule failed. */
export function mappingProblem(header: readonly string[], mapping: CsvMapping): string | null {
  const known = new Set(header);
  const roles: [string, string | undefined][] = [
    ['text', mapping.textColumn],
    ['id', mapping.idColumn],
    ['task', mapping.taskColumn],
    ['answer', mapping.answerColumn],
  ];
  for (const [role, column] of roles) {
    if (column !== undefined && !known.has(column)) return `the ${role} column ${show(column)} is not in the header`;
  }
  if (mapping.modelColumns.length === 0) return 'choose at least one model column';
  if (mapping.modelColumns.length > MAX_ARMS) return `the mapping ${overBound(mapping.modelColumns.length, MAX_ARMS, 'model columns', ARMS_BOUND)}`;
  const used = new Map<string, string>();
  for (const [role, column] of [...roles, ...mapping.modelColumns.map((c) => ['model', c] as [string, string])]) {
    if (column === undefined) continue;
    if (!known.has(column)) return `the model column ${show(column)} is not in the header`;
    const other = used.get(column);
    if (other) return `column ${show(column)} cannot be both the ${other} column and a ${role} column`;
    used.set(column, role);
  }
  return null;
}
