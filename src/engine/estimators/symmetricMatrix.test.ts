import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { ContextRows } from './contextRows';
import { symRankOneSubUpper } from './linalg';
import { SymmetricMatrix } from './symmetricMatrix';
import { WasmArena } from './wasm/arena';
import { ArenaVectors } from './wasm/arenaVectors';
import { WasmHeap } from './wasm/heap';

/** A random symmetric matrix's upper triangle in `m` (the lower one left at garbage, which no kernel may read). */
function fill(m: SymmetricMatrix, seed: number): Float64Array {
  const rng = createRng(seed);
  const d = m.stride;
  for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) m.data[i * d + j] = j >= i ? rng.uniform() * 2 - 1 : Number.NaN;
  const full = new Float64Array(d * d);
  for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) full[i * d + j] = m.data[Math.min(i, j) * d + Math.max(i, j)];
  return full;
}

const vector = (d: number, seed: number) => {
  const rng = createRng(seed);
  return Float64Array.from({ length: d }, () => rng.uniform() * 2 - 1);
};

describe('SymmetricMatrix (WebAssembly SIMD kernels)', () => {
  // Odd and even sizes exercise the kernels' pair loops and their one-element tails.
  for (const d of [1, 2, 3, 4, 5, 8, 9, 64, 383, 384]) {
    it(`d = ${d}: M·x equals the full product within rounding, reading the upper triangle only`, () => {
      const m = new SymmetricMatrix(d);
      const full = fill(m, d);
      const x = vector(d, 100 + d);
      const y = new Float64Array(d).fill(Number.NaN); // overwritten, never read
      m.times(x, y);
      for (let i = 0; i < d; i++) {
        let exact = 0;
        let scale = 0;
        for (let j = 0; j < d; j++) {
          exact += full[i * d + j] * x[j];
          scale += Math.abs(full[i * d + j] * x[j]);
        }
        // A sum of d products in another order: |error| ≤ d·ε·Σ|terms|.
        expect(Math.abs(y[i] - exact)).toBeLessThanOrEqual(d * Number.EPSILON * scale);
      }
    });

    it(`d = ${d}: M −= c·u·uᵀ gives linalg.ts's symRankOneSubUpper bit for bit, upper triangle only`, () => {
      const m = new SymmetricMatrix(d);
      fill(m, 7 * d);
      const reference = Float64Array.from(m.data);
      const u = vector(d, 200 + d);
      u[0] = 0; // a row whose coefficient is 0 is skipped by both
      m.rankOneSub(0.37, u);
      symRankOneSubUpper(reference, d, 0.37, u, d);
      expect(Array.from(m.data)).toEqual(Array.from(reference));
    });

    it(`d = ${d}: an update and then a product (applied in one pass) give the two separate passes' values bit for bit`, () => {
      const fused = new SymmetricMatrix(d);
      fill(fused, 13 * d);
      const separate = new SymmetricMatrix(d);
      separate.data.set(fused.data);
      const u = vector(d, 300 + d);
      u[d - 1] = 0; // a row whose coefficient is 0: syr skips it, the fused pass subtracts 0·u_j
      const x = vector(d, 400 + d);
      const y = new Float64Array(d);
      const ySeparate = new Float64Array(d);
      fused.rankOneSub(0.37, u);
      fused.times(x, y); // takes the pending update along
      reference(separate, 0.37, u);
      separate.times(x, ySeparate);
      expect(Array.from(y)).toEqual(Array.from(ySeparate));
      expect(Array.from(fused.data)).toEqual(Array.from(separate.data));
    });
  }

  /** M −= c·u·uᵀ applied at once (the update read back before any product), as every update was before it became lazy. */
  function reference(m: SymmetricMatrix, c: number, u: Float64Array): void {
    m.rankOneSub(c, u);
    void m.data; // a read applies the pending update on its own
  }

  it('applies a pending update before anything reads or changes the matrix another way', () => {
    const d = 6;
    const m = new SymmetricMatrix(d);
    const full = fill(m, 21);
    const u = vector(d, 22);
    const expected = Float64Array.from(m.data);
    symRankOneSubUpper(expected, d, 0.5, u, d);
    // A read.
    m.rankOneSub(0.5, u);
    expect(Array.from(m.data)).toEqual(Array.from(expected));
    // A second update (the first is applied, not replaced), and a product over another block size.
    m.data.set(full);
    const twice = Float64Array.from(full);
    symRankOneSubUpper(twice, d, 0.5, u, d);
    symRankOneSubUpper(twice, d, -0.25, u, 4);
    m.rankOneSub(0.5, u);
    m.rankOneSub(-0.25, u, 4);
    const y = new Float64Array(d);
    m.times(u, y, 5); // n = 5 ≠ the pending 4: applied alone, then the product
    expect(Array.from(m.data)).toEqual(Array.from(twice));
    // A grow keeps the updated entries.
    m.rankOneSub(0.5, u);
    symRankOneSubUpper(twice, d, 0.5, u, d);
    m.grow(8);
    for (let i = 0; i < d; i++) for (let j = i; j < d; j++) expect(m.data[i * 8 + j]).toBe(twice[i * d + j]);
    // The caller's vector may change after the call: the update keeps its own copy.
    const v = vector(d, 23);
    const copy = Float64Array.from(v);
    const later = new SymmetricMatrix(d);
    const laterCopy = new SymmetricMatrix(d);
    later.setScaledIdentity(1);
    laterCopy.setScaledIdentity(1);
    later.rankOneSub(0.1, v);
    v.fill(9);
    reference(laterCopy, 0.1, copy);
    expect(Array.from(later.data)).toEqual(Array.from(laterCopy.data));
    // A product by a row of the matrix itself sees the update, as it did when updates were applied at once.
    const self = new SymmetricMatrix(d);
    fill(self, 24);
    const selfEager = new SymmetricMatrix(d);
    selfEager.data.set(self.data);
    const row0 = self.data.subarray(0, d); // a live view, taken before the update
    self.rankOneSub(0.3, u);
    reference(selfEager, 0.3, u);
    const ySelf = new Float64Array(d);
    const yEager = new Float64Array(d);
    self.times(row0, ySelf);
    selfEager.times(selfEager.data.subarray(0, d), yEager);
    expect(Array.from(ySelf)).toEqual(Array.from(yEager));
  });

  it('works on the leading n×n block of a larger stride, and keeps its entries through a grow', () => {
    const m = new SymmetricMatrix(4);
    const full = fill(m, 11);
    const x = vector(4, 12);
    const y = new Float64Array(4).fill(-1);
    m.times(x, y, 3);
    for (let i = 0; i < 3; i++) {
      const exact = full[i * 4] * x[0] + full[i * 4 + 1] * x[1] + full[i * 4 + 2] * x[2];
      expect(y[i]).toBeCloseTo(exact, 14);
    }
    expect(y[3]).toBe(-1); // beyond n: untouched
    const before = Float64Array.from(m.data);
    m.rankOneSub(2, x, 2);
    expect(m.data[2]).toBe(before[2]); // row 0, column 2: outside the 2×2 block
    expect(m.data[1]).toBe(before[1] - 2 * x[0] * x[1]);
    const kept = Float64Array.from(m.data);
    m.grow(600); // 2.9 MB: the arena grows its memory, and the views are made again
    expect(m.stride).toBe(600);
    for (let i = 0; i < 4; i++) {
      for (let j = i; j < 4; j++) expect(m.data[i * 600 + j]).toBe(kept[i * 4 + j]);
      expect(m.data[i * 600 + 4]).toBe(0);
    }
  });

  it('structures sharing an arena keep their entries and kernels when another one grows the memory', () => {
    const arena = new WasmArena(new WasmHeap()); // a heap of its own: it starts at one page
    const a = new SymmetricMatrix(3, arena);
    a.setScaledIdentity(2);
    const rows = new ContextRows(2, 1, arena);
    rows.data.set([1, 2]);
    const u = new ArenaVectors(arena, 1);
    const before = arena.generation;
    new SymmetricMatrix(300, arena); // 720 kB: past the first page, the memory grows and every view detaches
    expect(arena.generation).toBeGreaterThan(before);
    const y = new Float64Array(3);
    a.times(Float64Array.of(1, 2, 3), y);
    expect(Array.from(y)).toEqual([2, 4, 6]);
    rows.dot(1, Float64Array.of(10, 1), u.offset(0));
    expect(u.views()[0][0]).toBe(12);
  });

  it('accepts a view into a larger array as x (as the estimator passes its stored contexts)', () => {
    const d = 5;
    const m = new SymmetricMatrix(d);
    m.setScaledIdentity(2);
    const rows = Float64Array.from({ length: 3 * d }, (_, i) => i);
    const y = new Float64Array(d);
    m.times(rows.subarray(d, 2 * d), y);
    expect(Array.from(y)).toEqual([10, 12, 14, 16, 18]);
  });
});
