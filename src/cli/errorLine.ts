/** The one line an expected failure of the CLI prints (exit 2), wherever it happened: the main thread or a worker. */
import { messageOf } from '../engine/messageOf';
import { SimConfigError } from '../engine/simulate';
import { isBuiltinWorld } from '../engine/worlds/builtins';
import { WorldFormatError } from '../engine/worlds/errors';
import { UsageError } from './args';
import { printable } from './table';

/** The line for a bad option or input, or null for anything else (an internal error). */
export function expectedErrorLine(e: unknown): string | null {
  // The world file the problem is in, first: `(file): not valid JSON…` alone does not say which file.
  if (e instanceof WorldFormatError) {
    if (!e.source || isBuiltinWorld(e.source)) return e.message;
    return `${printable(e.source)}: ${e.field === '(file)' ? e.problem : e.message}`;
  }
  if (e instanceof UsageError || e instanceof SimConfigError) return messageOf(e);
  return null;
}
