import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { waitWhilePageBusy } from './pageBusy';

describe('the workers’ side of the page’s busy flag', () => {
  it('is no check at all without a flag (a page that is not cross-origin isolated)', () => {
    expect(waitWhilePageBusy(null)).toBeUndefined();
    expect(waitWhilePageBusy(undefined)).toBeUndefined();
  });

  it('goes on at once while the flag is down', () => {
    const check = waitWhilePageBusy(new SharedArrayBuffer(4))!;
    expect(check()).toBe('free');
  });

  it('waits no longer than its cap when the flag stays up: a courtesy, never a lock', () => {
    const buffer = new SharedArrayBuffer(4);
    Atomics.store(new Int32Array(buffer), 0, 1);
    expect(waitWhilePageBusy(buffer, 20)!()).toBe('timed-out');
  });

  it('waits until another thread lowers the flag', async () => {
    // [0] the flag, [1] the other thread's "ready". It waits for the flag to go up, then, 200 ms later (so that this
    // thread is already waiting: lowered at once, the flag could be down before the check began, a flaky 'free'),
    // lowers it and wakes us.
    const shared = new Int32Array(new SharedArrayBuffer(8));
    const lowerer = new Worker(
      `const { workerData } = require('node:worker_threads');
       const f = new Int32Array(workerData);
       Atomics.store(f, 1, 1); Atomics.notify(f, 1);
       Atomics.wait(f, 0, 0);
       Atomics.wait(f, 1, 1, 200);
       Atomics.store(f, 0, 0); Atomics.notify(f, 0);`,
      { eval: true, workerData: shared.buffer },
    );
    try {
      Atomics.wait(shared, 1, 0, 30_000);
      const check = waitWhilePageBusy(shared.buffer as SharedArrayBuffer, 30_000)!;
      Atomics.store(shared, 0, 1);
      Atomics.notify(shared, 0);
      // The cap is far away: only the other thread's lowering ends this wait.
      expect(check()).toBe('lowered');
      expect(Atomics.load(shared, 0)).toBe(0);
    } finally {
      await lowerer.terminate();
    }
  });
});
