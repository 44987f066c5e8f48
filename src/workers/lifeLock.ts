/**
 * Telling that a worker has died when nothing says so. A worker that throws fires `error` on its Worker object,
 * but one that stops by itself (`self.close()`, or killed by the browser) fires nothing, and a call in flight on
 * it would wait forever ("Simulating… 2%"). So each worker holds a Web Lock named after itself for as long as it
 * lives (the browser releases a context's locks when it ends), and the page asks for the same lock: the page is
 * granted it exactly when the worker is gone. No polling and no heartbeat, so a worker busy in a long
 * synchronous step is never taken for dead.
 */

/** The message a worker posts once it holds its lock (comlink ignores messages without its call id). */
const HELD = 'promptwise-life-lock-held';

const locksOf = (scope: { navigator?: Navigator }): LockManager | undefined => scope.navigator?.locks;

/** A name no other worker, in this tab or another of the same origin, holds: locks are shared per origin. */
export function lifeLockName(label: string): string {
  const id = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${label} ${id}`;
}

/** Worker side, first thing: hold the lock named by the worker's own name until the worker ends. */
export function holdLifeLock(): void {
  const scope = globalThis as unknown as { name?: string; navigator?: Navigator; postMessage?: (m: unknown) => void };
  const locks = locksOf(scope);
  if (!locks || !scope.name || typeof scope.postMessage !== 'function') return;
  void locks.request(scope.name, () => {
    scope.postMessage?.({ [HELD]: true });
    return new Promise<never>(() => {});
  });
}

/**
 * Page side: calls `onGone` once the worker `name` has ended, however it ended (terminate, close, crash). A
 * browser without Web Locks, or a worker that never took its lock, is simply not watched.
 */
export function watchLifeLock(worker: Worker, name: string, onGone: () => void): void {
  const locks = locksOf(globalThis as { navigator?: Navigator });
  if (!locks) return;
  const onMessage = (event: MessageEvent) => {
    if (!(event.data && typeof event.data === 'object' && HELD in event.data)) return;
    worker.removeEventListener('message', onMessage);
    // Granted only once the worker has let go, that is, once it has ended.
    void locks.request(name, () => onGone());
  };
  worker.addEventListener('message', onMessage);
}
