import { messageOf } from '../messageOf';
import { WorldFormatError } from './errors';
import { MAX_JSON_DEPTH } from './limits';
import { parseWorldSpec, type WorldSpec } from './schema';

/** Parses and validates the text of a world file. A JSON syntax error becomes field `(file)` with line and column. */
export function parseWorldJson(fileText: string, source?: string): WorldSpec {
  const text = stripBom(fileText);
  if (text.trim() === '') throw new WorldFormatError('(file)', 'empty (expected a JSON object)', source);
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const where = parsed.offset === null ? '' : ` at ${lineColumn(text, parsed.offset)}`;
    throw new WorldFormatError('(file)', `not valid JSON${where} (${parsed.reason})`, source);
  }
  return parseWorldSpec(parsed.value, source);
}

/** Editors on Windows may save a byte-order mark, which JSON.parse rejects. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export type JsonResult =
  | { ok: true; value: unknown }
  /** `offset`: where the text stops being JSON; `reason`: V8's words without its echo of the input. */
  | { ok: false; reason: string; offset: number | null };

/**
 * JSON.parse that says where it failed. Node 20's V8 gives a position for some errors only and echoes the
 * whole input in others, so the offset comes from our own scan (run only after a failure). A text nested deeper
 * than MAX_JSON_DEPTH that fails to parse is refused for its depth, the limit named (issue 42, item 3): the scan is
 * a loop, not a recursion, so a 100,000-deep `[[[…` is one line of message, not a stack overflow.
 */
export function parseJson(text: string): JsonResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const scan = scanJson(text, MAX_JSON_DEPTH);
    const reason = scan.tooDeep ? `nested more than ${MAX_JSON_DEPTH} levels deep, the limit` : cleanReason(messageOf(e));
    return { ok: false, reason, offset: scan.offset };
  }
}

export function lineColumn(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}

/** Drops V8's position suffix and its echo of the input, which can be the whole file. */
function cleanReason(message: string): string {
  return (
    message
      .replace(/,\s*(\.\.\.)?"[\s\S]*" is not valid JSON$/, '')
      .replace(/ in JSON at position \d+[\s\S]*$/, '')
      .replace(/ \(line \d+ column \d+\)$/, '')
      .trim() || 'syntax error'
  );
}

/**
 * Offset of the first character where `text` stops being JSON (RFC 8259), or null if it is valid.
 */
export function syntaxErrorOffset(text: string): number | null {
  return scanJson(text, Number.POSITIVE_INFINITY).offset;
}

/**
 * The scan behind syntaxErrorOffset: where `text` stops being JSON, or where it opens its (maxDepth + 1)-th
 * nested array or object (`tooDeep`). Iterative: the open containers are a stack of brackets, not of calls.
 */
function scanJson(text: string, maxDepth: number): { offset: number | null; tooDeep: boolean } {
  let i = 0;
  let tooDeep = false;
  /** The open containers, innermost last: `[` or `{`. */
  const open: string[] = [];
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) throw i;
      i++;
    }
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) throw i;
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) throw i + k;
          i += 5;
        } else if (i < text.length && '"\\/bfnrt'.includes(text[i])) i++;
        else throw i;
      } else i++;
    }
    if (i >= text.length) throw i;
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) throw i;
    i += m[0].length;
  };
  const member = () => {
    ws();
    if (text[i] !== '"') throw i;
    string();
    ws();
    if (text[i] !== ':') throw i;
    i++;
  };
  /** Reads one value, or opens containers down to the first element of the innermost (pushed; the loop below reads on). */
  const value = () => {
    for (;;) {
      ws();
      const c = text[i];
      if (c === '{' || c === '[') {
        if (open.length === maxDepth) {
          tooDeep = true;
          throw i;
        }
        i++;
        ws();
        if (text[i] === (c === '{' ? '}' : ']')) {
          i++;
          return;
        }
        open.push(c);
        if (c === '{') member();
        continue;
      }
      if (c === '"') string();
      else if (c === 't') literal('true');
      else if (c === 'f') literal('false');
      else if (c === 'n') literal('null');
      else if (c === '-' || (c >= '0' && c <= '9')) number();
      else throw i;
      return;
    }
  };
  try {
    value();
    // After each value inside a container: a comma and the next member, or the container's close.
    while (open.length > 0) {
      const depth = open.length;
      ws();
      const top = open[depth - 1];
      if (text[i] === ',') {
        i++;
        if (top === '{') member();
        value();
      } else if (text[i] === (top === '{' ? '}' : ']')) {
        i++;
        open.pop();
      } else throw i;
    }
    ws();
    return { offset: i < text.length ? i : null, tooDeep };
  } catch (at) {
    if (typeof at === 'number') return { offset: Math.min(at, text.length), tooDeep };
    throw at;
  }
}
