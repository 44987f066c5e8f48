/**
 * How many simulation workers the page's pool has: the one rule, read by the bridge and by the bench (a module of
 * its own, so that reading it starts no worker), and the page's `?workers=N` over it.
 */

/** The most simulation workers a pool may have (`?workers=N` included). */
export const MAX_POOL_SIZE = 16;

/**
 * One worker per core but one, so that the page keeps a core, except on two cores, where it is two: there the
 * page's own work (drawing, playback) uses a small part of its core, and one worker left about half the machine
 * idle. Measured side by side on a 2-core machine (docs/notes/benchmarks-history.md, "The simulation pool in the browser"):
 * the HumanEval link settled 1.5× sooner on two workers, while the λ slider still answered within its 300 ms.
 */
export function defaultPoolSize(cores: number): number {
  const n = Number.isFinite(cores) ? Math.floor(cores) : 1;
  return Math.max(1, Math.min(MAX_POOL_SIZE, n === 2 ? 2 : n - 1));
}

let poolSizeOverride: number | null = null;

/**
 * How many simulation workers lab runs and sweeps use: `setPoolSize`'s value, else defaultPoolSize of
 * navigator.hardwareConcurrency. The results do not depend on it.
 */
export function poolSize(): number {
  if (poolSizeOverride !== null) return poolSizeOverride;
  return defaultPoolSize((globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1);
}

/** Sets the pool size (an integer 1…MAX_POOL_SIZE; the page's `?workers=N`), or null for the default. */
export function setPoolSize(size: number | null): void {
  if (size !== null && !(Number.isInteger(size) && size >= 1 && size <= MAX_POOL_SIZE)) {
    throw new RangeError(`pool size: an integer from 1 to ${MAX_POOL_SIZE}, got ${size}`);
  }
  poolSizeOverride = size;
}
