import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { buildCategoricalWorld } from './categorical';
import { type CategoricalSpec, parseWorldSpec } from './schema';

const spec = (extra: object = {}) =>
  parseWorldSpec({
    type: 'categorical',
    name: 'c',
    arms: ['a', 'b'],
    costs: [1, 3],
    categories: ['x', 'y', 'z'],
    q: [
      [0.1, 0.9],
      [0.5, 0.5],
      [1, 0],
    ],
    ...extra,
  }) as CategoricalSpec;

function frequencies(world: ReturnType<typeof buildCategoricalWorld>, T: number, from = 0) {
  const rng = createRng(9);
  const counts = new Array<number>(world.categories.length).fill(0);
  for (let t = from; t < from + T; t++) counts[world.draw(t, rng).category]++;
  return counts.map((c) => c / T);
}

describe('categorical world', () => {
  it('zero-pads one-hot contexts to context_dim', () => {
    const world = buildCategoricalWorld(spec({ context_dim: 5 }));
    expect(world.dim).toBe(5);
    const p = world.draw(0, createRng(1));
    expect(Array.from(p.x)).toEqual([0, 1, 2, 3, 4].map((i) => (i === p.category ? 1 : 0)));
  });

  it('uses the given contexts and q of the drawn category', () => {
    const contexts = [
      [0.6, 0.8],
      [0, -1],
      [0.5, 0],
    ];
    const world = buildCategoricalWorld(spec({ contexts }));
    expect(world.dim).toBe(2);
    const rng = createRng(2);
    for (let t = 0; t < 30; t++) {
      const p = world.draw(t, rng);
      expect(Array.from(p.x)).toEqual(contexts[p.category]);
      expect(Array.from(p.q)).toEqual(spec().q[p.category]);
      expect(Array.from(p.costs)).toEqual([1, 3]);
    }
  });

  it('draws categories with category_probs', () => {
    const f = frequencies(buildCategoricalWorld(spec({ category_probs: [0.7, 0, 0.3] })), 20_000);
    expect(f[0]).toBeCloseTo(0.7, 1);
    expect(f[1]).toBe(0);
    expect(f[2]).toBeCloseTo(0.3, 1);
  });

  it('draws only started categories, renormalising their probabilities', () => {
    const world = buildCategoricalWorld(spec({ category_probs: [0.2, 0.2, 0.6], category_start: [0, 0, 100] }));
    const before = frequencies(world, 100, 0);
    expect(before[2]).toBe(0);
    const after = frequencies(world, 20_000, 100);
    expect(after[2]).toBeCloseTo(0.6, 1);
    const rng = createRng(4);
    const phase0 = Array.from({ length: 5000 }, () => world.draw(50, rng).category);
    expect(phase0.filter((j) => j === 0).length / 5000).toBeCloseTo(0.5, 1);
  });

  it('marks arms available from their arm_start on', () => {
    const world = buildCategoricalWorld(spec({ arm_start: [0, 10] }));
    const rng = createRng(1);
    expect(Array.from(world.draw(9, rng).available)).toEqual([1, 0]);
    expect(Array.from(world.draw(10, rng).available)).toEqual([1, 1]);
    expect(Array.from(world.draw(1e6, rng).available)).toEqual([1, 1]);
  });

  it('pulls a Bernoulli(q) from the uniform it is given', () => {
    const world = buildCategoricalWorld(spec());
    const p = { ...world.draw(0, createRng(1)), q: Float64Array.of(0.25, 1) };
    expect(world.pull(p, 0, 0.2499)).toBe(1);
    expect(world.pull(p, 0, 0.25)).toBe(0);
    expect(world.pull(p, 1, 0.9999)).toBe(1);
  });
});
