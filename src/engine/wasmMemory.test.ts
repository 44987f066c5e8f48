/**
 * The estimators' WebAssembly memory across trials. In a file of its own, which vitest runs isolated (vitest.config.ts):
 * the heap is module state, and files sharing a worker leave arenas of their own in it (policies a test never
 * released, given back only when collected), whose regions could make a run here reserve more for reasons of theirs.
 */
import { describe, expect, it } from 'vitest';
import { wasmHeap } from './estimators/wasm/heap';
import { drainAsync, runSimulation, SimCancelled, type SimOptions, simulate } from './simulate';
import { builtinWorld } from './worlds/builtins';

describe('the estimators’ WebAssembly memory across trials', () => {
  const options: SimOptions = { algos: ['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts'], T: 150, trials: 6, seed: 3, params: {} };

  it('stays at one trial’s worth: each trial’s policies give their regions to the next', () => {
    // The test runs in one task, so no collected arena gives its regions back meanwhile.
    const world = builtinWorld('logistic');
    const inUse = wasmHeap().inUse;
    runSimulation(world, { ...options, trials: 1 });
    const oneTrial = wasmHeap().reserved;
    runSimulation(world, options);
    expect(wasmHeap().reserved).toBe(oneTrial);
    expect(wasmHeap().inUse).toBe(inUse);
  });

  it('is given back when a run is stopped or cancelled mid-trial, and the next run computes the same as a fresh one', async () => {
    const world = builtinWorld('logistic');
    const fresh = runSimulation(world, options);
    const before = wasmHeap().reserved;
    const inUse = wasmHeap().inUse;
    for (let i = 0; i < 5; i++) {
      const sim = simulate(world, options, 10);
      sim.next();
      sim.next();
      sim.return(undefined as never); // stopped in trial 0, its policies mid-run
    }
    expect(() => runSimulation(world, options, { chunk: 10, shouldStop: () => true })).toThrow(SimCancelled);
    expect(wasmHeap().inUse).toBe(inUse);
    expect(wasmHeap().reserved).toBe(before);
    // The workers' path: drainAsync stopped by its signal (a cancelled lab run). It never hands the event loop a
    // turn here (sliceMs), so the test stays one task, as the comparisons of inUse need.
    const signal = { aborted: false };
    await expect(drainAsync(simulate(world, options, 10), () => (signal.aborted = true), { signal, sliceMs: Infinity })).rejects.toThrow(SimCancelled);
    expect(wasmHeap().inUse).toBe(inUse);
    const figures = (r: typeof fresh) => Object.values(r.results).map(({ seconds: _, ...rest }) => rest);
    expect(figures(runSimulation(world, options))).toEqual(figures(fresh));
  });
});
