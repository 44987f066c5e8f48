import { describe, expect, it } from 'vitest';
import { drain } from '../simulate';
import type { World } from '../types';
import { builtinWorld } from '../worlds/builtins';
import { runLab } from './run';
import { LabAssembler, type LabSlice, labSlice } from './slices';
import type { LabConfig, LabResult } from './types';

/** A LabResult with the timings (the only thing that may differ between runs) zeroed. */
function timeless(r: LabResult): LabResult {
  const results = Object.fromEntries(Object.entries(r.summary.results).map(([k, v]) => [k, { ...v, seconds: 0 }]));
  return { ...r, summary: { ...r.summary, results } };
}

function sliceOf(world: World, config: LabConfig, from: number, to: number): LabSlice {
  return drain(labSlice(world, config, { from, to }));
}

/** The run put together from slices at the given cut points, handed to the assembler in the given order. */
function assembled(world: World, config: LabConfig, cuts: number[], order: number[]): LabResult {
  const bounds = [0, ...cuts, config.trials];
  const slices = bounds.slice(1).map((to, i) => sliceOf(world, config, bounds[i], to));
  const assembler = new LabAssembler(config);
  for (const i of order) assembler.add(slices[i]);
  return assembler.result();
}

const cases: { name: string; world: World; config: LabConfig }[] = [
  {
    name: 't2i, the paper algorithms and the oracle',
    world: builtinWorld('t2i'),
    config: {
      world: 't2i',
      algos: ['promptwise', 'promptwise-klr', 'ca-pak-ucb-ts', 'greedy', 'oracle'],
      T: 200,
      trials: 5,
      seed: 7,
      params: {},
      traceAlgo: 'promptwise',
      curvePoints: 30,
    },
  },
  {
    name: 'a logistic world (continuous contexts), traced on KLR',
    world: builtinWorld('logistic', { d: 6 }),
    config: {
      world: 'logistic',
      d: 6,
      algos: ['promptwise', 'promptwise-klr', 'random'],
      T: 120,
      trials: 4,
      seed: 1,
      params: { tauMax: 3 },
      traceAlgo: 'promptwise-klr',
    },
  },
];

describe('a lab run cut into slices of trials (the worker pool)', () => {
  for (const { name, world, config } of cases) {
    it(`gives the whole run's result bit for bit, for any slicing and order of arrival: ${name}`, () => {
      const whole = timeless(runLab(world, config));
      const n = config.trials;
      // One slice; one per trial, arriving backwards; uneven slices arriving out of order.
      expect(timeless(assembled(world, config, [], [0]))).toEqual(whole);
      const perTrial = Array.from({ length: n - 1 }, (_, i) => i + 1);
      expect(timeless(assembled(world, config, perTrial, [...perTrial, 0].reverse()))).toEqual(whole);
      expect(timeless(assembled(world, config, [1, 3], [2, 0, 1]))).toEqual(whole);
    });
  }

  it('offers the curves over trials finished from trial 0 without a gap, as a shorter run has them', () => {
    const { world, config } = cases[0];
    const assembler = new LabAssembler(config);
    expect(assembler.partial()).toBeNull();
    assembler.add(sliceOf(world, config, 2, 5));
    // Trials 2–4 are in, but not 0 and 1: nothing to show yet.
    expect(assembler.trialsDone()).toBe(0);
    expect(assembler.partial()).toBeNull();
    assembler.add(sliceOf(world, config, 0, 1));
    expect(assembler.trialsDone()).toBe(1);
    const one = timeless(runLab(world, { ...config, trials: 1 }));
    expect(assembler.partial()?.curves).toEqual(one.curves);
    // The headline's figures too: the summary and world of a run of one trial.
    const first = assembler.partial()!;
    expect(first.trials).toBe(1);
    expect(first.world).toEqual(one.world);
    expect(timeless({ ...one, summary: first.summary }).summary).toEqual(one.summary);
    expect(() => assembler.result()).toThrow(/4 of 5 trials/);
    assembler.add(sliceOf(world, config, 1, 2));
    expect(assembler.trialsDone()).toBe(5);
  });

  it('only the slice holding trial 0 carries the trace and the world', () => {
    const { world, config } = cases[0];
    expect(sliceOf(world, config, 0, 2).trace?.length).toBe(config.T);
    const later = sliceOf(world, config, 2, 4);
    expect(later.trace).toBeNull();
    expect(later.world).toBeNull();
  });

  it('refuses overlapping slices', () => {
    const { world, config } = cases[0];
    const assembler = new LabAssembler(config);
    assembler.add(sliceOf(world, config, 0, 3));
    expect(() => assembler.add(sliceOf(world, config, 2, 4))).toThrow(/overlap/);
  });
});
