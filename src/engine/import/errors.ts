/**
 * The one error every rejected import ends in. It names the file, and where known the line and the column
 * (CSV), field (JSONL, models.json) or model (prices), so the message can point at the exact cell:
 * `prompts.csv line 17, column "gpt-4o": outcome 1.3 is outside [0, 1]`.
 */
import { show } from '../worlds/errors';
export type ImportFieldKind = 'column' | 'field' | 'model';

export interface ImportErrorLocation {
  /** The file's name as the user picked it (`prompts.csv`), or `prices` for the prices form. */
  file: string;
  /** 1-based physical line of the file. */
  line?: number;
  /** The column (CSV), field path (JSONL, models.json) or model name (prices). */
  field?: string;
  fieldKind?: ImportFieldKind;
}

export class ImportError extends Error {
  override readonly name = 'ImportError';
  readonly file: string;
  readonly line?: number;
  readonly field?: string;
  readonly fieldKind?: ImportFieldKind;
  /** When the import checked the whole file: the problems after this one (up to MAX_LISTED_PROBLEMS in all). */
  others: string[] = [];
  /** …and how many more it found beyond those listed. */
  unlisted = 0;

  constructor(
    where: ImportErrorLocation,
    /** What is wrong, without the location. */
    readonly problem: string,
  ) {
    super(`${locationText(where)}: ${problem.replace(/\s*\n\s*/g, ' ')}`);
    this.file = where.file;
    this.line = where.line;
    this.field = where.field;
    this.fieldKind = where.fieldKind;
  }
}

/** The problems an import lists, this one included; the rest are counted. */
const MAX_LISTED_PROBLEMS = 20;
/** Problems kept to put in line order before the first MAX_LISTED_PROBLEMS are listed (a broken file can have millions). */
const MAX_KEPT_PROBLEMS = 10_000;

/**
 * The problems of a whole file, so that one import says every one of them (issue 15, item 6), in line order: the
 * checks go on past a bad row, and `throwIfAny` throws the first with the others listed and the rest counted.
 */
export class ProblemCollector {
  private readonly kept: ImportError[] = [];
  private total = 0;

  add(e: ImportError): void {
    this.total++;
    if (this.kept.length < MAX_KEPT_PROBLEMS) this.kept.push(e);
  }

  throwIfAny(): void {
    if (this.total === 0) return;
    const sorted = [...this.kept].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    const [first, ...rest] = sorted.slice(0, MAX_LISTED_PROBLEMS);
    first.others = rest.map((e) => e.message);
    first.unlisted = this.total - 1 - rest.length;
    throw first;
  }
}

/** `prompts.csv line 17, column "gpt-4o"`, `models.json, field "[2].set_price"`, `prompts.jsonl line 3`. */
function locationText({ file, line, field, fieldKind = 'field' }: ImportErrorLocation): string {
  let text = file;
  if (line !== undefined) text += ` line ${line}`;
  if (field !== undefined) text += `, ${fieldKind} ${show(field)}`;
  return text;
}

/**
 * The largest file an import reads: 50 MB (MiB). The largest shared dataset is 15 MB, and the browser keeps
 * the file, its parsed rows and the stored copy in memory at once, so far larger files would risk the tab.
 */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** Checked on the file's size before a byte of it is read. */
export function checkImportSize(file: string, bytes: number): void {
  if (bytes > MAX_IMPORT_BYTES) {
    throw new ImportError({ file }, `the file is ${(bytes / 2 ** 20).toFixed(1)} MB (${bytes} bytes); the limit is 50 MB (${MAX_IMPORT_BYTES} bytes)`);
  }
}
