import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { WasmArena } from './wasm/arena';
import { ArenaVectors } from './wasm/arenaVectors';
import { filledVectors } from './wasm/filledVectors';
import { WasmHeap } from './wasm/heap';
import { advanceJs, gradientJs, precondJs, stepJs } from './wasm/reference/klrStepJs';

/** Vector indices in the arena, as KernelLogisticArm lays them out (any order would do for the kernels). */
const [A, F, WH, G, ST, KS, TMP, SIG, D, C, S, OUT] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/** Random per-point vectors of length m, wide in magnitude and sign, as a Newton step sees them. */
function vectors(m: number, seed: number): Float64Array[] {
  const rng = createRng(seed);
  const signed = (scale: number) => Float64Array.from({ length: m }, () => (rng.uniform() - 0.5) * scale * 10 ** (4 * rng.uniform() - 2));
  const positive = (scale: number) => Float64Array.from({ length: m }, () => scale * (1e-6 + rng.uniform()));
  const counts = Float64Array.from({ length: m }, () => 1 + Math.floor(rng.uniform() * 9));
  return [
    signed(1), // a
    signed(3), // f
    positive(2), // ŵ
    signed(1), // G
    signed(1), // step (M⁻¹·tmp before the kernel negates it)
    new Float64Array(m), // kstep
    new Float64Array(m), // tmp
    positive(1), // σ
    positive(5), // D
    counts,
    Float64Array.from(counts, (c) => Math.floor(rng.uniform() * (c + 1))), // s
  ];
}

const bits = (x: Float64Array) => Array.from(x, (v) => (Object.is(v, -0) ? '-0' : v.toString()));

describe('KernelLogisticArm’s Newton-step kernels against the JS loops they replaced (wasm/reference/klrStepJs.ts)', () => {
  // Every length from 0 to 9 covers each kernel's pairs, blocks of four and every tail; 164 is the HumanEval replay.
  for (const m of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 33, 164]) {
    it(`give the same bits at m = ${m}`, () => {
      const arena = new WasmArena();
      const js = vectors(m, 1000 + m);
      const vec = filledVectors(arena, OUT + 1, m, js);
      const v = vec.views();
      const k = arena.kernels;
      const mu = 0.37;

      precondJs(m, js[G], js[WH], js[TMP]);
      k.klrprecond(m, vec.offset(G), vec.offset(WH), vec.offset(TMP));
      expect(bits(v[TMP].subarray(0, m))).toEqual(bits(js[TMP]));

      const sums = stepJs(m, js[ST], js[TMP], js[D], js[KS], js[G], js[F]);
      k.klrstep(m, vec.offset(ST), vec.offset(TMP), vec.offset(D), vec.offset(KS), vec.offset(G), vec.offset(F), vec.offset(OUT));
      expect(bits(v[ST].subarray(0, m))).toEqual(bits(js[ST]));
      expect(bits(v[KS].subarray(0, m))).toEqual(bits(js[KS]));
      expect(Array.from(v[OUT].subarray(0, 3))).toEqual(sums);

      const t = 0.731;
      advanceJs(m, t, js[A], js[ST], js[F], js[KS]);
      k.klradvance(m, t, vec.offset(A), vec.offset(ST), vec.offset(F), vec.offset(KS));
      expect(bits(v[A].subarray(0, m))).toEqual(bits(js[A]));
      expect(bits(v[F].subarray(0, m))).toEqual(bits(js[F]));

      const norm2 = gradientJs(m, mu, js[C], js[SIG], js[S], js[A], js[G]);
      expect(k.klrgradient(m, mu, vec.offset(C), vec.offset(SIG), vec.offset(S), vec.offset(A), vec.offset(G))).toBe(norm2);
      expect(bits(v[G].subarray(0, m))).toEqual(bits(js[G]));
    });
  }

  it('write nothing past m (the entries beyond belong to the next points)', () => {
    const arena = new WasmArena();
    const vec = new ArenaVectors(arena, OUT + 1);
    const m = 5;
    const v = vec.views();
    for (const [i, x] of vectors(vec.cap, 7).entries()) v[i].set(x);
    const before = v.map((x) => bits(x.subarray(m)));
    const k = arena.kernels;
    k.klrprecond(m, vec.offset(G), vec.offset(WH), vec.offset(TMP));
    k.klrstep(m, vec.offset(ST), vec.offset(TMP), vec.offset(D), vec.offset(KS), vec.offset(G), vec.offset(F), vec.offset(OUT));
    k.klradvance(m, 0.5, vec.offset(A), vec.offset(ST), vec.offset(F), vec.offset(KS));
    k.klrgradient(m, 0.1, vec.offset(C), vec.offset(SIG), vec.offset(S), vec.offset(A), vec.offset(G));
    const after = v.map((x, i) => (i === OUT ? before[i] : bits(x.subarray(m))));
    expect(after).toEqual(before);
  });
});

describe('ArenaVectors.reserve', () => {
  it('keeps the entries, the new ones 0, across a growth of the arena’s memory', () => {
    const arena = new WasmArena(new WasmHeap()); // a heap of its own, one page: 13 vectors of 16 fit, of 1024 do not
    const vec = new ArenaVectors(arena, 13);
    for (const [i, x] of vec.views().entries()) x.set(Array.from({ length: 16 }, (_, j) => i * 100 + j));
    const generation = arena.generation;
    vec.reserve(1024);
    expect(arena.generation).toBeGreaterThan(generation);
    expect(vec.cap).toBe(1024);
    vec.views().forEach((x, i) => {
      expect(Array.from(x.subarray(0, 16))).toEqual(Array.from({ length: 16 }, (_, j) => i * 100 + j));
      expect(x.subarray(16).every((e) => e === 0)).toBe(true);
    });
  });
});
