import { describe, expect, it } from 'vitest';
import { hashedNgrams } from './ngrams';
import { norm } from './scale';

const nonZero = (x: Float64Array) => Object.fromEntries(Array.from(x).flatMap((v, i) => (v === 0 ? [] : [[i, Math.round(v * 1e4) / 1e4]])));

describe('hashedNgrams', () => {
  // Golden values: these pin the documented hashing, which every dataset world's contexts depend on.
  it('puts a single trigram in bucket FNV-1a mod dim (FNV-1a("abc") = 0x1a47e90b)', () => {
    expect(nonZero(hashedNgrams(['abc'], 64)[0])).toEqual({ [0x1a47e90b % 64]: 1 });
  });

  it('hashes a text shorter than the n-gram as one gram, with its sign', () => {
    expect(nonZero(hashedNgrams(['ab'], 64)[0])).toEqual({ 10: -1 });
  });

  it('counts each trigram of the lowercased text and normalises', () => {
    expect(nonZero(hashedNgrams(['héllo wörld'], 64)[0])).toEqual({
      2: -0.3333,
      13: 0.3333,
      23: -0.3333,
      36: 0.3333,
      42: -0.3333,
      54: -0.3333,
      55: 0.3333,
      60: -0.3333,
      62: 0.3333,
    });
  });

  it('ignores case and whitespace runs', () => {
    const [a, b] = hashedNgrams(['Hello   World\n', ' hello world'], 32);
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it('gives unit vectors of the asked dimension, and zero for an empty text', () => {
    const xs = hashedNgrams(['def add(a, b):\n    return a + b', 'Translate the following java code', ''], 48);
    expect(xs.map((x) => x.length)).toEqual([48, 48, 48]);
    expect(norm(xs[0])).toBeCloseTo(1, 12);
    expect(norm(xs[1])).toBeCloseTo(1, 12);
    expect(norm(xs[2])).toBe(0);
  });

  it('tells different texts apart', () => {
    const [a, b] = hashedNgrams(['solve this sudoku puzzle', 'translate java to c++'], 64);
    expect(Array.from(a)).not.toEqual(Array.from(b));
  });

  it('rejects a dimension that is not a positive integer', () => {
    expect(() => hashedNgrams(['x'], 0)).toThrow(RangeError);
  });
});
