import type { z } from 'zod';
import { fieldPath, WorldFormatError } from './errors';

/**
 * Turns zod's first issue into a WorldFormatError. Only the first: one precise line beats a list the user
 * has to untangle, and fixing it usually changes what comes after.
 * `prefix` is the path of the parsed value inside the world (empty for the world itself).
 */
export function issueToError(issue: z.core.$ZodIssue, source?: string, prefix: readonly PropertyKey[] = []): WorldFormatError {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // A union (array of costs or {per_prompt}) failed every branch: report the branch the value was shaped
    // for — the one that got past its own type check — rather than "matched no option".
    const branch = issue.errors.find((issues) => !issues.every((i) => i.code === 'invalid_type' && i.path.length === 0));
    if (branch) return issueToError(branch[0], source, path);
  }
  if (issue.code === 'unrecognized_keys') {
    return new WorldFormatError(fieldPath([...path, issue.keys[0]]), issue.message, source);
  }
  return new WorldFormatError(path.length === 0 ? '(file)' : fieldPath(path), issue.message, source);
}
