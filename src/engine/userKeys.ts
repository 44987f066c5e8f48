/**
 * Objects keyed by user text: model, task and field names. Such a name may be `__proto__` or `constructor`, and on
 * a plain object `obj[name] = v` then sets the prototype instead of a key, while `obj[name]` reads one of
 * Object.prototype's members. zod builds its parsed output the first way, so its output silently drops a key named
 * `__proto__`. Everything keyed by user text is therefore read and written as own properties only, through these.
 */
import { nfc } from './names';

/** The record's own value at `key` (never an inherited member such as Object.prototype.constructor). */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A record with exactly these entries as own properties (Object.fromEntries defines them; it never assigns). */
export function recordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.fromEntries(entries);
}

/**
 * Gives the parsed JSON object's `fields` that are plain objects a null prototype, in place, so that validating
 * and reading them by a user's key sees own properties only: a missing `constructor` reads undefined, not a function.
 * Their keys (model names) are put in NFC (names.ts), so a file's "café" in either Unicode form finds the model.
 * Used in place of a JSON.parse reviver, which would triple the parse time of a large prompts file. Returns the
 * problem when two keys of one field are one name in two forms, else null.
 */
export function userKeyedFields(value: unknown, fields: readonly (string | undefined)[]): string | null {
  if (!isPlainObject(value)) return null;
  for (const field of fields) {
    if (field === undefined) continue;
    const inner = ownValue(value, field);
    if (!isPlainObject(inner)) continue;
    Object.setPrototypeOf(inner, null);
    const keys = Object.keys(inner);
    if (keys.every((k) => nfc(k) === k)) continue;
    // Rebuilt in the keys' order, each under its composed form.
    const composed: Record<string, unknown> = Object.create(null);
    for (const k of keys) {
      const name = nfc(k);
      if (Object.hasOwn(composed, name)) return `${field}: two keys are the name ${JSON.stringify(name)} in two Unicode forms`;
      composed[name] = inner[k];
    }
    Object.defineProperty(value, field, { value: composed, enumerable: true, writable: true, configurable: true });
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
