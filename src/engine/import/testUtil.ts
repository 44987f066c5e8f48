import { expect } from 'vitest';
import { ImportError } from './errors';

/** The ImportError `f` throws (fails if it throws nothing or something else). Tests only. */
export function importErrorOf(f: () => unknown): ImportError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportError);
    return e as ImportError;
  }
  throw new Error('expected an ImportError, but the import was accepted');
}

/** A file as the import reads it, its size being its UTF-8 length. */
export function file(name: string, text: string) {
  return { name, text, bytes: new TextEncoder().encode(text).length };
}
