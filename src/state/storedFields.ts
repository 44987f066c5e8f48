/**
 * A record read back from storage (localStorage, sessionStorage), field by field, where it enters (issue 43, item 1:
 * values decoded once, where they enter): a field its schema takes is kept, a missing one is left out (its default
 * stays), and one present but not taken (hand-edited, corrupted, another version's) is left out and named in
 * `unreadable`, so that the caller says so. The embedding settings (embedStore.ts) and the Live panel's
 * (liveStore.ts) are read this way.
 */
import type { z } from '../engine/zod';

type Schemas<T> = { [K in keyof T]: z.ZodType<T[K]> };

/**
 * `stored` field by field, in the schemas' order. `schemas` is called only when something is stored, so that a first
 * visit builds none.
 */
export function readStoredFields<T extends object>(stored: unknown, schemas: () => Schemas<T>): { values: Partial<T>; unreadable: (keyof T & string)[] } {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const values: Partial<T> = {};
  const unreadable: (keyof T & string)[] = [];
  if (Object.keys(record).length === 0) return { values, unreadable };
  const all = schemas();
  for (const key of Object.keys(all) as (keyof T & string)[]) {
    if (!Object.hasOwn(record, key)) continue;
    const parsed = all[key].safeParse(record[key]);
    if (parsed.success) values[key] = parsed.data;
    else unreadable.push(key);
  }
  return { values, unreadable };
}
