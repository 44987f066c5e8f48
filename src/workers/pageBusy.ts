/**
 * A flag in shared memory that the page raises while it draws new figures, and on which the simulation workers
 * wait between chunks of their work. On a 2-core machine the page's main thread shares the cores with two
 * computing workers and their JIT: a render of 20–25 ms of CPU that lands there took 50–60 ms of wall time, over
 * issue 13's long-task budget. While the flag is up the workers' threads stand aside (their compiler threads do
 * not), so the page's render and its frame get more of the cores (docs/notes/benchmarks-history.md, "The workers stand aside
 * while the page draws").
 *
 * The page side (`raisePageBusy`, `pageBusyBuffer`) runs on the main thread; the worker side
 * (`waitWhilePageBusy`) in the simulation workers. Without cross-origin isolation there is no SharedArrayBuffer:
 * the flag does not exist and nothing waits. Waiting changes when a worker computes, never what.
 */

/** How long a worker waits at most per check: the flag is a courtesy, never a lock. */
const MAX_WAIT_MS = 60;
/** The page lowers the flag after this many frames past the last raise (the render, then its frame)… */
const BUSY_FRAMES = 2;
/** …or after this long, whichever comes first (a page whose frames stop, e.g. in a covered window). */
const BUSY_MS = 150;
/**
 * The raises and lowerings marked in the performance timeline (`pw:busy-up`, `pw:busy-down`): enough for a test or
 * a profile of a visit, while a long session of slider drags does not grow the timeline without end.
 */
const MAX_MARKS = 200;

let flag: Int32Array | null = null;
let frames = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
/** `pageSettled`'s callers, told when the flag comes down. */
const settled: (() => void)[] = [];
let marks = 0;

function mark(name: 'pw:busy-up' | 'pw:busy-down'): void {
  if (marks++ < MAX_MARKS) performance.mark(name);
}

/**
 * The page's flag, created on first use, or null where SharedArrayBuffer is not available (a page that is not
 * cross-origin isolated; Node). A tab that becomes hidden lowers it at once: it draws nothing.
 */
function pageFlag(): Int32Array | null {
  if (flag === null && typeof SharedArrayBuffer !== 'undefined' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated) {
    flag = new Int32Array(new SharedArrayBuffer(4));
    document.addEventListener('visibilitychange', () => {
      if (document.hidden) lower();
    });
  }
  return flag;
}

/** The flag's memory, for the workers (`waitWhilePageBusy`), or null where there is none. */
export function pageBusyBuffer(): SharedArrayBuffer | null {
  return (pageFlag()?.buffer as SharedArrayBuffer | undefined) ?? null;
}

function lower(): void {
  if (flag === null || timer === null) return;
  clearTimeout(timer);
  timer = null;
  Atomics.store(flag, 0, 0);
  Atomics.notify(flag, 0);
  mark('pw:busy-down');
  for (const resolve of settled.splice(0)) resolve();
}

function countFrame(): void {
  if (timer === null) return;
  if (++frames >= BUSY_FRAMES) lower();
  else requestAnimationFrame(countFrame);
}

/**
 * Raises the flag: new figures are about to be drawn. It comes down by itself (BUSY_FRAMES, BUSY_MS). The
 * marks `pw:busy-up` and `pw:busy-down` (MAX_MARKS) let a test or a profile see the windows.
 */
export function raisePageBusy(): void {
  const f = pageFlag();
  // A hidden tab draws nothing, and its timers may fire a second late: the workers would wait for nothing.
  if (f === null || document.hidden) return;
  frames = 0;
  Atomics.store(f, 0, 1);
  mark('pw:busy-up');
  if (timer !== null) clearTimeout(timer);
  else requestAnimationFrame(countFrame);
  timer = setTimeout(lower, BUSY_MS);
}

/** Settles once the flag is down: at once if it is (or if there is none). */
export function pageSettled(): Promise<void> {
  if (timer === null) return Promise.resolve();
  return new Promise((resolve) => settled.push(resolve));
}

/** What a worker's check found: the flag down, the flag lowered while it waited, or still up at the cap. */
export type PageWait = 'free' | 'lowered' | 'timed-out';

/**
 * In a worker: the check to run between chunks of work, which waits while the page's flag is up, at most
 * `maxWaitMs` per call. Undefined when there is no flag (the page is not cross-origin isolated).
 */
export function waitWhilePageBusy(buffer: SharedArrayBuffer | null | undefined, maxWaitMs = MAX_WAIT_MS): (() => PageWait) | undefined {
  if (!buffer) return undefined;
  const f = new Int32Array(buffer);
  return () => {
    if (Atomics.load(f, 0) === 0) return 'free';
    return Atomics.wait(f, 0, 1, maxWaitMs) === 'timed-out' ? 'timed-out' : 'lowered';
  };
}
