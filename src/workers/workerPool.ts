/**
 * The page's workers behind promises (after squoosh's worker bridge), one mechanism for every kind: workers start
 * on first use, calls wait in one queue for a free worker, an AbortSignal cancels a call (the worker is asked to
 * stop, and terminated if it has not within a grace), a worker that dies rejects its call with a readable error and
 * is replaced on the next one, and, when asked, a worker with nothing to do is released after a while.
 */
import * as Comlink from 'comlink';
import { isAbortError } from '../engine/messageOf';
import { lifeLockName, watchLifeLock } from './lifeLock';

/** The worker died (failed to load, or threw outside a call): the call in flight is lost. */
class WorkerCrashedError extends Error {
  override name = 'WorkerCrashedError';
}

/**
 * How long a worker released when idle waits for its next call before it is terminated. Two minutes: long enough
 * that moving a slider after reading a chart finds the worker warm (a fresh one pays its start-up and reloads its
 * dataset), short enough that a tab left open does not hold the workers' memory for hours.
 */
const DEFAULT_IDLE_RELEASE_MS = 120_000;
let idleReleaseMs = DEFAULT_IDLE_RELEASE_MS;

/** Sets the idle release time (ms, a positive integer; the page's `?idle=ms`), or null for the default. */
export function setIdleReleaseMs(ms: number | null): void {
  if (ms !== null && !(Number.isInteger(ms) && ms > 0)) throw new RangeError(`idle release: a positive whole number of ms, got ${ms}`);
  idleReleaseMs = ms ?? DEFAULT_IDLE_RELEASE_MS;
}

export interface PoolOptions {
  /** Starts a worker under `name`, which it must keep (`new Worker(url, { name })`): it names its life lock. */
  make: (name: string) => Worker;
  /** Names the worker in messages ("the simulation worker"). */
  label: string;
  /** How many workers calls may use at once (read at each call; default 1). */
  size?: () => number;
  /** Lets a bridge keep its own error class. */
  makeError?: (message: string) => Error;
  /**
   * The crash message's last sentence, what follows for the user: "The next run starts a fresh one." (the
   * default: "The next call starts a fresh one.").
   */
  afterEnd?: string;
  /** Terminate a worker after `setIdleReleaseMs`'s time with nothing to do. Not for a worker whose state the user would lose. */
  releaseWhenIdle?: boolean;
  /**
   * How an aborted call stops: the worker's `cancel()` is called, and the worker terminated if the call has not
   * settled within `graceMs`. `message` is the AbortError's.
   */
  cancel?: { graceMs: number; message: string };
}

/** What a call runs against: the worker's API, and a promise that rejects if the worker ends (`Live.ended`). */
type PoolCall<Api, R> = (api: Comlink.Remote<Api>, ended: Promise<never>) => Promise<R>;

interface Live<Api> {
  api: Comlink.Remote<Api>;
  /**
   * Rejects when the worker ends, however it ends, with the crash's message or with "was stopped": a call still
   * waiting on it (an attached question beside a call cancelled past its grace) then fails instead of waiting forever.
   */
  ended: Promise<never>;
  gone: Promise<void>;
  alive: boolean;
  /** A call holds it (one at a time). */
  taken: boolean;
  /** Calls and attachments not settled yet. */
  busy: number;
  idleTimer: ReturnType<typeof setTimeout> | null;
  terminate(): void;
}

export interface WorkerPool<Api> {
  /**
   * Runs `invoke` on a free worker, waiting in the queue for one, one call per worker. Rejects with an AbortError
   * DOMException when `signal` aborts (at once; a worker it held stays taken until the call winds down), or with
   * the pool's crash error when the worker dies.
   */
  call<R>(invoke: PoolCall<Api, R>, signal?: AbortSignal): Promise<R>;
  /** Runs `invoke` on the first worker beside whatever call it runs (questions it answers between chunks of work). */
  attach<R>(invoke: PoolCall<Api, R>): Promise<R>;
}

export function workerPool<Api>(options: PoolOptions): WorkerPool<Api> {
  const { label, afterEnd = 'The next call starts a fresh one.', makeError = (m: string) => new WorkerCrashedError(m) } = options;
  const size = options.size ?? (() => 1);
  const live: Live<Api>[] = [];
  const queue: ((w: Live<Api>) => void)[] = [];
  const abortError = () => new DOMException(options.cancel?.message ?? 'The call was cancelled.', 'AbortError');

  function spawn(): Live<Api> {
    const name = lifeLockName(label);
    const worker = options.make(name);
    let markGone!: () => void;
    let markEnded!: (e: Error) => void;
    const w: Live<Api> = {
      api: Comlink.wrap<Api>(worker),
      ended: new Promise<never>((_, reject) => (markEnded = reject)),
      gone: new Promise<void>((resolve) => (markGone = resolve)),
      alive: true,
      taken: false,
      busy: 0,
      idleTimer: null,
      terminate() {
        if (!w.alive) return;
        w.alive = false;
        worker.terminate();
        w.api[Comlink.releaseProxy]();
        live.splice(live.indexOf(w), 1);
        // After a crash this changes nothing: `ended` has its message already.
        markEnded(makeError(`The ${label} was stopped. ${afterEnd}`));
        markGone();
        serveQueue();
      },
    };
    w.ended.catch(() => {}); // observed by whichever call races it; none may be
    const crash = (why: string) => {
      markEnded(makeError(`The ${label} ${why}. ${afterEnd}`));
      w.terminate();
    };
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      crash(`crashed (${event instanceof ErrorEvent && event.message ? event.message : 'it failed to load or threw'})`);
    });
    // A worker that ended without an error event (it closed itself, or the browser stopped it): the same crash.
    watchLifeLock(worker, name, () => w.alive && crash('crashed (it stopped without an error)'));
    worker.addEventListener('messageerror', () => crash('sent a message that could not be read'));
    live.push(w);
    return w;
  }

  /** Counts a call or attachment on `w` until `work` settles or the worker is gone; idle after, it is released later. */
  function hold(w: Live<Api>, work: Promise<unknown>, then?: () => void): void {
    if (w.idleTimer) clearTimeout(w.idleTimer);
    w.idleTimer = null;
    w.busy++;
    void Promise.race([work, w.gone])
      .catch(() => {})
      .finally(() => {
        w.busy--;
        then?.();
        if (w.busy > 0 || !options.releaseWhenIdle || !w.alive) return;
        w.idleTimer = setTimeout(() => w.busy === 0 && w.terminate(), idleReleaseMs);
      });
  }

  /** Hands free workers, or new ones while there are fewer than `size()`, to the calls waiting. */
  function serveQueue(): void {
    while (queue.length > 0) {
      const w = live.find((x) => !x.taken) ?? (live.length < size() ? spawn() : undefined);
      if (!w) return;
      w.taken = true;
      queue.shift()?.(w);
    }
  }

  function take(signal?: AbortSignal): Promise<Live<Api>> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const i = queue.indexOf(give);
        if (i >= 0) queue.splice(i, 1);
        reject(abortError());
      };
      const give = (w: Live<Api>) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(w);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(give);
      serveQueue();
    });
  }

  return {
    async call(invoke, signal) {
      if (signal?.aborted) throw abortError();
      const w = await take(signal);
      if (signal?.aborted) {
        w.taken = false;
        serveQueue();
        throw abortError();
      }
      const result = invoke(w.api, w.ended);
      hold(w, result, () => {
        w.taken = false;
        serveQueue();
      });
      let onAbort: (() => void) | undefined;
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => {
          reject(abortError());
          if (options.cancel) void (w.api as unknown as { cancel(): Promise<unknown> }).cancel().catch(() => {});
          const timer = setTimeout(() => w.terminate(), options.cancel?.graceMs ?? 0);
          void Promise.race([result, w.gone])
            .catch(() => {})
            .then(() => clearTimeout(timer));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      aborted.catch(() => {});
      try {
        return await Promise.race([result, w.ended, aborted]);
      } catch (error) {
        // A cancellation inside the worker reaches here as a plain Error named AbortError.
        if (isAbortError(error) && !(error instanceof DOMException)) throw abortError();
        throw error;
      } finally {
        if (onAbort) signal?.removeEventListener('abort', onAbort);
      }
    },

    attach(invoke) {
      const w = live[0] ?? spawn();
      const result = invoke(w.api, w.ended);
      hold(w, result);
      return Promise.race([result, w.ended]);
    },
  };
}
