/**
 * The one throttle of progress messages, used where a worker would otherwise flood the page: the simulation
 * worker's ticks (sim.worker.ts) and the embedding worker's download events (embed.worker.ts). Each caller picks
 * its interval and says why. The page passes on what arrives: with several workers, a report from each.
 *
 * Returns `due(fresh)`: true for the first call, for a `fresh` message (new figures or points, a new phase, the
 * last of a download) always, and otherwise only once `intervalMs` have passed since the last message let through.
 * `clock` is there for the tests.
 */
export function progressPacer(intervalMs: number, clock: () => number = () => performance.now()): (fresh?: boolean) => boolean {
  let last = -Infinity;
  return (fresh = false) => {
    const now = clock();
    if (!fresh && now - last < intervalMs) return false;
    last = now;
    return true;
  };
}
