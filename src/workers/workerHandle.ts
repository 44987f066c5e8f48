/**
 * A lazily started comlink worker that turns a crash into a readable error and is replaced on next use
 * (after squoosh's worker bridge). The bridges build their calls on it.
 */
import * as Comlink from 'comlink';

/** The worker died (failed to load, or threw outside a call): the call in flight is lost. */
class WorkerCrashedError extends Error {
  override name = 'WorkerCrashedError';
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
export function workerSlot<Api>(
  make: () => Worker,
  label: string,
  makeError: (message: string) => Error = (m) => new WorkerCrashedError(m),
  /** What the user does next, in the crash message ("The next run starts a fresh one."). */
  nextAction = 'call',
): { current(): WorkerHandle<Api>; dispose(): void } {
  let handle: WorkerHandle<Api> | null = null;

  function spawn(): WorkerHandle<Api> {
    const worker = make();
    const api = Comlink.wrap<Api>(worker);
    let markGone!: () => void;
    let markCrashed!: (e: Error) => void;
    const gone = new Promise<void>((resolve) => (markGone = resolve));
    const crashed = new Promise<never>((_, reject) => (markCrashed = reject));
    crashed.catch(() => {}); // observed by whichever call is racing it; none may be
    const h: WorkerHandle<Api> = {
      worker,
      api,
      crashed,
      gone,
      dispose() {
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
    worker.addEventListener('messageerror', () => {
      markCrashed(makeError(`The ${label} sent a message that could not be read.`));
      h.dispose();
    });
    return h;
  }

  return {
    current: () => (handle ??= spawn()),
    dispose: () => handle?.dispose(),
  };
}

/**
 * One call at a time on a slot's worker, cancellable (after squoosh): a call waits for the previous one to
 * wind down, races the worker's crash, and an aborted `signal` rejects it with an AbortError DOMException at
 * once while the worker is asked to `cancel()` and terminated if it has not stopped within `graceMs`.
 */
export function serialCaller<Api extends { cancel(): unknown }>(
  slot: { current(): WorkerHandle<Api> },
  options: { graceMs: number; cancelledMessage: string },
): <R>(signal: AbortSignal | undefined, invoke: (api: Comlink.Remote<Api>) => Promise<R>) => Promise<R> {
  let previous: Promise<unknown> = Promise.resolve();
  const abortError = () => new DOMException(options.cancelledMessage, 'AbortError');
  return async (signal, invoke) => {
    if (signal?.aborted) throw abortError();
    await previous; // a cancelled call winds down (at most graceMs) before the next one starts
    if (signal?.aborted) throw abortError();

    const h = slot.current();
    const call = invoke(h.api);
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
