import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { ContextRows } from './contextRows';
import { rbf } from './kernel';
import { WasmArena } from './wasm/arena';
import { filledVectors } from './wasm/filledVectors';

/** An m-vector in the rows' arena, where LogisticArm keeps u and r: its byte offset, and its first n entries. */
function arenaVector(arena: WasmArena, values: ArrayLike<number>) {
  const vec = filledVectors(arena, 1, values.length, [values]);
  return { at: vec.offset(0), read: (n: number) => vec.views()[0].slice(0, n) };
}

const random = (n: number, seed: number) => {
  const rng = createRng(seed);
  return Float64Array.from({ length: n }, () => rng.uniform() * 2 - 1);
};

describe('ContextRows (WebAssembly SIMD passes over the stored contexts)', () => {
  // Odd and even lengths exercise the blocks of four, the pair and the one-element tail.
  for (const d of [1, 2, 3, 5, 6, 7, 64, 383, 384]) {
    it(`d = ${d}: X·p and g + Xᵀr equal the plain sums within rounding`, () => {
      const n = 13;
      const arena = new WasmArena();
      const rows = new ContextRows(d, n, arena);
      const xs = random(n * d, d);
      rows.data.set(xs);
      const p = random(d, 100 + d);
      const uv = arenaVector(arena, new Float64Array(n).fill(Number.NaN));
      rows.dot(n, p, uv.at);
      const u = uv.read(n);
      for (let i = 0; i < n; i++) {
        let exact = 0;
        let scale = 0;
        for (let k = 0; k < d; k++) {
          exact += xs[i * d + k] * p[k];
          scale += Math.abs(xs[i * d + k] * p[k]);
        }
        expect(Math.abs(u[i] - exact)).toBeLessThanOrEqual(d * Number.EPSILON * scale);
      }
      const r = random(n, 200 + d);
      const g0 = random(d, 300 + d);
      const g = Float64Array.from(g0);
      rows.axpy(n, arenaVector(arena, r).at, g);
      for (let k = 0; k < d; k++) {
        let exact = g0[k];
        let scale = Math.abs(g0[k]);
        for (let i = 0; i < n; i++) {
          exact += r[i] * xs[i * d + k];
          scale += Math.abs(r[i] * xs[i * d + k]);
        }
        expect(Math.abs(g[k] - exact)).toBeLessThanOrEqual(n * Number.EPSILON * scale);
      }
    });
  }

  it('g + Xᵀr equals the row-by-row sum bit for bit, whatever n (the pass takes rows four at a time)', () => {
    for (const d of [1, 2, 3, 64, 383]) {
      for (const n of [1, 3, 4, 5, 8, 13]) {
        const arena = new WasmArena();
        const rows = new ContextRows(d, n, arena);
        const xs = random(n * d, 700 + d + n);
        rows.data.set(xs);
        const r = random(n, 800 + d + n);
        const g = random(d, 900 + d);
        const expected = Float64Array.from(g);
        for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) expected[k] = expected[k] + r[i] * xs[i * d + k];
        rows.axpy(n, arenaVector(arena, r).at, g);
        expect(Array.from(g), `d = ${d}, n = ${n}`).toEqual(Array.from(expected));
      }
    }
  });

  // KernelGram takes a new context's RBF column from these distances: it must equal the kernel's own values.
  for (const d of [1, 2, 3, 5, 64, 383]) {
    it(`d = ${d}: ‖X_i − p‖² gives the RBF kernel's values bit for bit, and exactly 1 at a stored row`, () => {
      const n = 9;
      const rows = new ContextRows(d, n);
      const xs = random(n * d, 500 + d);
      rows.data.set(xs);
      const kernel = rbf(1.7);
      const scale = kernel.rbfScale!;
      const u = new Float64Array(n);
      for (const p of [random(d, 600 + d), xs.slice(4 * d, 5 * d)]) {
        rows.squaredDistances(n, p, u);
        for (let i = 0; i < n; i++) expect(Math.exp(scale * u[i])).toBe(kernel(xs.subarray(i * d, (i + 1) * d), p));
      }
      expect(u[4]).toBe(0); // the last p is row 4
    });
  }

  it('reads only the first n rows, and keeps the rows through a grow of the memory', () => {
    const d = 3;
    const arena = new WasmArena();
    const rows = new ContextRows(d, 2, arena);
    rows.data.set([1, 2, 3, 4, 5, 6]);
    rows.grow(100_000); // past the first 64 KiB page: the buffer is replaced
    expect(rows.capacity).toBe(100_000);
    expect(Array.from(rows.data.subarray(0, 6))).toEqual([1, 2, 3, 4, 5, 6]);
    rows.data.set([7, 8, 9], 6);
    rows.data.set([Number.NaN, Number.NaN, Number.NaN], 9); // row 3: beyond n
    const u = arenaVector(arena, [0, 0, 0]);
    rows.dot(0, Float64Array.of(1, 10, 100), u.at); // no rows: nothing written
    expect(Array.from(u.read(3))).toEqual([0, 0, 0]);
    rows.dot(3, Float64Array.of(1, 10, 100), u.at);
    expect(Array.from(u.read(3))).toEqual([321, 654, 987]);
    const g = Float64Array.of(1, 1, 1);
    rows.axpy(2, arenaVector(arena, [1, -1]).at, g);
    expect(Array.from(g)).toEqual([-2, -2, -2]);
  });
});
