import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import type { World } from '../types';
import { builtinWorld, builtinWorldNames, builtinWorldSpec } from './builtins';
import { WorldFormatError } from './errors';

function norm(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i] * x[i];
  return Math.sqrt(s);
}

/** Draws steps 0..T-1 from one context stream. */
function drawMany(world: World, T: number, seed = 1) {
  const rng = createRng(seed);
  return Array.from({ length: T }, (_, t) => world.draw(t, rng));
}

describe.each(builtinWorldNames)('built-in %s', (name) => {
  const world = builtinWorld(name);

  it('validates as a world file would', () => {
    expect(builtinWorldSpec(name).name).toBe(name);
  });

  it('draws valid prompts: ‖x‖ ≤ 1, q in [0, 1], positive costs, the right shapes', () => {
    const K = world.arms.length;
    for (const p of drawMany(world, 1000)) {
      expect(p.x.length).toBe(world.dim);
      expect(norm(p.x)).toBeLessThanOrEqual(1 + 1e-12);
      expect(p.q.length).toBe(K);
      expect(p.costs.length).toBe(K);
      expect(p.available.length).toBe(K);
      for (let a = 0; a < K; a++) {
        expect(p.q[a]).toBeGreaterThanOrEqual(0);
        expect(p.q[a]).toBeLessThanOrEqual(1);
        expect(p.costs[a]).toBeGreaterThan(0);
      }
      expect(p.available.some((on) => on === 1)).toBe(true);
      expect(p.row).toBe(-1);
      expect(p.category).toBeLessThan(Math.max(1, world.categories.length));
    }
  });

  it('draws the same prompts from the same seed', () => {
    const a = drawMany(world, 200, 42).map((p) => [p.category, ...p.x]);
    const b = drawMany(builtinWorld(name), 200, 42).map((p) => [p.category, ...p.x]);
    const c = drawMany(world, 200, 43).map((p) => [p.category, ...p.x]);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });
});

describe('t2i', () => {
  const world = builtinWorld('t2i');

  it("follows the paper's rule: expert i always succeeds on types 1..i, half the time on the rest", () => {
    const spec = builtinWorldSpec('t2i');
    expect(spec.type === 'categorical' && spec.q).toEqual([
      [1, 1, 1, 1, 1],
      [0.5, 1, 1, 1, 1],
      [0.5, 0.5, 1, 1, 1],
      [0.5, 0.5, 0.5, 1, 1],
      [0.5, 0.5, 0.5, 0.5, 1],
    ]);
    expect(spec.type === 'categorical' && spec.category_probs).toBeUndefined(); // uniform
  });

  it("has the paper's costs and one-hot contexts", () => {
    const p = drawMany(world, 50);
    expect(Array.from(p[0].costs)).toEqual([0.75, 1.37, 1.6, 12.5, 90]);
    for (const { x, category } of p) expect(Array.from(x)).toEqual([0, 1, 2, 3, 4].map((j) => (j === category ? 1 : 0)));
  });

  it('draws the five types about equally often', () => {
    const counts = [0, 0, 0, 0, 0];
    for (const p of drawMany(world, 10_000)) counts[p.category]++;
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(200); // > 5 σ
  });
});

describe('sudoku', () => {
  it('needs a different cheapest adequate model (q ≥ 0.8) as puzzles get harder', () => {
    const spec = builtinWorldSpec('sudoku');
    if (spec.type !== 'categorical') throw new Error('sudoku is categorical');
    const cheapestAdequate = spec.q.map((row) => {
      const adequate = row.flatMap((q, a) => (q >= 0.8 ? [a] : []));
      return spec.arms[adequate.reduce((best, a) => (spec.costs[a] < spec.costs[best] ? a : best))];
    });
    expect(cheapestAdequate).toEqual(['gemini-2.5-flash', 'deepseek-chat', 'gpt-4o', 'claude-opus-4', 'claude-opus-4']);
  });

  it("is the paper's Task 1: its five models at their set prices, 5–30 blanks in five buckets", () => {
    const spec = builtinWorldSpec('sudoku');
    if (spec.type !== 'categorical') throw new Error('sudoku is categorical');
    // promptwise.tex, appendix price table (l. 766–780).
    expect(Object.fromEntries(spec.arms!.map((a, i) => [a, spec.costs[i]]))).toEqual({
      'gemini-2.5-flash': 0.75,
      'deepseek-chat': 1.37,
      'qwen-plus': 1.6,
      'gpt-4o': 12.5,
      'claude-opus-4': 90,
    });
    const buckets = spec.categories.map((c) => c.replace('blanks-', '').split('-').map(Number));
    expect(buckets[0][0]).toBe(5);
    expect(buckets.at(-1)!.at(-1)).toBe(30);
    buckets.slice(1).forEach(([lo], i) => {
      expect(lo).toBe(buckets[i][1] + 1);
    });
    expect(spec.description).toMatch(/illustrative/);
  });

  it('asks a different model first on the hardest puzzles (lowest c/q: Gemini on easy ones, Qwen-Plus on the hardest)', () => {
    const spec = builtinWorldSpec('sudoku');
    if (spec.type !== 'categorical') throw new Error('sudoku is categorical');
    const first = spec.q.map((row) => spec.arms![row.reduce((b, q, a) => (spec.costs[a] / q < spec.costs[b] / row[b] ? a : b), 0)]);
    expect(first[0]).toBe('gemini-2.5-flash');
    expect(first.at(-1)).toBe('qwen-plus');
  });

  it("lets models join every 200 steps in sudoku-new-arms, in the paper's order (Qwen-Plus and Gemini first)", () => {
    const world = builtinWorld('sudoku-new-arms');
    expect(world.arms).toEqual(['gemini-2.5-flash', 'deepseek-chat', 'qwen-plus', 'gpt-4o', 'claude-opus-4']);
    const starts = [0, 400, 0, 200, 600];
    const rng = createRng(3);
    for (let t = 0; t < 1000; t += 7) {
      expect(Array.from(world.draw(t, rng).available)).toEqual(starts.map((s) => (t >= s ? 1 : 0)));
    }
    expect(Array.from(world.draw(199, rng).available)).toEqual([1, 0, 1, 0, 0]);
    expect(Array.from(world.draw(200, rng).available)).toEqual([1, 0, 1, 1, 0]);
  });

  it('brings in a new prompt type every 250 steps in sudoku-new-prompts, and draws every started one', () => {
    const world = builtinWorld('sudoku-new-prompts');
    const starts = [0, 0, 250, 500, 750];
    const seenFirst = [Infinity, Infinity, Infinity, Infinity, Infinity];
    drawMany(world, 1000, 5).forEach((p, t) => {
      expect(t).toBeGreaterThanOrEqual(starts[p.category]);
      seenFirst[p.category] = Math.min(seenFirst[p.category], t);
    });
    // Each type shows up soon after it starts (with 3+ types live, a 40-step wait has odds < 1e-4).
    seenFirst.forEach((t, j) => {
      expect(t - starts[j]).toBeLessThan(40);
    });
  });
});

describe('logistic', () => {
  it('draws theta from its seed, so --d changes the dimension', () => {
    const world = builtinWorld('logistic', { d: 12 });
    expect(world.dim).toBe(12);
    expect(drawMany(world, 10)[0].x.length).toBe(12);
    expect(builtinWorld('logistic').dim).toBe(5);
  });
});

describe('unknown names', () => {
  it('are a WorldFormatError on `world` listing the built-ins', () => {
    expect(() => builtinWorld('chess')).toThrow(WorldFormatError);
    expect(() => builtinWorld('chess')).toThrow(
      'world: no built-in world named "chess" (built-ins: t2i, sudoku, sudoku-new-arms, sudoku-new-prompts, two-models, logistic)',
    );
  });
});
