/** Main-thread side of the playground worker: its calls as promises, a crash becomes a readable error. */
import type * as Comlink from 'comlink';
import { type EmbedPortLink, embedPortProxy } from './embedBridge';
import type { PlaygroundAnswer, PlaygroundConfig, PlaygroundInfo, PlaygroundWorkerApi } from './playground.worker';
import { workerPool } from './workerPool';

export type { PlaygroundAnswer, PlaygroundConfig, PlaygroundInfo } from './playground.worker';

// Never released when idle: the worker holds the user's learner.
const pool = workerPool<PlaygroundWorkerApi>({
  make: (name) => new Worker(new URL('./playground.worker.ts', import.meta.url), { type: 'module', name }),
  label: 'playground worker',
  // A question after a crash builds and warms up its learner again (playgroundStore.ts ensurePlayground).
  afterEnd: 'The next question starts a fresh learner.',
});

/** The learner's questions may overlap (a feedback while an answer is drawn): they go to its worker as they come. */
const call = <R>(invoke: (api: Comlink.Remote<PlaygroundWorkerApi>) => Promise<R>): Promise<R> => pool.attach(invoke);

export const playgroundWorker = {
  /** Starts a learner; `openEmbedPort` gives the worker a port to the embedding worker (embedding features). */
  start(config: PlaygroundConfig, openEmbedPort?: () => EmbedPortLink): Promise<PlaygroundInfo> {
    let fail!: (error: unknown) => void;
    const lost = new Promise<never>((_, reject) => (fail = reject));
    lost.catch(() => {});
    const opener = openEmbedPort ? embedPortProxy(openEmbedPort, fail) : undefined;
    return call((api) => Promise.race([api.start(config, opener), lost]));
  },
  askTyped: (text: string, task: string | null, embedding?: Float32Array): Promise<PlaygroundAnswer> => call((api) => api.askTyped(text, task, embedding)),
  askRow: (row: number): Promise<PlaygroundAnswer> => call((api) => api.askRow(row)),
  askSample: (): Promise<PlaygroundAnswer> => call((api) => api.askSample()),
  feedback: (arm: number, reward: 0 | 1): Promise<PlaygroundAnswer> => call((api) => api.feedback(arm, reward)),
};
