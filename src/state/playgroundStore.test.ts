/**
 * The playground's store and its worker together in Node: each stand-in Worker (workers/standInWorker.ts) serves a
 * fresh instance of playground.worker.ts's API, as each real worker holds its own learner. What a person reads when
 * the worker crashes mid-question, and that the next question does start a fresh learner, as that message says.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as PlaygroundWorker from '../workers/playground.worker';
import { crash, StandInWorker } from '../workers/standInWorker';

const g = globalThis as Record<string, unknown>;
// The worker module exposes its API on its global scope when imported; here each stand-in exposes it on a port.
g.addEventListener ??= () => {};

const spawned: StandInWorker[] = [];
let instance = 0;
/** The next worker's API answers its first question, then hangs on the second (a stuck or dying worker). */
let hangNext = false;

let store: typeof import('./playgroundStore');
let params: typeof import('./urlCodec').DEFAULT_PARAMS;

beforeAll(async () => {
  const apis: (typeof PlaygroundWorker.api)[] = [];
  for (let i = 0; i < 3; i++) apis.push((await import(/* @vite-ignore */ `../workers/playground.worker.ts?instance=${i}`)).api);
  g.Worker = class extends StandInWorker {
    constructor() {
      const api = apis[instance++];
      const hang = hangNext;
      hangNext = false;
      let asked = 0;
      super(hang ? { ...api, askSample: () => (++asked === 1 ? api.askSample() : new Promise<never>(() => {})) } : api);
      spawned.push(this);
    }
  };
  store = await import('./playgroundStore');
  params = { ...(await import('./urlCodec')).DEFAULT_PARAMS, world: 'sudoku' };
});

describe('the prompt playground', () => {
  it('a worker that crashes mid-question says so, and the next question starts a fresh learner (a ✓ before it is told to ask one)', async () => {
    hangNext = true;
    await store.playgroundIntents.askSample(params); // the learner warms up and answers
    const shown = store.usePlayground.getState().answer;
    expect(shown?.prompt.kind).toBe('sample');
    const asked = store.playgroundIntents.askSample(params); // the next question hangs
    await vi.waitFor(() => expect(store.usePlayground.getState().status).toBe('asking'), { timeout: 60_000 });
    crash(spawned[0], 'out of memory');
    await asked;
    expect(store.usePlayground.getState()).toMatchObject({
      status: 'error',
      error: 'The playground worker crashed (out of memory). The next question starts a fresh learner.',
    });

    // A ✓ on the answer still shown reaches a worker with no learner: it says so, and what to do.
    expect(store.usePlayground.getState().answer).toBe(shown);
    await store.playgroundIntents.feedback(0, 1);
    expect(store.usePlayground.getState().error).toBe('this worker holds no learner (it was restarted, or its start failed): ask a question to build one');

    await store.playgroundIntents.askSample(params);
    const after = store.usePlayground.getState();
    expect(after).toMatchObject({ status: 'ready', error: null, info: { warmup: store.PLAYGROUND_WARMUP } });
    expect(after.answer?.prompt.kind).toBe('sample');
    expect(spawned).toHaveLength(2); // a fresh worker, whose learner was built for this question
  });
});
