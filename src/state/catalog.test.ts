import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { algorithmIds, algorithms } from '../engine/policies/registry';
import { builtinWorldNames, builtinWorldSpec } from '../engine/worlds/builtins';
import { ALGO_IDS, ALGORITHMS, normalizeCatalog, WORLD_NAMES, WORLDS } from './catalog';

describe('static catalog', () => {
  it('lists the engine’s algorithms and worlds, in its order, with its labels', () => {
    expect(ALGO_IDS).toEqual(algorithmIds);
    expect(WORLD_NAMES).toEqual(builtinWorldNames);
    for (const a of ALGORITHMS) expect(a.label).toBe(algorithms[a.id as keyof typeof algorithms].label);
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

  it('reads the worker’s catalog in its current and older forms', () => {
    const plain = normalizeCatalog({ algorithms: ['promptwise', 'oracle'], worlds: ['t2i'] });
    expect(plain.algorithms.map((a) => [a.id, a.label])).toEqual([
      ['promptwise', 'PromptWise'],
      ['oracle', 'Oracle (DP)'],
    ]);
    const rich = normalizeCatalog({
      algorithms: ['promptwise'],
      worlds: ['t2i'],
      algorithmInfo: { promptwise: { id: 'promptwise', label: 'PW', description: 'd' } },
      worldInfo: { t2i: { name: 't2i', description: 'T2I', arms: ['a', 'b'], costs: [1, 2], categories: ['c'] } },
    });
    expect(rich.algorithms).toEqual([{ id: 'promptwise', label: 'PW', description: 'd' }]);
    expect(rich.worlds).toEqual([{ name: 't2i', description: 'T2I', arms: ['a', 'b'], costs: [1, 2], categories: ['c'] }]);
    expect(normalizeCatalog(null).algorithms.length).toBe(ALGO_IDS.length);
  });
});
