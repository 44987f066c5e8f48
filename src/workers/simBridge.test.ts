/**
 * The bridge and the worker's API together, in Node: a stand-in Worker runs src/workers/sim.worker.ts's API
 * over a MessageChannel in this thread, so comlink, the progress callbacks, cancel, crash recovery and
 * structured cloning are the real ones; only the thread is not. (The browser specs in e2e/ cover the real
 * Worker.)
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LabConfig, type LabProgress, labBuiltin, type SweepPartial, type SweepSlice, sweepBuiltin } from '../engine/lab';
import { builtinWorldNames } from '../engine/worlds/builtins';
import { defaultPoolSize } from './poolSize';
import type * as WorkerModule from './sim.worker';
import { crash, StandInWorker } from './standInWorker';

const g = globalThis as Record<string, unknown>;
// sim.worker.ts exposes its API on its global scope when imported; here each stand-in Worker exposes it on a port.
g.addEventListener ??= () => {};

let workerApi: typeof WorkerModule.api;
let bridge: typeof import('./simBridge');
const spawned: SimStandIn[] = [];
/**
 * Separate instances of the worker module (a query string makes a new module), one per stand-in worker, as
 * each real worker has its own: the module keeps its run in flight in module state.
 */
const instances: (typeof WorkerModule.api)[] = [];
/** Trial slices each instance has run. */
const slicesRun: number[] = [];
/** Lab slices as they start and end, over all instances: `start 3`, `end 3`. */
const sliceLog: string[] = [];

/** A stand-in worker per `new Worker()`: each serves the next instance of the worker module. */
class SimStandIn extends StandInWorker {
  constructor() {
    super(instances[spawned.length % instances.length]);
    spawned.push(this);
  }
}

beforeAll(async () => {
  workerApi = (await import('./sim.worker')).api;
  instances.push(workerApi);
  for (let i = 1; i < 8; i++) instances.push((await import(/* @vite-ignore */ `./sim.worker.ts?instance=${i}`)).api);
  instances.forEach((api, i) => {
    const run = api.runLabSlice;
    slicesRun[i] = 0;
    api.runLabSlice = (...args) => {
      slicesRun[i]++;
      sliceLog.push(`start ${args[1].from}`);
      return run(...args).finally(() => sliceLog.push(`end ${args[1].from}`));
    };
  });
  g.Worker = SimStandIn;
  bridge = await import('./simBridge');
});

const strip = <T extends { summary: { results: Record<string, { seconds: number }> } }>(r: T) => ({
  ...r,
  summary: { ...r.summary, results: Object.fromEntries(Object.entries(r.summary.results).map(([k, v]) => [k, { ...v, seconds: 0 }])) },
});

const CONFIG: LabConfig = {
  world: 'sudoku',
  algos: ['promptwise', 'random', 'oracle'],
  T: 400,
  trials: 6,
  seed: 2,
  params: {},
  traceAlgo: 'promptwise',
  curvePoints: 50,
};

describe('the simulation bridge', () => {
  it('runLab returns the engine’s LabResult, with progress and a final full-curves message', async () => {
    const progress: LabProgress[] = [];
    const result = await bridge.runLab(CONFIG, { onProgress: (p) => progress.push(p) });
    expect(strip(result)).toEqual(strip(labBuiltin(CONFIG)));
    await new Promise((r) => setTimeout(r, 10)); // the final progress message may trail the result
    const last = progress.at(-1)!;
    expect(last.done).toBe(last.total);
    expect(last.total).toBe(3 * 6 * 400);
    // Figures over every trial are the result: no progress message carries them.
    expect(progress.every((p) => p.partial === null || p.partial.trials < CONFIG.trials)).toBe(true);
  });

  it('runLab sends partial figures once per round of trials (1, 2, 5, 10, …), each those of a run of that many', async () => {
    bridge.setPoolSize(1); // trials finish in order
    try {
      const config = { ...CONFIG, T: 60, trials: 12 };
      const partials: NonNullable<LabProgress['partial']>[] = [];
      await bridge.runLab(config, { onProgress: (p) => p.partial && partials.push(p.partial) });
      await new Promise((r) => setTimeout(r, 10));
      // Not 12: the figures over every trial are the result itself.
      expect(partials.map((p) => p.trials)).toEqual([1, 2, 5, 10]);
      for (const p of partials) {
        const shorter = labBuiltin({ ...config, trials: p.trials });
        expect(p.curves).toEqual(shorter.curves);
        expect(strip(p).summary).toEqual(strip(shorter).summary);
      }
    } finally {
      bridge.setPoolSize(null);
    }
  });

  it('runSweep returns the engine’s SweepResult, and on the way the sweep over 1, 2, … trials', async () => {
    const config = { base: { ...CONFIG, trials: 3 }, param: 'lambda' as const, values: [0, 0.05] };
    const seen: number[] = [];
    const partials: SweepPartial[] = [];
    const result = await bridge.runSweep(config, {
      onProgress: (p) => {
        seen.push(p.done / p.total);
        if (p.partial) partials.push(p.partial);
      },
    });
    expect(result).toEqual(sweepBuiltin(config));
    await new Promise((r) => setTimeout(r, 10));
    expect(seen.at(-1)).toBe(1);
    expect(partials.map((p) => p.trials)).toEqual([1, 2, 3]);
    for (const p of partials) expect(p).toEqual({ ...sweepBuiltin({ ...config, base: { ...config.base, trials: p.trials } }), trials: p.trials });
  });

  it('runSweep reports its progress as it goes, never backwards, and each round’s points at once', async () => {
    // Eighteen slices of T = 5000: long enough (about 1 s here) for progress messages between the rounds' points.
    const config = { base: { ...CONFIG, T: 5000, trials: 3 }, param: 'lambda' as const, values: [0, 0.01, 0.05, 0.1, 0.5, 1] };
    const messages: { at: number; partial: boolean; done: number }[] = [];
    const t0 = performance.now();
    await bridge.runSweep(config, { onProgress: (p) => messages.push({ at: performance.now(), partial: p.partial !== null, done: p.done }) });
    const seconds = (performance.now() - t0) / 1000;
    const plain = messages.filter((m) => !m.partial);
    expect(plain.length, 'progress messages without points').toBeGreaterThan(0);
    // Paced in the workers (sim.worker.ts, 100 ms each): at most ten a second per worker, plus each slice's first
    // tick and the count as it finishes (18 slices).
    expect(plain.length).toBeLessThanOrEqual(Math.ceil(seconds * 10 * bridge.poolSize()) + 2 * 18);
    for (const [i, m] of messages.entries()) if (i > 0) expect(m.done, `message ${i}`).toBeGreaterThanOrEqual(messages[i - 1].done);
    // Every round's points came (trials 1, 2 and 3), and the last message counts every step.
    expect(messages.filter((m) => m.partial).length).toBe(3);
    expect(messages.at(-1)?.done).toBe(config.values.length * config.base.algos.length * config.base.trials * config.base.T);
  });

  it('runSweep computes the rounds asked for, and resumed from its slices gives the engine’s sweep', async () => {
    const config = { base: { ...CONFIG, trials: 3 }, param: 'tauMax' as const, values: [1, 3] };
    const slices: SweepSlice[] = [];
    const paused = await bridge.runSweep(config, { onSlice: (sl) => slices.push(sl), rounds: 1 });
    expect(paused).toBeNull();
    expect(slices.map((sl) => [sl.x, sl.range.from, sl.range.to])).toEqual([
      [1, 0, 1],
      [3, 0, 1],
    ]);
    const done: number[] = [];
    const more: SweepSlice[] = [];
    const result = await bridge.runSweep(config, { from: slices, onSlice: (sl) => more.push(sl), onProgress: (p) => done.push(p.done) });
    expect(result).toEqual(sweepBuiltin(config));
    // Only what was missing was computed, and progress counts on from what was in.
    expect(more.map((sl) => sl.range.from)).toEqual([1, 1, 2, 2]);
    expect(Math.min(...done)).toBeGreaterThan(2 * config.base.algos.length * config.base.T); // the two slices in
  });

  it('the catalog describes every built-in world', async () => {
    const cat = await bridge.catalog();
    expect(cat.worlds.map((w) => w.name)).toEqual(builtinWorldNames);
    expect(cat.worlds.find((w) => w.name === 't2i')?.costs).toEqual([0.75, 1.37, 1.6, 12.5, 90]);
  });

  it('rejects a bad config with the engine’s message, and the next call works', async () => {
    await expect(bridge.runLab({ ...CONFIG, traceAlgo: 'greedy' })).rejects.toThrow(/traceAlgo: "greedy" is not one of the algorithms run/);
    await expect(bridge.runSweep({ base: CONFIG, param: 'tauMax', values: [0] })).rejects.toThrow(/values: tauMax: must be an integer from 1 to 1,000/);
    await expect(bridge.runLab({ ...CONFIG, T: 20, trials: 1 })).resolves.toBeTruthy();
  });

  it('an abort rejects with AbortError, stops the worker’s run, and the next run works', async () => {
    const ac = new AbortController();
    const long = bridge.runLab({ ...CONFIG, T: 100_000, trials: 50 }, { signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    await expect(long).rejects.toMatchObject({ name: 'AbortError' });
    const sweepAc = new AbortController();
    const sweep = bridge.runSweep({ base: { ...CONFIG, T: 100_000, trials: 50 }, param: 'tauMax', values: [1, 2] }, { signal: sweepAc.signal });
    setTimeout(() => sweepAc.abort(), 50);
    await expect(sweep).rejects.toMatchObject({ name: 'AbortError' });
    const before = spawned.length;
    const result = await bridge.runLab({ ...CONFIG, T: 50, trials: 1 });
    expect(result.trace).toHaveLength(50);
    expect(spawned.length).toBe(before); // the engine stopped in time: the worker was kept
  });

  it('a crashed worker rejects the run in flight with SimWorkerError, and the next call starts a fresh one', async () => {
    const run = bridge.runLab({ ...CONFIG, T: 100_000, trials: 50 });
    await new Promise((r) => setTimeout(r, 30));
    const worker = spawned.at(-1)!;
    crash(worker, 'boom');
    await expect(run).rejects.toThrow(new bridge.SimWorkerError('The simulation worker crashed (boom). The next run starts a fresh one.'));
    expect(worker.terminated).toBe(true);
    workerApi.cancel(); // the stand-in's "thread" is this one: stop its run by hand
    const n = spawned.length;
    await expect(bridge.runSweep({ base: { ...CONFIG, T: 30, trials: 1 }, param: 'tauMax', values: [1] })).resolves.toBeTruthy();
    expect(spawned.length).toBe(n + 1);
  });

  describe('with a pool of workers', () => {
    afterEach(() => bridge.setPoolSize(null));

    it.each([2, 3])('%i workers give the result of one, bit for bit, with progress that only grows', async (size) => {
      bridge.setPoolSize(size);
      const progress: LabProgress[] = [];
      const slicesBefore = [...slicesRun];
      const result = await bridge.runLab(CONFIG, { onProgress: (p) => progress.push(p) });
      expect(strip(result)).toEqual(strip(labBuiltin(CONFIG)));
      // The trials really were shared: `size` workers each ran some.
      const ran = slicesRun.map((n, i) => n - (slicesBefore[i] ?? 0)).filter((n) => n > 0);
      expect(ran).toHaveLength(size);
      expect(ran.reduce((a, b) => a + b)).toBe(CONFIG.trials);
      const done = progress.map((p) => p.done);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(progress.at(-1)).toMatchObject({ done: progress.at(-1)?.total, partial: null });
      // Every partial picture is the curves of a run of the first k trials, for some k short of all (the result).
      const shorter = Array.from({ length: CONFIG.trials - 1 }, (_, k) => JSON.stringify(labBuiltin({ ...CONFIG, trials: k + 1 }).curves));
      const partials = progress.flatMap((p) => (p.partial ? [JSON.stringify(p.partial.curves)] : []));
      expect(partials.length).toBeGreaterThan(0);
      for (const p of partials) expect(shorter).toContain(p);
      const sweep = { base: { ...CONFIG, trials: 2 }, param: 'tauMax' as const, values: [1, 2, 3, 5] };
      expect(await bridge.runSweep(sweep)).toEqual(sweepBuiltin(sweep));
    });

    it('a lab run computes trial 0 alone, the first figures, before the other workers start', async () => {
      bridge.setPoolSize(3);
      sliceLog.length = 0;
      await bridge.runLab(CONFIG);
      expect(sliceLog.slice(0, 2)).toEqual(['start 0', 'end 0']);
      expect(sliceLog.filter((e) => e.startsWith('start'))).toHaveLength(CONFIG.trials);
    });

    it('a bad value fails the sweep with the engine’s message; an abort stops every worker', async () => {
      bridge.setPoolSize(3);
      await expect(bridge.runSweep({ base: CONFIG, param: 'tauMax', values: [1, 0] })).rejects.toThrow(/values: tauMax: must be an integer from 1 to 1,000/);
      const ac = new AbortController();
      const long = bridge.runLab({ ...CONFIG, T: 100_000, trials: 50 }, { signal: ac.signal });
      setTimeout(() => ac.abort(), 50);
      await expect(long).rejects.toMatchObject({ name: 'AbortError' });
      const before = spawned.length;
      expect(strip(await bridge.runLab({ ...CONFIG, T: 50, trials: 3 }))).toEqual(strip(labBuiltin({ ...CONFIG, T: 50, trials: 3 })));
      expect(spawned.length).toBe(before); // every worker stopped in time and was kept
    });

    it('has the default size for this machine’s cores until one is set', () => {
      expect(bridge.poolSize()).toBe(defaultPoolSize(globalThis.navigator?.hardwareConcurrency ?? 1));
      bridge.setPoolSize(5);
      expect(bridge.poolSize()).toBe(5);
    });

    it('refuses a pool size that is not an integer from 1 to 16', () => {
      for (const bad of [0, 1.5, 17, Number.NaN]) expect(() => bridge.setPoolSize(bad)).toThrow(RangeError);
    });
  });
});
