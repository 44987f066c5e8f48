/**
 * A lazily started comlink worker that turns a crash into a readable error and is replaced on next use
 * (after squoosh's worker bridge). The bridges build their calls on it.
 */
import * as Comlink from 'comlink';

/** The worker died (failed to load, or threw outside a call): the call in flight is lost. */
export class WorkerCrashedError extends Error {
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
      markCrashed(makeError(`The ${label} crashed (${detail}). The next call starts a fresh one.`));
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
