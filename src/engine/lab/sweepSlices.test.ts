import { describe, expect, it } from 'vitest';
import { drain } from '../simulate';
import { builtinWorld } from '../worlds/builtins';
import { runSweep } from './run';
import { SweepAssembler, sweepRounds, sweepSlice } from './sweepSlices';
import type { LabConfig, SweepConfig } from './types';

function base(patch: Partial<LabConfig> = {}): LabConfig {
  return { world: 'sudoku', algos: ['promptwise', 'greedy', 'oracle'], T: 150, trials: 5, seed: 7, params: {}, traceAlgo: 'promptwise', ...patch };
}

const slice = (config: SweepConfig, x: number, from: number, to: number) => drain(sweepSlice(builtinWorld(config.base.world), config, x, { from, to }));

describe('sweepRounds', () => {
  it('takes every value to 1, 2, 5, 10, 20, … trials, ending at the run’s', () => {
    expect(sweepRounds(20)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 2, to: 5 },
      { from: 5, to: 10 },
      { from: 10, to: 20 },
    ]);
    expect(sweepRounds(3)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 2, to: 3 },
    ]);
    expect(sweepRounds(1)).toEqual([{ from: 0, to: 1 }]);
    expect(sweepRounds(60).map((r) => r.to)).toEqual([1, 2, 5, 10, 20, 50, 60]);
  });
});

describe('SweepAssembler', () => {
  it.each([
    ['sudoku, τ_max', { base: base(), param: 'tauMax', values: [1, 3, 5] }],
    [
      'logistic (continuous contexts), λ',
      { base: base({ world: 'logistic', algos: ['promptwise', 'promptwise-klr', 'random'], T: 80, trials: 4 }), param: 'lambda', values: [0.001, 0.1] },
    ],
  ] as [string, SweepConfig][])(
    '%s: the rounds’ slices, in any order, give the engine’s sweep bit for bit, and each partial is the sweep with that many trials',
    (_, config) => {
      const world = builtinWorld(config.base.world);
      const whole = runSweep(world, config);
      const rounds = sweepRounds(config.base.trials);
      const slices = rounds.flatMap((r) => config.values.map((x) => slice(config, x, r.from, r.to)));
      const forward = new SweepAssembler(config);
      for (const [k, s] of slices.entries()) {
        forward.add(s);
        const round = Math.floor(k / config.values.length);
        const complete = (k + 1) % config.values.length === 0;
        const trials = complete ? rounds[round].to : round === 0 ? 0 : rounds[round - 1].to;
        expect(forward.trialsDone()).toBe(trials);
        const partial = forward.partial();
        if (trials === 0) expect(partial).toBeNull();
        else expect(partial).toEqual({ ...runSweep(world, { ...config, base: { ...config.base, trials } }), trials });
      }
      expect(forward.result()).toEqual(whole);
      const backward = new SweepAssembler(config);
      for (const s of [...slices].reverse()) backward.add(s);
      expect(backward.result()).toEqual(whole);
    },
  );

  it('refuses a slice of another value or one that overlaps, and a result before every trial is in', () => {
    const config: SweepConfig = { base: base({ trials: 3 }), param: 'tauMax', values: [1, 2] };
    const a = new SweepAssembler(config);
    a.add(slice(config, 1, 0, 2));
    expect(() => a.add(slice(config, 1, 1, 3))).toThrow(/overlap/);
    expect(() => a.add({ ...slice(config, 2, 0, 1), x: 4 })).toThrow(/not one of the sweep's values/);
    a.add(slice(config, 2, 0, 3));
    expect(a.trialsDone()).toBe(2);
    expect(() => a.result()).toThrow(/2 of 3 trials/);
  });

  it('checks the config first, with the field’s name', () => {
    expect(() => new SweepAssembler({ base: base(), param: 'tauMax', values: [2, 0] })).toThrow('values: tauMax: must be an integer from 1 to 1,000 (got 0)');
    expect(() => new SweepAssembler({ base: base(), param: 'lambda', values: [] })).toThrow('values: give at least one value to sweep');
  });
});
