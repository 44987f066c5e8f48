import { describe, expect, it } from 'vitest';
import { builtinWorldNames } from '../worlds/builtins';
import { builtinWorldCatalog } from './catalog';
import { labBuiltin } from './run';

describe('the lab catalog', () => {
  it('describes every built-in world as a lab run of it would', () => {
    const worlds = builtinWorldCatalog();
    expect(worlds.map((w) => w.name)).toEqual(builtinWorldNames);
    for (const w of worlds) {
      expect(w.description.length).toBeGreaterThan(0);
      expect(w.costs).toHaveLength(w.arms.length);
      const run = labBuiltin({ world: w.name, algos: ['random'], T: 20, trials: 1, seed: 0, params: {}, traceAlgo: 'random' });
      expect({ name: w.name, arms: w.arms, costs: w.costs, categories: w.categories, dim: w.dim }).toEqual(run.world);
    }
    const logistic = worlds.find((w) => w.name === 'logistic')!;
    expect(logistic.categories).toEqual(['all prompts']);
    expect(logistic.costs).toEqual([1, 2, 4, 8, 16]);
    expect(logistic.dim).toBe(5);
  });
});
