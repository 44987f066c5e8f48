import { describe, expect, it } from 'vitest';
import { labSlice } from './lab/slices';
import { drain, runSimulation, type SimOptions } from './simulate';
import { mergeSingleModelTrials, singleModelTrials, summarizeSingleModels } from './singleModels';
import { builtinWorld } from './worlds/builtins';

const options = (over: Partial<SimOptions> = {}): SimOptions => ({
  algos: ['lowest-cost', 'highest-cost'],
  T: 300,
  trials: 5,
  seed: 7,
  params: { lambda: 0.02, tauMax: 3 },
  ...over,
});

describe.each(['t2i', 'sudoku'])('each model alone on %s', (name) => {
  const world = builtinWorld(name);
  const run = runSimulation(world, options());
  const singles = summarizeSingleModels(world.arms, singleModelTrials(world, options(), { from: 0, to: 5 }));
  const costs = world.draw(0, { uniform: () => 0.5 } as never).costs;
  const cheapest = costs.indexOf(Math.min(...costs));
  const dearest = costs.indexOf(Math.max(...costs));

  it('is, for the cheapest and the dearest model, exactly what Lowest-cost and Highest-cost got (same draws)', () => {
    for (const [arm, algo] of [
      [cheapest, 'lowest-cost'],
      [dearest, 'highest-cost'],
    ] as const) {
      const s = singles.find((m) => m.arm === arm)!;
      const r = run.results[algo];
      expect(s.model).toBe(world.arms[arm]);
      expect(s.success).toEqual(r.success);
      expect(s.cost).toEqual(r.cost);
      expect(s.utility).toEqual(r.utility);
    }
  });

  it('lists every model (all can be asked at every step), with utility = success − λ·cost per trial', () => {
    expect(singles.map((s) => s.model)).toEqual([...world.arms]);
    for (const s of singles) expect(s.utility.mean).toBeCloseTo(s.success.mean - 0.02 * s.cost.mean, 12);
  });

  it('gives the same trials whatever the slicing', () => {
    const whole = singleModelTrials(world, options(), { from: 0, to: 5 });
    const parts = mergeSingleModelTrials([
      singleModelTrials(world, options(), { from: 0, to: 2 }),
      singleModelTrials(world, options(), { from: 2, to: 3 }),
      singleModelTrials(world, options(), { from: 3, to: 5 }),
    ]);
    expect(parts).toEqual(whole);
  });
});

describe('a model that joins later', () => {
  it('is left out: it cannot be asked alone from the first prompt', () => {
    const world = builtinWorld('sudoku-new-arms');
    const trials = singleModelTrials(world, options({ T: 400 }), { from: 0, to: 1 });
    const late = trials.everyStep.map((every, a) => (every ? -1 : a)).filter((a) => a >= 0);
    expect(late.length).toBeGreaterThan(0);
    const listed = summarizeSingleModels(world.arms, trials).map((s) => s.arm);
    expect(listed).toEqual(world.arms.map((_, a) => a).filter((a) => !late.includes(a)));
  });
});

it('merges nothing into null', () => {
  expect(mergeSingleModelTrials([])).toBeNull();
});

it('a lab slice, from the draws its trials were played on, gives the CLI’s single-model trials bit for bit', () => {
  const world = builtinWorld('sudoku');
  const config = {
    world: 'sudoku',
    algos: ['promptwise', 'lowest-cost'],
    T: 200,
    trials: 3,
    seed: 4,
    params: { lambda: 0.02, tauMax: 3 },
    traceAlgo: 'promptwise',
  };
  const slice = drain(labSlice(world, config, { from: 1, to: 3 }));
  expect(slice.singles).toEqual(singleModelTrials(world, { ...config }, { from: 1, to: 3 }));
});
