/**
 * The lab store's scheduling in Node, with the worker bridge replaced by controllable fakes: the first run
 * starts at once, a parameter change runs at once (during a slider drag: after a pause, or on release) and
 * aborts the stale run, the run comes before the
 * sweeps (one job at a time), sweeps re-run only when their inputs change, failures and cancels are not
 * retried by themselves, and playback follows a finished run. Each test imports fresh modules (vi.resetModules),
 * so no store carries state from one test to the next.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabConfig, LabResult, SweepConfig, SweepResult } from '../engine/lab/types';

type Kind = 'run' | 'tauMax' | 'lambda';
interface Call {
  kind: Kind;
  config: LabConfig | SweepConfig;
  signal: AbortSignal;
  resolve(v: unknown): void;
  reject(e: unknown): void;
  settled: boolean;
}

const calls: Call[] = [];

function fakeCall(kind: Kind, config: LabConfig | SweepConfig, signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const call: Call = { kind, config, signal: signal!, resolve, reject, settled: false };
    const settle = (f: (v: unknown) => void) => (v: unknown) => {
      if (call.settled) return;
      call.settled = true;
      f(v);
    };
    call.resolve = settle(resolve);
    call.reject = settle(reject);
    signal?.addEventListener('abort', () => call.reject(new DOMException('The simulation was cancelled.', 'AbortError')), { once: true });
    calls.push(call);
  });
}

/** The signals the embedding calls of runs received (the fake runLab embeds, as a run on embedding features does). */
const embedSignals: (AbortSignal | undefined)[] = [];
vi.mock('./embedStore', async (original) => ({
  ...(await original<typeof import('./embedStore')>()),
  embedVectors: (_texts: string[], signal?: AbortSignal) => {
    embedSignals.push(signal);
    return new Promise(() => {}); // a long embedding: it ends only by its signal, which this fake ignores
  },
}));

vi.mock('../workers/simBridge', () => ({
  poolSize: () => 1,
  runLab: (config: LabConfig, o: { signal?: AbortSignal; embed?: (texts: string[]) => Promise<Float32Array[]> } = {}) => {
    void o.embed?.(['a prompt']);
    return fakeCall('run', config, o.signal);
  },
  runSweep: (config: SweepConfig, o: { signal?: AbortSignal } = {}) => fakeCall(config.param, config, o.signal),
  catalog: () => Promise.resolve({ algorithms: ['promptwise', 'greedy', 'oracle'], worlds: ['t2i', 'sudoku'] }),
}));

let lab: typeof import('./labStore');
let params: typeof import('./params');
let disconnect: () => void;

const pending = () => calls.filter((c) => !c.settled);
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

function resultFor(config: LabConfig): LabResult {
  const stat = { mean: config.params.lambda ?? 0, std: 0 };
  return {
    config,
    world: { name: config.world, arms: ['a', 'b'], costs: [1, 2], categories: [] },
    summary: {
      world: config.world,
      params: {},
      results: Object.fromEntries(config.algos.map((a) => [a, { utility: stat, cost: stat, success: stat, regret: stat, seconds: 0 }])),
    },
    curves: {},
    usage: {},
    trace: [],
  };
}

const sweepFor = (c: SweepConfig): SweepResult => ({ param: c.param, values: c.values, points: [] });

/** Finishes the only job in flight (it must be of `kind`). */
async function finish(kind: Kind): Promise<Call> {
  const open = pending();
  expect(open.map((c) => c.kind)).toEqual([kind]);
  const [call] = open;
  call.resolve(kind === 'run' ? resultFor(call.config as LabConfig) : sweepFor(call.config as SweepConfig));
  await flush();
  return call;
}

beforeEach(async () => {
  vi.useFakeTimers();
  calls.length = 0;
  embedSignals.length = 0;
  vi.resetModules();
  lab = await import('./labStore');
  params = await import('./params');
  params.useParams.getState().set({ world: 't2i', algos: ['promptwise', 'greedy', 'oracle'], T: 1000, trials: 2 });
  disconnect = lab.connectLab();
  await flush();
});

afterEach(() => {
  disconnect();
  vi.useRealTimers();
});

const state = () => lab.useLab.getState();

describe('lab store: runs and sweeps', () => {
  it('runs at once, then the τ_max sweep, then the λ sweep, one at a time', async () => {
    expect(state().status).toBe('running');
    expect(pending().map((c) => c.kind)).toEqual(['run']);
    const run = await finish('run');
    expect((run.config as LabConfig).traceAlgo).toBe('promptwise');
    expect(state().status).toBe('done');
    expect(state().result?.config.world).toBe('t2i');
    const tau = await finish('tauMax');
    expect((tau.config as SweepConfig).values).toEqual([1, 2, 4, 5, 8, 16]); // the current τ_max (5) included
    const lam = await finish('lambda');
    expect((lam.config as SweepConfig).values).toEqual([1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 1]);
    expect(state().sweeps.tauMax.status).toBe('done');
    expect(state().sweeps.lambda.status).toBe('done');
    expect(pending()).toEqual([]);
  });

  it('a dataset world with embedding features names the embedding model, and a new model is a new run', async () => {
    params.useParams.getState().set({ world: 'data:routeprofile-ulab', features: 'embedding', dim: 8 });
    await flush();
    const run = pending().at(-1)!;
    expect((run.config as LabConfig).dataset).toEqual({ features: 'embedding', dim: 8, costs: 'prices', embedModel: 'Xenova/all-MiniLM-L6-v2' });
    const embed = await import('./embedStore');
    embed.useEmbed.getState().setSettings({ model: 'fixtures/tiny-random-bert' });
    await flush();
    expect(run.signal.aborted).toBe(true);
    expect((pending().at(-1)!.config as LabConfig).dataset?.embedModel).toBe('fixtures/tiny-random-bert');
  });

  it('runs a change at once (one run for the changes of one event), aborting the stale run', async () => {
    const first = pending()[0];
    params.useParams.getState().set({ lambda: 0.05 });
    params.useParams.getState().set({ lambda: 0.1 });
    expect(state().status).toBe('pending');
    await flush();
    expect(first.signal.aborted).toBe(true);
    const open = pending();
    expect(open).toHaveLength(1);
    expect((open[0].config as LabConfig).params.lambda).toBe(0.1);
    expect(calls.filter((c) => c.kind === 'run')).toHaveLength(2); // λ = 0.05 never ran
    expect(state().status).toBe('running');
    await finish('run');
    expect(state().result?.config.params.lambda).toBe(0.1);
  });

  it('during a slider drag, waits for a pause in the drag, and runs at once on release', async () => {
    await finish('run');
    state().dragStart();
    params.useParams.getState().set({ lambda: 0.02 });
    await vi.advanceTimersByTimeAsync(lab.DRAG_DEBOUNCE_MS - 10);
    params.useParams.getState().set({ lambda: 0.03 });
    await vi.advanceTimersByTimeAsync(lab.DRAG_DEBOUNCE_MS - 10);
    expect(pending().filter((c) => c.kind === 'run')).toEqual([]); // still dragging, never paused for DRAG_DEBOUNCE_MS
    expect(state().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(20);
    await flush();
    expect(pending().map((c) => (c.config as LabConfig).params.lambda)).toEqual([0.03]); // a pause runs
    await finish('run');
    params.useParams.getState().set({ lambda: 0.04 });
    await flush();
    expect(pending().filter((c) => c.kind === 'run')).toEqual([]);
    state().dragEnd(); // released: no more waiting
    await flush();
    expect(pending().map((c) => [c.kind, (c.config as LabConfig).params?.lambda])).toEqual([['run', 0.04]]);
    // After the drag, changes run at once again.
    await finish('run');
    params.useParams.getState().set({ lambda: 0.05 });
    await flush();
    expect(pending().map((c) => [c.kind, (c.config as LabConfig).params?.lambda])).toEqual([['run', 0.05]]);
  });

  it('re-runs only what a change affects', async () => {
    await finish('run');
    await finish('tauMax');
    await finish('lambda');
    // λ: the run and the τ_max sweep (drawn at this λ), not the λ sweep.
    params.useParams.getState().set({ lambda: 0.03 });
    await flush();
    await finish('run');
    await finish('tauMax');
    expect(pending()).toEqual([]);
    // τ_max: the run, the τ_max sweep (it always includes the current τ_max) and the λ sweep.
    params.useParams.getState().set({ tauMax: 3 });
    await flush();
    await finish('run');
    const tau = await finish('tauMax');
    expect((tau.config as SweepConfig).values).toEqual([1, 2, 3, 4, 8, 16]);
    await finish('lambda');
    expect(pending()).toEqual([]);
    // The traced algorithm: the run only.
    params.useParams.getState().set({ traceAlgo: 'greedy' });
    await flush();
    const run = await finish('run');
    expect((run.config as LabConfig).traceAlgo).toBe('greedy');
    expect(pending()).toEqual([]);
    // Back to parameters already shown: nothing runs.
    expect(state().status).toBe('done');
  });

  it('puts the run before a sweep in flight', async () => {
    await finish('run');
    const tau = pending()[0];
    expect(tau.kind).toBe('tauMax');
    params.useParams.getState().set({ seed: 5 });
    await flush();
    await flush();
    expect(tau.signal.aborted).toBe(true);
    expect(pending().map((c) => c.kind)).toEqual(['run']);
  });

  it('shows a failure, does not retry it by itself, and runs again on request', async () => {
    pending()[0].reject(new Error('The simulation worker crashed (boom). The next run starts a fresh one.'));
    await flush();
    expect(state().status).toBe('error');
    expect(state().error).toMatch(/crashed \(boom\)/);
    await vi.advanceTimersByTimeAsync(5000);
    expect(pending()).toEqual([]);
    state().runNow();
    await flush();
    expect(state().status).toBe('running');
    await finish('run');
    expect(state().status).toBe('done');
    expect(state().error).toBeNull();
  });

  it('keeps a cancelled run cancelled until the parameters change', async () => {
    const first = pending()[0];
    state().cancel();
    await flush();
    expect(first.signal.aborted).toBe(true);
    expect(state().status).toBe('cancelled');
    await vi.advanceTimersByTimeAsync(5000);
    expect(pending()).toEqual([]);
    expect(state().status).toBe('cancelled');
    params.useParams.getState().set({ T: 100 });
    await flush();
    await flush();
    expect(pending().map((c) => c.kind)).toEqual(['run']);
    // And back to the cancelled parameters: still cancelled, not pending forever.
    params.useParams.getState().set({ T: 1000 });
    await flush();
    await flush();
    expect(state().status).toBe('cancelled');
    expect(pending()).toEqual([]);
  });

  it('cancels a running embedding with its run: the embedding gets the run’s signal', async () => {
    expect(embedSignals).toHaveLength(1);
    expect(embedSignals[0]?.aborted).toBe(false);
    state().cancel();
    await flush();
    expect(embedSignals[0]?.aborted).toBe(true);
  });

  it('never runs without an algorithm', async () => {
    const p = params.useParams.getState();
    p.toggleAlgo('greedy');
    p.toggleAlgo('oracle');
    params.useParams.getState().toggleAlgo('promptwise'); // the last one stays
    expect(params.useParams.getState().params.algos).toEqual(['promptwise']);
  });
});

describe('lab store: playback', () => {
  beforeEach(async () => {
    await finish('run');
  });

  it('replays a finished run from 0 at 125 prompts a second', () => {
    expect(state().playback).toEqual({ cursor: 0, playing: true, speed: 1 });
    state().tick(1000);
    expect(state().playback.cursor).toBe(125);
    state().tick(100_000);
    expect(state().playback).toMatchObject({ cursor: 1000, playing: false });
  });

  it('steps, pauses, resets, skips and replays', () => {
    state().tick(400);
    state().step();
    expect(state().playback).toMatchObject({ cursor: 51, playing: false });
    state().tick(1000);
    expect(state().playback.cursor).toBe(51);
    state().togglePlay();
    expect(state().playback.playing).toBe(true);
    state().skipToEnd();
    expect(state().playback).toMatchObject({ cursor: 1000, playing: false });
    state().play(); // at the end: from the start again
    expect(state().playback).toMatchObject({ cursor: 0, playing: true });
    state().reset();
    expect(state().playback).toMatchObject({ cursor: 0, playing: false });
  });

  it('holds a skipped-to-end playback at the end of the next result, as the scrubber does', async () => {
    state().tick(400);
    state().skipToEnd();
    params.useParams.getState().set({ T: 2000 });
    await flush();
    await finish('run');
    expect(state().playback).toMatchObject({ cursor: 2000, playing: false });
    state().seek(2000);
    params.useParams.getState().set({ T: 500 });
    await flush();
    await finish('run');
    expect(state().playback).toMatchObject({ cursor: 500, playing: false });
  });

  it('keeps a paused cursor for the next result, and a selected step within T', async () => {
    state().tick(800);
    state().pause();
    state().selectStep(42);
    expect(state().selectedStep).toBe(42);
    state().selectStep(5000); // beyond T: ignored
    expect(state().selectedStep).toBe(42);
    params.useParams.getState().set({ lambda: 0.2 });
    await flush();
    await finish('run');
    expect(state().playback).toMatchObject({ cursor: 100, playing: false });
    expect(state().selectedStep).toBe(42);
  });
});
