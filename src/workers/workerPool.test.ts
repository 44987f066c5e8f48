/**
 * The pool with stand-in workers (standInWorker.ts) serving a small API: calls, cancels and crashes go through
 * comlink as in the browser (the simulation bridge's tests and the e2e specs run the real workers' code).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crash, StandInWorker } from './standInWorker';
import { setIdleReleaseMs, workerPool } from './workerPool';

/** A worker's API: `work` takes `ms` unless cancelled (when `obeys`), and says which worker ran it. */
function makeApi(id: number, obeys: boolean) {
  let stop: (() => void) | null = null;
  return {
    work(ms: number): Promise<number> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(id), ms);
        stop = () => {
          clearTimeout(timer);
          reject(Object.assign(new Error('stopped'), { name: 'AbortError' }));
        };
      });
    },
    cancel(): void {
      if (obeys) stop?.();
    },
  };
}
type Api = ReturnType<typeof makeApi>;

function setUp(size: number, options: { obeys?: boolean; releaseWhenIdle?: boolean } = {}) {
  const workers: StandInWorker[] = [];
  const pool = workerPool<Api>({
    make: () => {
      const w = new StandInWorker(makeApi(workers.length, options.obeys ?? true));
      workers.push(w);
      return w as unknown as Worker;
    },
    label: 'test worker',
    size: () => size,
    afterEnd: 'The next try starts a fresh one.',
    releaseWhenIdle: options.releaseWhenIdle,
    cancel: { graceMs: 50, message: 'Cancelled.' },
  });
  return { pool, workers };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('workerPool', () => {
  afterEach(() => setIdleReleaseMs(null));

  it('starts workers as calls need them, up to its size, and queued calls take the first one free, in order', async () => {
    const { pool, workers } = setUp(2);
    const order: number[] = [];
    const calls = [30, 60, 10, 10].map(async (ms, i) => {
      const id = await pool.call((api) => api.work(ms));
      order.push(i);
      return id;
    });
    const ids = await Promise.all(calls);
    expect(workers).toHaveLength(2);
    expect(ids.slice(0, 2)).toEqual([0, 1]);
    expect(ids[2]).toBe(0); // worker 0 was free first (30 ms), and took call 2 before call 3
    expect(order.indexOf(2)).toBeLessThan(order.indexOf(3));
  });

  it('an abort rejects a queued call at once and it never runs; a running one is cancelled and its worker kept', async () => {
    const { pool, workers } = setUp(1);
    const ac = new AbortController();
    const running = pool.call((api) => api.work(10_000), ac.signal);
    let ran = false;
    const queued = pool.call((api) => {
      ran = true;
      return api.work(1);
    }, ac.signal);
    ac.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError', message: 'Cancelled.' });
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(await pool.call((api) => api.work(1))).toBe(0);
    expect(ran).toBe(false);
    expect(workers).toHaveLength(1);
  });

  it('a worker that does not stop within the grace is terminated, and the next call starts a fresh one', async () => {
    const { pool, workers } = setUp(1, { obeys: false });
    const ac = new AbortController();
    const running = pool.call((api) => api.work(10_000), ac.signal);
    await sleep(10);
    ac.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(await pool.call((api) => api.work(1))).toBe(1);
    expect(workers[0].terminated).toBe(true);
  });

  it('a question attached beside a call fails, rather than waits forever, when that worker is stopped past its grace', async () => {
    const { pool } = setUp(1, { obeys: false });
    const ac = new AbortController();
    const running = pool.call((api) => api.work(10_000), ac.signal);
    const attached = pool.attach((api) => api.work(10_000));
    await sleep(10); // the call has started on the worker
    ac.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    await expect(attached).rejects.toThrow('The test worker was stopped. The next try starts a fresh one.');
  });

  it('a crash rejects the call in flight with a readable error; the next call starts a fresh worker', async () => {
    const { pool, workers } = setUp(1);
    const running = pool.call((api) => api.work(10_000));
    await sleep(10);
    crash(workers[0], 'boom');
    await expect(running).rejects.toThrow('The test worker crashed (boom). The next try starts a fresh one.');
    expect(workers[0].terminated).toBe(true);
    expect(await pool.call((api) => api.work(1))).toBe(1);
  });

  it('releases a worker idle for the set time, not one with a call or an attachment running', async () => {
    setIdleReleaseMs(40);
    const { pool, workers } = setUp(1, { releaseWhenIdle: true });
    await pool.call((api) => api.work(1));
    const attached = pool.attach((api) => api.work(100));
    await sleep(70);
    expect(workers[0].terminated).toBe(false);
    await attached;
    // Released 40 ms later (polled: a loaded machine fires the timer late).
    await vi.waitFor(() => expect(workers[0].terminated).toBe(true), { timeout: 5000 });
    expect(await pool.call((api) => api.work(1))).toBe(1);
  });
});
