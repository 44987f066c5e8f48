import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * The one source of randomness in the engine. Every draw in a simulation flows from a seed through
 * `deriveSeed` and an `Rng`, so a seed reproduces a run bit for bit in Node, in the worker and in tests.
 */
export interface Rng {
  /** Uniform in [0, 1), 53 bits. */
  uniform(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
}

type Generator = ReturnType<typeof xoroshiro128plus>;

class XoroshiroRng implements Rng {
  private readonly gen: Generator;
  private spareNormal: number | null = null;

  constructor(seed: number) {
    this.gen = xoroshiro128plus(seed | 0);
  }

  uniform(): number {
    return uniformFloat64(this.gen);
  }

  int(n: number): number {
    return Math.min(n - 1, Math.floor(this.uniform() * n));
  }

  normal(): number {
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return z;
    }
    const u1 = 1 - this.uniform(); // (0, 1]: log stays finite
    const u2 = this.uniform();
    const r = Math.sqrt(-2 * Math.log(u1));
    this.spareNormal = r * Math.sin(2 * Math.PI * u2);
    return r * Math.cos(2 * Math.PI * u2);
  }
}

export function createRng(seed: number): Rng {
  return new XoroshiroRng(seed);
}

/**
 * A 32-bit seed for a named sub-stream (trial i, the context stream, a policy's tie-breaks, ...).
 * Mixing with a fixed avalanche function keeps neighbouring seeds' streams unrelated, so trial i's
 * draws do not depend on how many draws trial i−1 made.
 */
export function deriveSeed(seed: number, ...path: (number | string)[]): number {
  let h = fmix32((seed | 0) ^ 0x9e3779b9);
  for (const part of path) {
    const v = typeof part === 'number' ? part | 0 : hashString(part);
    h = fmix32(h ^ fmix32(v + 0x7f4a7c15));
  }
  return h;
}

function hashString(s: string): number {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** murmur3's fmix32 finaliser: a 32-bit avalanche (also used by the hashed n-gram features). */
export function fmix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x | 0;
}
