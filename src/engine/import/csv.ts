import Papa from 'papaparse';
import { nameProblem, nfc } from '../names';
import { CSV_COLUMNS_BOUND, MAX_CSV_COLUMNS, overBound } from '../worlds/limits';
import { ImportError, ProblemCollector } from './errors';

/** One data row of a CSV file, with the physical line it starts on (quoted fields may span lines). */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
  /** With `leadingComments`: the text of the `#` lines before the header (the lab's own CSV export writes them). */
  comments?: string[];
  /** With `keepGoing`: the rows that are not valid CSV (a broken quote, a missing cell), left out of `rows`. */
  problems?: ImportError[];
}

export interface CsvOptions {
  /** Stop after this many data rows (the preview); default: all. */
  maxRows?: number;
  /** Lines starting with `#` before the header are comments, returned apart (default: data like any line). */
  leadingComments?: boolean;
  /**
   * Rows that are not valid CSV are returned in `problems` for the caller to list with its own (default: thrown, all
   * of them at once). Either way the parse goes on past a bad row, so a file's every structural problem is said.
   */
  keepGoing?: boolean;
}

/**
 * Parses CSV text with papaparse: the first row is the header, every later row must have as many cells.
 * Blank lines are skipped; cells are trimmed (a CRLF file read with LF line breaks keeps a `\r` in its last
 * cell otherwise). Errors name the line the offending row starts on.
 */
export function parseCsv(text: string, file: string, opts: CsvOptions = {}): CsvTable {
  let source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const comments: string[] = [];
  if (opts.leadingComments) {
    // A comment line is `# text`, or that text as one quoted cell (`"# text"`, as the lab's export writes it).
    while (source.startsWith('#') || source.startsWith('"#')) {
      const end = source.indexOf('\n');
      let line = (end === -1 ? source : source.slice(0, end)).replace(/\r$/, '');
      if (line.startsWith('"') && line.endsWith('"') && line.length > 1) line = line.slice(1, -1).replaceAll('""', '"');
      comments.push(line.slice(1).trim());
      source = end === -1 ? '' : source.slice(end + 1);
    }
  }
  let header: string[] | null = null;
  let headerLine = 0;
  const rows: CsvRow[] = [];
  // Papaparse reports rows, not lines: count the line breaks between row starts as the cursor moves.
  let countedTo = 0;
  let linesBefore = comments.length;
  let rowStart = 0;
  let failure: ImportError | null = null;
  const problems: ImportError[] = [];

  Papa.parse<string[]>(source, {
    header: false,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', '\t', ';', '|'],
    preview: opts.maxRows === undefined ? 0 : opts.maxRows + 1,
    step: (result, parser) => {
      // The row starts at the first character after the previous row that is not a line break (blank lines skipped).
      let start = rowStart;
      while (start < source.length && (source[start] === '\n' || source[start] === '\r' || source[start] === ' ' || source[start] === '\t')) start++;
      for (let i = countedTo; i < start; i++) if (source.charCodeAt(i) === 10) linesBefore++;
      countedTo = start;
      rowStart = result.meta.cursor;
      const line = linesBefore + 1;
      const problem = result.errors.find((e) => e.code !== 'UndetectableDelimiter');
      if (problem) {
        const error = new ImportError({ file, line }, `not valid CSV (${problem.message.replace(/\.$/, '')})`);
        // A header that is not valid CSV leaves nothing to check the rows against.
        if (header === null) {
          failure = error;
          parser.abort();
        } else problems.push(error);
        return;
      }
      if (header === null && result.data.length > MAX_CSV_COLUMNS) {
        // Refused before any per-column work (issue 42, item 1): a 50,000-column file was a 40 s task and a lost tab.
        failure = new ImportError({ file, line }, `the header ${overBound(result.data.length, MAX_CSV_COLUMNS, 'columns', CSV_COLUMNS_BOUND)}`);
        parser.abort();
        return;
      }
      const trimmed = result.data.map((c) => c.trim());
      // Column names are model names: in NFC, so that two forms of one name are one column name (names.ts).
      const cells = header === null ? trimmed.map(nfc) : trimmed;
      if (header === null) {
        header = cells;
        headerLine = line;
        failure = headerProblem(cells, file, line);
        if (failure) parser.abort();
        return;
      }
      if (cells.length !== header.length) {
        problems.push(new ImportError({ file, line }, `expected ${header.length} cells (one per header column), got ${cells.length}`));
        return;
      }
      rows.push({ line, cells });
    },
  });
  if (failure) throw failure;
  if (header === null) throw new ImportError({ file }, 'the file is empty (expected a header row, then one row per prompt)');
  if (!opts.keepGoing && problems.length > 0) {
    const all = new ProblemCollector();
    for (const p of problems) all.add(p);
    all.throwIfAny();
  }
  if (rows.length === 0 && problems.length === 0 && opts.maxRows !== 0) {
    throw new ImportError({ file, line: headerLine }, 'holds a header but no prompts');
  }
  const table: CsvTable = { header, rows };
  if (opts.leadingComments) table.comments = comments;
  if (opts.keepGoing) table.problems = problems;
  return table;
}

/** Column names must be non-empty and distinct: a mapping refers to columns by name. */
function headerProblem(header: string[], file: string, line: number): ImportError | null {
  const seen = new Map<string, number>();
  for (let i = 0; i < header.length; i++) {
    const name = header[i];
    if (name === '') return new ImportError({ file, line }, `header column ${i + 1} has no name`);
    const hidden = nameProblem(name);
    if (hidden) return new ImportError({ file, line, field: name, fieldKind: 'column' }, `the column name ${hidden}`);
    const first = seen.get(name);
    if (first !== undefined) {
      return new ImportError({ file, line, field: name, fieldKind: 'column' }, `the header names this column twice (columns ${first + 1} and ${i + 1})`);
    }
    seen.set(name, i);
  }
  return null;
}
