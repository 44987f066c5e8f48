/**
 * The live worker's bridge in Node, behind a stand-in Worker (standInWorker.ts) whose API never answers: what a
 * person reads when the worker crashes or does not stop when asked. (The browser specs in e2e/live.e2e.ts run the
 * real worker against a real endpoint.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveRequest } from '../data/liveRecording';
import { crash, StandInWorker } from './standInWorker';

const spawned: StandInWorker[] = [];
/** A live worker whose run waits for ever, and which ignores `cancel()`: a loop stuck in a query. */
const stuck = { run: () => new Promise<never>(() => {}), cancel() {} };

let liveWorker: typeof import('./liveBridge').liveWorker;

beforeAll(async () => {
  (globalThis as Record<string, unknown>).Worker = class extends StandInWorker {
    constructor() {
      super(stuck);
      spawned.push(this);
    }
  };
  ({ liveWorker } = await import('./liveBridge'));
});

const REQUEST = {} as LiveRequest; // the stand-in does not read it

describe('the live worker bridge', () => {
  it('a crash fails the run with one readable sentence that says the recording stays', async () => {
    const run = liveWorker.run(REQUEST, {}, () => {}, new AbortController().signal);
    await new Promise((r) => setTimeout(r, 20));
    crash(spawned.at(-1)!, 'out of memory');
    await expect(run).rejects.toThrow(/^The live worker crashed \(out of memory\)\. The next run starts a fresh one; what was recorded stays\.$/);
  });

  it('a run cancelled is an AbortError with the live run’s words, and a worker that does not stop is ended after its grace', async () => {
    const ac = new AbortController();
    const run = liveWorker.run(REQUEST, {}, () => {}, ac.signal);
    await new Promise((r) => setTimeout(r, 20));
    const worker = spawned.at(-1)!;
    ac.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError', message: 'The live run was cancelled.' });
    expect(worker.terminated).toBe(false);
    await new Promise((r) => setTimeout(r, 2100));
    expect(worker.terminated).toBe(true);
  });
});
