import { expect } from 'vitest';
import { WorldFormatError } from './errors';

/** Catches the WorldFormatError of `f` (and fails if there is none, or another error). Tests only. */
export function errorOf(f: () => unknown): WorldFormatError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(WorldFormatError);
    return e as WorldFormatError;
  }
  throw new Error('expected a WorldFormatError, but the input was accepted');
}
