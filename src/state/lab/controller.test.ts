/**
 * The lab controller in Node, with the real engine behind its bridge: each job the controller starts waits
 * until the test lets it finish, then computes with the engine (labBuiltin, sweepBuiltin) as a worker would.
 * The first run starts at once, a parameter change runs in the next task (during a slider drag: after a pause,
 * or on release) and aborts the stale run, the run comes before the sweeps (one job at a time), sweeps re-run
 * only when their inputs change, and failures and cancels are held, not retried by themselves. Each test makes
 * its own controller: nothing carries over.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { labBuiltin, sweepBuiltin } from '../../engine/lab/run';
import { SweepAssembler, sweepRounds, sweepSlice } from '../../engine/lab/sweepSlices';
import type { LabConfig, LabProgress, LabResult, SweepConfig, SweepProgress, SweepResult } from '../../engine/lab/types';
import { drain } from '../../engine/simulate';
import { builtinWorld } from '../../engine/worlds/builtins';
import { DEFAULT_PARAMS, type LabParams } from '../urlCodec';
import { labConfigOf, sweepValues, wantedJobs } from './config';
import { createLabController, DRAG_DEBOUNCE_MS, isLabIntent, type LabBridge, type LabController } from './controller';
import type { JobKind } from './jobs';
import { runStatusText, sweepWaitText, traceComingText } from './runStatusText';

interface Call {
  kind: JobKind;
  config: LabConfig | SweepConfig;
  signal: AbortSignal;
  /** Computes the job with the engine and resolves it. */
  finish(): void;
  fail(e: Error): void;
  settled: boolean;
}

let calls: Call[];
let params: LabParams;
let embedModel: string;
let lab: LabController;
/** The progress callbacks of the last run and the last sweep started. */
let labProgress: (p: LabProgress) => void;
let sweepProgress: (p: SweepProgress) => void;

/** A job that waits for the test, then runs the real engine; its signal rejects it as a worker's abort does. */
function gated<C extends LabConfig | SweepConfig, R>(kind: JobKind, config: C, signal: AbortSignal, compute: (c: C) => R): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const call: Call = {
      kind,
      config,
      signal,
      settled: false,
      finish: () => settle(() => resolve(compute(config))),
      fail: (e) => settle(() => reject(e)),
    };
    const settle = (f: () => void) => {
      if (call.settled) return;
      call.settled = true;
      f();
    };
    signal.addEventListener('abort', () => settle(() => reject(new DOMException('The simulation was cancelled.', 'AbortError'))), { once: true });
    calls.push(call);
  });
}

const bridge: LabBridge = {
  poolSize: () => 1,
  runLab: (config, { signal, onProgress }) => {
    labProgress = (p) => onProgress?.(p);
    return gated<LabConfig, LabResult>('run', config, signal, (c) => labBuiltin(c));
  },
  runSweep: (config, { signal, onProgress }) => {
    sweepProgress = onProgress;
    return gated<SweepConfig, SweepResult>(config.param, config, signal, (c) => sweepBuiltin(c));
  },
  runTrace: (config, { signal }) => gated<LabConfig, LabResult>('trace', config, signal, (c) => labBuiltin(c)),
};

const pending = () => calls.filter((c) => !c.settled);
const state = () => lab.store.getState();
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};
const change = async (patch: Partial<LabParams>) => {
  params = { ...params, ...patch };
  lab.dispatch({ type: 'params-changed' });
};

/** Finishes the only job in flight (it must be of `kind`). */
async function finish(kind: JobKind): Promise<Call> {
  const open = pending();
  expect(open.map((c) => c.kind)).toEqual([kind]);
  open[0].finish();
  await flush();
  return open[0];
}

/** Finishes the run in flight, then its trace (the job after it): what the page shows before the sweeps. */
async function finishRun(): Promise<Call> {
  const run = await finish('run');
  await finish('trace');
  return run;
}

beforeEach(async () => {
  vi.useFakeTimers();
  calls = [];
  embedModel = 'Xenova/all-MiniLM-L6-v2';
  params = { ...DEFAULT_PARAMS, world: 't2i', algos: ['promptwise', 'greedy', 'oracle'], traceAlgo: 'promptwise', T: 200, trials: 2 };
  lab = createLabController({
    bridge,
    wanted: () => wantedJobs(params, embedModel),
  });
  // Both sweep cards on screen (the page says so as they scroll into view); the lazy case has its own test.
  lab.dispatch({ type: 'sweep-wanted', param: 'tauMax', wanted: true });
  lab.dispatch({ type: 'sweep-wanted', param: 'lambda', wanted: true });
  lab.dispatch({ type: 'run' });
  await flush();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('lab controller', () => {
  it('shows a run’s partial figures, and keeps the last through progress without figures until the result', async () => {
    const figures = (trials: number) => {
      const r = labBuiltin({ ...(pending()[0].config as LabConfig), trials });
      return { curves: r.curves, summary: r.summary, singleModels: r.singleModels, world: r.world, trials };
    };
    const one = figures(1);
    labProgress({ done: 10, total: 100, partial: one });
    expect(state().progress.partial).toBe(one);
    labProgress({ done: 50, total: 100, partial: null });
    expect(state().progress).toMatchObject({ done: 50, partial: one });
    const two = figures(2);
    labProgress({ done: 60, total: 100, partial: two });
    expect(state().progress.partial).toBe(two);
    labProgress({ done: 100, total: 100, partial: null });
    expect(state().progress).toMatchObject({ done: 100, partial: two });
    await finish('run');
    expect(state()).toMatchObject({ status: 'done', progress: { partial: null } });
  });

  it('keeps a sweep’s points over its first trials while it computes, with the run’s point over as many, until it is done', async () => {
    await finishRun();
    const [tau] = pending();
    const config = tau.config as SweepConfig;
    const shorter = (values: number[], trials: number) => ({ ...config, values, base: { ...config.base, trials } });
    sweepProgress({ done: 10, total: 100, partial: { ...sweepBuiltin(shorter(config.values, 1)), trials: 1 } });
    expect(state().sweeps.tauMax.progress).toEqual({ done: 10, total: 100 });
    // The current τ_max (5) is the run's point over its first trial.
    expect(state().sweeps.tauMax.partial).toEqual({ ...sweepBuiltin(shorter([1, 2, 4, 5, 8, 16], 1)), trials: 1 });
    sweepProgress({ done: 20, total: 100, partial: null });
    expect(state().sweeps.tauMax.partial?.trials).toBe(1); // progress without a new round keeps the points
    await finish('tauMax');
    expect(state().sweeps.tauMax).toMatchObject({ status: 'done', partial: null });
  });

  it('runs at once, then its trace, then the τ_max sweep, then the λ sweep, one at a time, with the engine’s results', async () => {
    expect(state().status).toBe('running');
    expect(pending().map((c) => c.kind)).toEqual(['run']);
    expect(traceComingText(state().trace.status, state().status, 'PromptWise')).toBe('The trace of PromptWise on trial 1 comes after the run.');
    const run = await finish('run');
    // The run records no trace: its trace is the next job, trial 0 of the traced algorithm alone.
    expect(run.config as LabConfig).toMatchObject({ traceAlgo: 'promptwise', traceSteps: 0 });
    expect(state().status).toBe('done');
    expect(state().result).toEqual(labBuiltin(run.config as LabConfig));
    expect(state().trace).toMatchObject({ algo: null, rows: [], world: null, status: 'running' });
    expect(traceComingText(state().trace.status, state().status, 'PromptWise')).toBe('Tracing PromptWise on trial 1 of this run…');
    const trace = await finish('trace');
    expect(traceComingText(state().trace.status, state().status, 'PromptWise')).toBeNull();
    expect(trace.config as LabConfig).toMatchObject({ algos: ['promptwise'], trials: 1, traceAlgo: 'promptwise' });
    const withTrace = labConfigOf(params, embedModel);
    const recorded = labBuiltin(withTrace); // the whole run, recording its trace
    expect(state().trace).toEqual({ algo: 'promptwise', status: 'done', error: null, rows: recorded.trace, world: recorded.world, config: trace.config });
    expect(state().trace.rows).toHaveLength(params.T);
    expect(state().sweeps.tauMax.status).toBe('running');
    // The point at the current value comes from the run itself: the sweeps compute the other values only.
    const tau = await finish('tauMax');
    expect((tau.config as SweepConfig).values).toEqual([1, 2, 4, 8, 16]);
    expect(state().sweeps.tauMax.result?.values).toEqual([1, 2, 4, 5, 8, 16]); // the current τ_max (5) included
    expect(state().sweeps.tauMax.result).toEqual(sweepBuiltin({ ...(tau.config as SweepConfig), values: [1, 2, 4, 5, 8, 16] }));
    const lam = await finish('lambda');
    expect((lam.config as SweepConfig).values).toEqual([1e-4, 3e-4, 1e-3, 3e-3, 0.03, 0.1, 0.3, 1]);
    expect(state().sweeps.lambda.result?.values).toEqual([1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 1]);
    expect(state().sweeps.tauMax).toMatchObject({ status: 'done', error: null });
    expect(state().sweeps.lambda.result?.points).toHaveLength(9 * 3);
    expect(pending()).toEqual([]);
  });

  it('a dataset world with embedding features names the embedding model, and a new model is a new run', async () => {
    change({ world: 'data:routeprofile-ulab', features: 'embedding', dim: 8 });
    await flush();
    const run = pending().at(-1)!;
    expect((run.config as LabConfig).dataset).toEqual({ features: 'embedding', dim: 8, costs: 'prices', embedModel: 'Xenova/all-MiniLM-L6-v2' });
    embedModel = 'fixtures/tiny-random-bert';
    lab.dispatch({ type: 'params-changed' });
    await flush();
    expect(run.signal.aborted).toBe(true);
    expect((pending().at(-1)!.config as LabConfig).dataset?.embedModel).toBe('fixtures/tiny-random-bert');
  });

  it('runs a change in the next task (one run for the changes of one event), aborting the stale run', async () => {
    const first = pending()[0];
    change({ lambda: 0.05 });
    change({ lambda: 0.1 });
    expect(state().status).toBe('pending');
    await flush();
    expect(first.signal.aborted).toBe(true);
    expect(pending().map((c) => (c.config as LabConfig).params.lambda)).toEqual([0.1]);
    expect(calls.filter((c) => c.kind === 'run')).toHaveLength(2); // λ = 0.05 never ran
    expect(calls.filter((c) => c.kind === 'trace')).toEqual([]); // nor did a trace: only a run shown is traced
    expect(state().status).toBe('running');
    await finish('run');
    expect(state().result?.config.params.lambda).toBe(0.1);
  });

  it('during a slider drag, waits for a pause in the drag, and runs at once on release', async () => {
    await finishRun();
    lab.dispatch({ type: 'drag', active: true });
    change({ lambda: 0.02 });
    await vi.advanceTimersByTimeAsync(DRAG_DEBOUNCE_MS - 10);
    change({ lambda: 0.03 });
    await vi.advanceTimersByTimeAsync(DRAG_DEBOUNCE_MS - 10);
    expect(pending().filter((c) => c.kind === 'run')).toEqual([]); // still dragging, never paused for DRAG_DEBOUNCE_MS
    expect(state().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(20);
    await flush();
    expect(pending().map((c) => (c.config as LabConfig).params.lambda)).toEqual([0.03]); // a pause runs
    await finishRun();
    change({ lambda: 0.04 });
    await flush();
    expect(pending().filter((c) => c.kind === 'run')).toEqual([]);
    lab.dispatch({ type: 'drag', active: false }); // released: no more waiting (the stale sweep is aborted first)
    await flush();
    expect(pending().map((c) => [c.kind, (c.config as LabConfig).params?.lambda])).toEqual([['run', 0.04]]);
    await finishRun();
    change({ lambda: 0.05 }); // after the drag, changes run at once again
    await flush();
    expect(pending().map((c) => [c.kind, (c.config as LabConfig).params?.lambda])).toEqual([['run', 0.05]]);
  });

  it('keeps the last trace, with the world it names and its λ, until the new run’s trace is in', async () => {
    await finishRun();
    const before = state().trace;
    expect(before.config?.params.lambda).toBe(0.01);
    change({ lambda: 0.03 });
    await flush();
    await finish('run');
    expect(state().result?.config.params.lambda).toBe(0.03);
    expect(state().trace).toEqual({ ...before, status: 'running' });
    await finish('trace');
    expect(state().trace).toMatchObject({ status: 'done', rows: labBuiltin(labConfigOf(params, embedModel)).trace });
    expect(state().trace.config?.params.lambda).toBe(0.03);
  });

  it('keeps no trace or sweep of another world on screen while the new world’s run, trace and sweeps compute', async () => {
    await finishRun();
    await finish('tauMax');
    await finish('lambda');
    expect(state().trace.world?.name).toBe('t2i');
    expect(state().sweeps.tauMax.config?.base.world).toBe('t2i');
    // Another λ: the last sweeps stay on screen (their world's) while the new ones compute.
    change({ lambda: 0.03 });
    await flush();
    await finishRun();
    expect(state().sweeps.tauMax).toMatchObject({ status: 'running', config: { base: { world: 't2i' } } });
    expect(state().sweeps.tauMax.result).not.toBeNull();
    change({ world: 'sudoku' });
    await flush();
    // The run of the new world has started: t2i's prompts, models and points are not shown beside it.
    expect(state().config?.world).toBe('sudoku');
    expect(state().trace).toMatchObject({ algo: null, rows: [], world: null, config: null, status: 'pending' });
    for (const param of ['tauMax', 'lambda'] as const) expect(state().sweeps[param]).toMatchObject({ result: null, config: null });
    await finish('run');
    expect(state().trace).toMatchObject({ rows: [], world: null, status: 'running' });
    await finish('trace');
    expect(state().trace.world?.name).toBe('sudoku');
    // Back to t2i: its run and trace are kept, and shown together at once.
    change({ world: 't2i' });
    await flush();
    expect(state()).toMatchObject({ status: 'done', config: { world: 't2i' } });
    expect(state().trace).toMatchObject({ status: 'done', world: { name: 't2i' } });
  });

  it('shows the last world’s run, trace and sweeps again from the kept results when a link goes back before the new world’s run is in', async () => {
    await finishRun();
    await finish('tauMax');
    await finish('lambda');
    const shown = state();
    change({ world: 'sudoku' });
    await flush();
    expect(state()).toMatchObject({ status: 'running', trace: { rows: [] }, sweeps: { tauMax: { result: null } } });
    change({ world: 't2i' }); // the sudoku run is still computing
    await flush();
    expect(pending()).toEqual([]); // aborted, and nothing to compute: every t2i job is kept
    expect(state()).toMatchObject({ status: 'done', result: shown.result, trace: { status: 'done', rows: shown.trace.rows } });
    for (const param of ['tauMax', 'lambda'] as const) expect(state().sweeps[param]).toMatchObject({ status: 'done', result: shown.sweeps[param].result });
    expect(lab.isCurrent()).toBe(true);
  });

  it('re-runs only what a change affects, and nothing for parameters already shown', async () => {
    await finishRun();
    await finish('tauMax');
    await finish('lambda');
    // λ: the run and the τ_max sweep (drawn at this λ), not the λ sweep.
    change({ lambda: 0.03 });
    await flush();
    await finishRun();
    await finish('tauMax');
    expect(pending()).toEqual([]);
    // τ_max: the run, the τ_max sweep (it always includes the current τ_max) and the λ sweep.
    change({ tauMax: 3 });
    await flush();
    await finishRun();
    expect(((await finish('tauMax')).config as SweepConfig).values).toEqual([1, 2, 4, 8, 16]); // 3: the run's
    expect(state().sweeps.tauMax.result?.values).toEqual([1, 2, 3, 4, 8, 16]);
    await finish('lambda');
    expect(pending()).toEqual([]);
    // The traced algorithm: not a run, only that algorithm's trial 0, whose trace the whole run would record.
    change({ traceAlgo: 'greedy' });
    await flush();
    expect(state().status).toBe('done');
    expect(state().trace.status).toBe('running');
    const trace = await finish('trace');
    expect(trace.config as LabConfig).toMatchObject({ algos: ['greedy'], trials: 1, traceAlgo: 'greedy' });
    expect(state().trace).toMatchObject({
      algo: 'greedy',
      status: 'done',
      rows: labBuiltin(labConfigOf(params, embedModel)).trace, // the whole run's trace of greedy
    });
    expect(pending()).toEqual([]);
    expect(lab.isCurrent()).toBe(true);
    // Back to the traced algorithm before: its trace was kept, nothing runs.
    change({ traceAlgo: 'promptwise' });
    await flush();
    expect(pending()).toEqual([]);
  });

  it('shows a result computed earlier at once when a control moves back, without computing it again', async () => {
    await finishRun();
    await finish('tauMax');
    await finish('lambda');
    const first = state().result;
    change({ lambda: 0.03 });
    await flush();
    await finishRun();
    expect(pending().map((c) => c.kind)).toEqual(['tauMax']); // λ = 0.03's τ_max sweep computing
    change({ lambda: 0.01 }); // back
    await flush();
    expect(state().result).toBe(first); // the very result, shown again
    expect(state()).toMatchObject({ status: 'done', config: first!.config });
    expect(state().sweeps.tauMax.status).toBe('done');
    await flush();
    expect(pending()).toEqual([]); // the stale sweep was aborted, nothing else runs
    expect(calls.filter((c) => c.kind === 'run')).toHaveLength(2);
  });

  it('says the run on screen: a link pasted and pasted back before its run finished shows the first run, and its line (issue 42, item 5)', async () => {
    await finish('run');
    const first = state().result!;
    expect(runStatusText(state())).toMatch(/^Done: 3 algorithms × 2 trials × 200 prompts in /);
    change({ T: 600, trials: 8 }); // link L2
    await flush();
    expect(state().status).toBe('running');
    change({ T: 200, trials: 2 }); // link L1 again, 150 ms later: L2 never finished
    await flush();
    expect(state().result).toBe(first);
    expect(state().status).toBe('done');
    expect(runStatusText(state())).toMatch(/^Done: 3 algorithms × 2 trials × 200 prompts in /);
  });

  it('puts the run before a sweep in flight', async () => {
    await finishRun();
    const tau = pending()[0];
    expect(tau.kind).toBe('tauMax');
    change({ seed: 5 });
    await flush();
    await flush();
    expect(tau.signal.aborted).toBe(true);
    expect(state().sweeps.tauMax.status).toBe('pending');
    expect(pending().map((c) => c.kind)).toEqual(['run']);
  });

  it('puts another algorithm’s trace before a sweep in flight, then the sweep goes on', async () => {
    /** What a sweep paused between its rounds says it waits for, read off the controller's state as the page does. */
    const waits = (param: 'tauMax' | 'lambda') => sweepWaitText(param, state().jobs.inFlight?.kind ?? null, state().status === 'done');
    expect(waits('tauMax')).toBe('The τ_max sweep waits for the run');
    await finishRun();
    const tau = pending()[0];
    expect(tau.kind).toBe('tauMax');
    expect(waits('lambda')).toBe('The λ sweep waits while the τ_max sweep catches up');
    change({ traceAlgo: 'greedy' });
    // While the sweep stops, the trace waits for it, not for the run: the header does not say it comes after the run.
    expect(state().trace.status).toBe('pending');
    expect(traceComingText(state().trace.status, state().status, 'Greedy')).toBe('Tracing Greedy on trial 1 of this run…');
    await flush();
    await flush();
    expect(tau.signal.aborted).toBe(true);
    expect(state().status).toBe('done'); // not a new run
    expect(pending().map((c) => c.kind)).toEqual(['trace']);
    expect(traceComingText(state().trace.status, state().status, 'Greedy')).toBe('Tracing Greedy on trial 1 of this run…');
    expect(waits('tauMax')).toBe('The τ_max sweep waits for the escalation trace');
    await finish('trace');
    expect(state().trace).toMatchObject({ algo: 'greedy', status: 'done' });
    expect(pending().map((c) => c.kind)).toEqual(['tauMax']);
  });

  it('shows a failure, does not retry it by itself, and runs again on request', async () => {
    pending()[0].fail(new Error('The simulation worker crashed (boom). The next run starts a fresh one.'));
    await flush();
    expect(state()).toMatchObject({ status: 'error', error: expect.stringMatching(/crashed \(boom\)/) });
    expect(state().sweeps.tauMax.status).toBe('idle'); // no sweeps for a run that failed
    await vi.advanceTimersByTimeAsync(5000);
    expect(pending()).toEqual([]);
    lab.dispatch({ type: 'run' });
    expect(state().status).toBe('running');
    await finishRun();
    expect(state()).toMatchObject({ status: 'done', error: null });
  });

  it('shows a failed sweep beside its run and holds only the sweep', async () => {
    await finishRun();
    pending()[0].fail(new Error('no memory'));
    await flush();
    expect(state().status).toBe('done');
    expect(state().sweeps.tauMax).toMatchObject({ status: 'error', error: 'no memory' });
    expect(pending().map((c) => c.kind)).toEqual(['lambda']);
  });

  it('keeps a cancelled run cancelled until the parameters change, and again when they come back', async () => {
    const first = pending()[0];
    lab.dispatch({ type: 'cancel' });
    await flush();
    expect(first.signal.aborted).toBe(true);
    expect(state().status).toBe('cancelled');
    await vi.advanceTimersByTimeAsync(5000);
    expect(pending()).toEqual([]);
    change({ T: 100 });
    await flush();
    expect(pending().map((c) => c.kind)).toEqual(['run']);
    change({ T: 200 });
    await flush();
    await flush();
    expect(state().status).toBe('cancelled');
    expect(pending()).toEqual([]);
  });

  it('computes nothing before its first run intent (a sweep card on screen or a change does not start it)', () => {
    const before = calls.length;
    const idle = createLabController({ bridge, wanted: () => wantedJobs(params, embedModel) });
    idle.dispatch({ type: 'sweep-wanted', param: 'tauMax', wanted: true });
    idle.dispatch({ type: 'params-changed' });
    vi.advanceTimersByTime(1000);
    expect(calls.length).toBe(before);
    expect(idle.store.getState().status).toBe('pending');
    idle.dispatch({ type: 'run' });
    expect(calls.length).toBe(before + 1);
  });

  it('starts the sweeps whose cards come on screen together in the page’s order, whichever is reported first', async () => {
    lab.dispatch({ type: 'sweep-wanted', param: 'tauMax', wanted: false });
    lab.dispatch({ type: 'sweep-wanted', param: 'lambda', wanted: false });
    await finishRun();
    lab.dispatch({ type: 'sweep-wanted', param: 'lambda', wanted: true });
    lab.dispatch({ type: 'sweep-wanted', param: 'tauMax', wanted: true });
    await flush();
    expect(pending().map((c) => c.kind)).toEqual(['tauMax']);
    await finish('tauMax');
    expect(pending().map((c) => c.kind)).toEqual(['lambda']);
  });

  it('the two sweeps take turns by rounds of trials, each resumed where it paused, and end at the engine’s sweeps', async () => {
    // A bridge that computes sweeps round by round with the engine, as the page's does (src/workers/simBridge.ts).
    const turns: string[] = [];
    const rounds: LabBridge = {
      ...bridge,
      runSweep: async (config, { from, onSlice, rounds: asked }) => {
        const world = builtinWorld(config.base.world);
        const assembler = new SweepAssembler(config);
        for (const sl of from) assembler.add(sl);
        let left = asked;
        for (const range of sweepRounds(config.base.trials)) {
          if (from.some((sl) => sl.range.from === range.from)) continue;
          await Promise.resolve();
          turns.push(`${config.param} ${range.to}`);
          for (const x of config.values) {
            const sl = drain(sweepSlice(world, config, x, range));
            assembler.add(sl);
            onSlice(sl);
          }
          if (range.to < config.base.trials && --left === 0) return null;
        }
        return assembler.result();
      },
    };
    params = { ...params, trials: 3 };
    const before = calls.length; // the calls of the controller made in beforeEach come first
    const lab2 = createLabController({ bridge: rounds, wanted: () => wantedJobs(params, embedModel) });
    lab2.dispatch({ type: 'sweep-wanted', param: 'tauMax', wanted: true });
    lab2.dispatch({ type: 'sweep-wanted', param: 'lambda', wanted: true });
    lab2.dispatch({ type: 'run' });
    await flush();
    const [run] = calls.slice(before);
    expect(run.kind).toBe('run');
    run.finish();
    await flush();
    const [trace] = calls.slice(before + 1);
    expect(trace.kind).toBe('trace');
    trace.finish();
    for (let i = 0; i < 10; i++) await flush();
    // One round per turn, the sweep with fewer trials done next, τ_max first on a tie: both plots are drawn after
    // two rounds, and fill in together.
    expect(turns).toEqual(['tauMax 1', 'lambda 1', 'tauMax 2', 'lambda 2', 'tauMax 3', 'lambda 3']);
    const s = lab2.store.getState();
    expect(s.sweeps.tauMax).toMatchObject({ status: 'done', partial: null });
    expect(s.sweeps.lambda).toMatchObject({ status: 'done', partial: null });
    const base = labConfigOf(params, embedModel);
    expect(s.sweeps.tauMax.result).toEqual(sweepBuiltin({ base, param: 'tauMax', values: sweepValues('tauMax', params.tauMax) }));
    expect(s.sweeps.lambda.result).toEqual(sweepBuiltin({ base, param: 'lambda', values: sweepValues('lambda', params.lambda) }));
  });

  it('computes a sweep only while it is wanted (its card on screen), lets one computing finish, and cancels one alone', async () => {
    lab.dispatch({ type: 'sweep-wanted', param: 'tauMax', wanted: false });
    lab.dispatch({ type: 'sweep-wanted', param: 'lambda', wanted: false });
    await finishRun();
    expect(pending()).toEqual([]); // no card on screen: no sweep
    expect(state().sweeps.tauMax).toMatchObject({ wanted: false, status: 'idle' });
    lab.dispatch({ type: 'sweep-wanted', param: 'lambda', wanted: true });
    await flush();
    expect(pending().map((c) => c.kind)).toEqual(['lambda']);
    lab.dispatch({ type: 'sweep-wanted', param: 'lambda', wanted: false }); // scrolled past: it finishes anyway
    await flush();
    await finish('lambda');
    expect(state().sweeps.lambda.status).toBe('done'); // for the current parameters, wanted or not
    expect(state().sweeps.lambda.result?.points.length).toBeGreaterThan(0);
    // Cancel one sweep: it stops, stays stopped, and runs again when asked.
    lab.dispatch({ type: 'sweep-wanted', param: 'tauMax', wanted: true });
    await flush();
    const tau = pending()[0];
    expect(tau.kind).toBe('tauMax');
    lab.dispatch({ type: 'cancel-sweep', param: 'tauMax' });
    await flush();
    expect(tau.signal.aborted).toBe(true);
    expect(state().status).toBe('done'); // the run is not touched
    expect(state().sweeps.tauMax.status).toBe('idle');
    await vi.advanceTimersByTimeAsync(5000);
    expect(pending()).toEqual([]);
    lab.dispatch({ type: 'run-sweep', param: 'tauMax' });
    await flush();
    await finish('tauMax');
    expect(state().sweeps.tauMax.status).toBe('done');
  });
});

describe('isLabIntent', () => {
  it("answers for the controller's intents and not for playback's or the parameters'", () => {
    for (const type of ['params-changed', 'run', 'cancel'] as const) expect(isLabIntent({ type })).toBe(true);
    expect(isLabIntent({ type: 'drag', active: true })).toBe(true);
    expect(isLabIntent({ type: 'run-sweep', param: 'tauMax' })).toBe(true);
    for (const type of ['play', 'step', 'seek', 'set-params', 'toString', '__proto__']) expect(isLabIntent({ type })).toBe(false);
  });
});

describe('runStatusText', () => {
  it('counts what ran in words that agree with their numbers: one algorithm, one trial', () => {
    const config: LabConfig = { world: 'sudoku', algos: ['promptwise'], T: 100, trials: 1, seed: 0, params: {}, traceAlgo: 'promptwise' };
    const result = labBuiltin(config);
    const done = { status: 'done', progress: { done: 0, total: 0, partial: null }, config, result, error: null, elapsedMs: 1234, workers: 1 } as const;
    expect(runStatusText(done)).toBe('Done: 1 algorithm × 1 trial × 100 prompts in 1.23 s.');
    expect(runStatusText({ ...done, workers: 2 })).toBe('Done: 1 algorithm × 1 trial × 100 prompts in 1.23 s on 2 simulation workers.');
  });
});
