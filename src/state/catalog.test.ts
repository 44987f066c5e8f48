import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALGORITHM_IDS } from '../engine/policies/algorithms';
import { algorithmIds } from '../engine/policies/registry';
import { builtinWorldNames, builtinWorldSpec } from '../engine/worlds/builtins';
import { ALGO_IDS, catalogFrom, WORLD_NAMES, WORLDS } from './catalog';

describe('static catalog', () => {
  it('lists the engine’s algorithms and worlds, in its order, with its labels', () => {
    expect(ALGO_IDS).toEqual(algorithmIds);
    expect(WORLD_NAMES).toEqual(builtinWorldNames);
    for (const name of WORLD_NAMES) expect(builtinWorldSpec(name).name).toBe(name);
  });

  it("docs/LAB.md's link-key table lists every algorithm id, in the registry's order", () => {
    const doc = readFileSync(new URL('../../docs/LAB.md', import.meta.url), 'utf8');
    const line = doc.split('\n').find((l) => l.startsWith('| `algos` |'))!;
    expect([...line.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]).filter((id) => id !== 'algos' && id !== '-official')).toEqual(algorithmIds);
  });

  it('describes each built-in world as the engine does (the picker shows this before the worker answers)', () => {
    for (const w of WORLDS) expect(w.description, w.name).toBe(builtinWorldSpec(w.name).description);
  });

  it('takes the worlds and datasets from the worker, the algorithms from the registry', () => {
    const cat = catalogFrom({
      worlds: [{ name: 't2i', description: 'T2I', arms: ['a', 'b'], costs: [1, 2], categories: ['c'] }],
      datasets: ['data:humaneval-paper', 'not-a-dataset'],
    });
    expect(cat.algorithms.map((a) => a.id)).toEqual(ALGORITHM_IDS);
    expect(cat.worlds).toEqual([{ name: 't2i', description: 'T2I', arms: ['a', 'b'], costs: [1, 2], categories: ['c'] }]);
    expect(cat.datasets).toEqual(['data:humaneval-paper']);
  });
});
