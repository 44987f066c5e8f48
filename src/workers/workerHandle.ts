/**
 * A lazily started comlink worker that turns a crash into a readable error and is replaced on next use, and,
 * when asked, is released after a while with no call (after squoosh's worker bridge). The bridges build their
 * calls on it.
 */
import * as Comlink from 'comlink';
import { lifeLockName, watchLifeLock } from './lifeLock';

/** The worker died (failed to load, or threw outside a call): the call in flight is lost. */
class WorkerCrashedError extends Error {
  override name = 'WorkerCrashedError';
}

/**
 * How long a worker that is released when idle waits for its next call before it is terminated. Two minutes:
 * long enough that moving a slider after reading a chart finds the worker warm (a fresh one pays its start-up
 * and reloads its dataset), short enough that a tab left open does not hold the workers' memory for hours.
 */
const DEFAULT_IDLE_RELEASE_MS = 120_000;
let idleReleaseMs = DEFAULT_IDLE_RELEASE_MS;

/** Sets the idle release time (ms, a positive integer; the page's `?idle=ms`), or null for the default. */
export function setIdleReleaseMs(ms: number | null): void {
  if (ms !== null && !(Number.isInteger(ms) && ms > 0)) throw new RangeError(`idle release: a positive whole number of ms, got ${ms}`);
  idleReleaseMs = ms ?? DEFAULT_IDLE_RELEASE_MS;
}

export interface WorkerHandle<Api> {
  worker: Worker;
  api: Comlink.Remote<Api>;
  /** Rejects when the worker crashes. */
  crashed: Promise<never>;
  /** Resolves when the worker is terminated (crash or dispose). */
  gone: Promise<void>;
  dispose(): void;
}

/**
 * `current()` gives the live worker, starting one if none runs; `label` names it in messages ("the
 * playground worker"). `makeError` lets a bridge keep its own error class.
 */
export interface WorkerSlot<Api> {
  current(): WorkerHandle<Api>;
  /**
   * Runs `invoke` on the live worker and counts it as busy until the call settles or the worker is gone; a
   * slot released when idle starts its idle timer when the last call ends.
   */
  use<R>(invoke: (h: WorkerHandle<Api>) => Promise<R>): Promise<R>;
  dispose(): void;
}

export function workerSlot<Api>(
  /** Starts the worker under `name`, which it must keep (`new Worker(url, { name })`): it names its life lock. */
  make: (name: string) => Worker,
  label: string,
  makeError: (message: string) => Error = (m) => new WorkerCrashedError(m),
  /** What the user does next, in the crash message ("The next run starts a fresh one."). */
  nextAction = 'call',
  /**
   * Terminate the worker after `setIdleReleaseMs`'s time with no call; the next call starts a fresh one. Not for
   * a worker whose state the user would lose (the playground's learner).
   */
  releaseWhenIdle = false,
): WorkerSlot<Api> {
  let handle: WorkerHandle<Api> | null = null;
  let busy = 0;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;

  function spawn(): WorkerHandle<Api> {
    const name = lifeLockName(label);
    const worker = make(name);
    const api = Comlink.wrap<Api>(worker);
    let markGone!: () => void;
    let markCrashed!: (e: Error) => void;
    const gone = new Promise<void>((resolve) => (markGone = resolve));
    const crashed = new Promise<never>((_, reject) => (markCrashed = reject));
    crashed.catch(() => {}); // observed by whichever call is racing it; none may be
    let disposed = false;
    const h: WorkerHandle<Api> = {
      worker,
      api,
      crashed,
      gone,
      dispose() {
        disposed = true;
        worker.terminate();
        api[Comlink.releaseProxy]();
        if (handle === h) handle = null;
        markGone();
      },
    };
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      const detail = event instanceof ErrorEvent && event.message ? event.message : 'it failed to load or threw';
      markCrashed(makeError(`The ${label} crashed (${detail}). The next ${nextAction} starts a fresh one.`));
      h.dispose();
    });
    // A worker that ended without an error event (it closed itself, or the browser stopped it): the same crash.
    watchLifeLock(worker, name, () => {
      if (disposed) return;
      markCrashed(makeError(`The ${label} crashed (it stopped without an error). The next ${nextAction} starts a fresh one.`));
      h.dispose();
    });
    worker.addEventListener('messageerror', () => {
      markCrashed(makeError(`The ${label} sent a message that could not be read.`));
      h.dispose();
    });
    return h;
  }

  const current = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    handle ??= spawn();
    return handle;
  };

  return {
    current,
    use(invoke) {
      const h = current();
      busy++;
      const call = invoke(h);
      void Promise.race([call, h.gone])
        .catch(() => {})
        .finally(() => {
          if (--busy > 0 || !releaseWhenIdle) return;
          if (idleTimer) clearTimeout(idleTimer);
          idleTimer = setTimeout(() => {
            idleTimer = null;
            if (busy === 0) handle?.dispose();
          }, idleReleaseMs);
        });
      return call;
    },
    dispose: () => handle?.dispose(),
  };
}

/**
 * One call at a time on a slot's worker, cancellable (after squoosh): a call waits for the previous one to
 * wind down, races the worker's crash, and an aborted `signal` rejects it with an AbortError DOMException at
 * once while the worker is asked to `cancel()` and terminated if it has not stopped within `graceMs`.
 */
export function serialCaller<Api extends { cancel(): unknown }>(
  slot: WorkerSlot<Api>,
  options: { graceMs: number; cancelledMessage: string },
): <R>(signal: AbortSignal | undefined, invoke: (api: Comlink.Remote<Api>) => Promise<R>) => Promise<R> {
  let previous: Promise<unknown> = Promise.resolve();
  const abortError = () => new DOMException(options.cancelledMessage, 'AbortError');
  return async (signal, invoke) => {
    if (signal?.aborted) throw abortError();
    await previous; // a cancelled call winds down (at most graceMs) before the next one starts
    if (signal?.aborted) throw abortError();

    let h!: WorkerHandle<Api>;
    const call = slot.use((handle) => {
      h = handle;
      return invoke(handle.api);
    });
    previous = Promise.race([call, h.gone]).catch(() => {});

    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        reject(abortError());
        void (h.api.cancel as () => Promise<unknown>)().catch(() => {});
        const timer = setTimeout(() => h.dispose(), options.graceMs);
        void previous.then(() => clearTimeout(timer));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => {});
    try {
      return await Promise.race([call, h.crashed, aborted]);
    } catch (error) {
      // A cancellation inside the worker reaches here as a plain Error named AbortError.
      if (error instanceof Error && error.name === 'AbortError' && !(error instanceof DOMException)) throw abortError();
      throw error;
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  };
}
