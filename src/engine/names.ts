/**
 * Names from the user's files (models, categories; CSV columns and JSONL keys that name models) are compared as
 * people read them (issue 42, item 7). Two spellings that look the same must not be two models:
 *  - Unicode has two forms of "café" (é as one code point, or e + a combining accent): names are put in NFC, the
 *    composed form, where they enter, and the keys of a prompt's per-model objects likewise, so that either form
 *    in a file finds the other;
 *  - an invisible character (a zero-width space, a soft hyphen), a bidirectional control (an RTL override that
 *    shows "gpt-4o" for another string) or a control character is refused, with its code point named.
 */

/**
 * Control characters (C0, DEL, C1), the soft hyphen, the Arabic letter mark, the zero-width and bidirectional
 * marks, the line and paragraph separators, embeddings, overrides and isolates, the invisible operators, the Hangul fillers, the byte-order mark and
 * the interlinear annotation controls. The CLI escapes the same set when it prints a name (cli/table.ts).
 */
export const HIDDEN_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]/;

/** `U+200B`: how a message names a character. */
function codePoint(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why `name` cannot name a model or category, or null: it holds an invisible or control character. */
export function nameProblem(name: string): string | null {
  const hidden = HIDDEN_CHARACTERS.exec(name);
  if (!hidden) return null;
  return `holds the invisible or control character ${codePoint(hidden[0])} at position ${hidden.index + 1}: two names could look the same and be different (remove it)`;
}

/** The name in NFC (composed) form; ASCII, which every name of the shared data is, is returned as it is. */
export function nfc(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, as a range
  return /[^\u0000-\u007f]/.test(name) ? name.normalize('NFC') : name;
}
