import { HIDDEN_CHARACTERS } from '../names';

/**
 * The one error every bad world input ends in. `field` points at the culprit the way a person would write it
 * (`q[2][1]`, `costs.per_prompt`, `models[3]`), and `message` is a single line starting with that field, so the
 * CLI can print it as is and the lab can highlight the field.
 */
export class WorldFormatError extends Error {
  override readonly name = 'WorldFormatError';

  constructor(
    readonly field: string,
    /** What is wrong, without the field: the message is `${field}: ${problem}`. */
    readonly problem: string,
    /** Where the world came from (a file path, `built-in t2i`), when known; kept out of the message. */
    readonly source?: string,
  ) {
    super(`${field}: ${oneLine(problem)}`);
  }
}

/** `['q', 2, 1]` → `q[2][1]`; `['outcomes', 'llama-3.1-8b']` → `outcomes["llama-3.1-8b"]`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${show(String(key))}]`;
  }
  return out;
}

/** A value as it appears in a message: JSON, cut short so one bad field cannot flood the line. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Nested too deeply for JSON.stringify (a hostile file): String() would recurse as deeply, so name the kind.
    return Array.isArray(value) ? 'a deeply nested array' : 'a deeply nested object';
  }
  // Invisible and bidirectional characters as JSON escapes: a right-to-left override quoted raw would turn the rest
  // of the message around, on the page and in a terminal (names.ts).
  const visible = text.replace(HIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return visible.length > 60 ? `${visible.slice(0, 57)}...` : visible;
}

const HIDDEN = new RegExp(HIDDEN_CHARACTERS.source, 'g');

/**
 * zod's `error` parameter for a value that must be `what`: "missing (expected …)" when the field is absent,
 * "must be … (got …)" otherwise. Keeping every message in this one shape is what makes them predictable.
 */
export function expecting(what: string): { error: (issue: { input?: unknown }) => string } {
  return {
    error: (issue) => (issue.input === undefined ? `missing (expected ${what})` : `must be ${what} (got ${show(issue.input)})`),
  };
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}
