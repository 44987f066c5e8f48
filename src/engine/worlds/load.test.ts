import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import type { WorldIO } from './dataset';
import { loadWorld } from './load';
import { errorOf } from './testErrors';

const files: Record<string, string> = {
  '/w/t.json': JSON.stringify({
    type: 'logistic',
    name: 'mine',
    costs: [1, 2],
    d: 2,
    theta: [
      [1, 0],
      [0, 1],
    ],
  }),
  '/w/broken.json': '{"type": "logistic",\n "name": }',
  '/w/bad.json': JSON.stringify({ type: 'logistic', name: 'mine', costs: [1, 0], d: 2, theta_seed: 1 }),
  '/w/ds.json': JSON.stringify({ type: 'dataset', name: 'ds', prompts: 'data/p.jsonl', models: ['a'], features: 'hashed-ngrams', costs: [1] }),
  '/w/data/p.jsonl': JSON.stringify({ id: 1, text: 'hello', task: 't', outcomes: { a: 1 } }),
};
const io: WorldIO = {
  readText(path) {
    if (!(path in files)) throw new Error(`ENOENT: ${path}`);
    return files[path];
  },
  resolve: (base, rel) => posix.resolve(posix.dirname(base), rel),
};

describe('loadWorld', () => {
  it('builds a built-in world by name', () => {
    expect(loadWorld('sudoku', io).arms).toHaveLength(5);
    expect(loadWorld('logistic', io, { d: 7 }).dim).toBe(7);
  });

  it('reads a world file', () => {
    const world = loadWorld('/w/t.json', io);
    expect(world.name).toBe('mine');
    expect(world.draw(0, createRng(1)).q).toHaveLength(2);
  });

  it("resolves a dataset's prompts against the world file", () => {
    expect(loadWorld('/w/ds.json', io).dim).toBe(64);
    expect(loadWorld('/w/ds.json', io, { d: 16 }).dim).toBe(16);
  });

  it.each([
    ['xyz', 'world', 'world: no built-in world or file named "xyz" (built-ins: t2i, sudoku, sudoku-new-arms, sudoku-new-prompts, two-models, logistic)'],
    ['/w/broken.json', '(file)', `(file): not valid JSON at line 2, column 10 (Unexpected token '}')`],
    ['/w/bad.json', 'costs[1]', 'costs[1]: must be a positive number (got 0)'],
  ])('rejects %s', (name, field, message) => {
    const e = errorOf(() => loadWorld(name, io));
    expect(e.message).toBe(message);
    expect(e.field).toBe(field);
  });

  it('tells which file a bad world came from', () => {
    expect(errorOf(() => loadWorld('/w/bad.json', io)).source).toBe('/w/bad.json');
    expect(errorOf(() => loadWorld('/w/t.json', io, { d: 3 })).source).toBe('/w/t.json');
  });
});
