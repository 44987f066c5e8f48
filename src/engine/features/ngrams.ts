import { fmix32 } from '../rng';
import { norm } from './scale';

/** Length of the character n-grams. */
const NGRAM = 3;

/**
 * Hashed character n-gram features (the hashing trick with a sign hash), deterministic everywhere:
 * 1. the text is lowercased (toLowerCase, locale-free) and each whitespace run becomes one space, trimmed;
 * 2. every window of NGRAM code points (the whole text if shorter; none if empty) is hashed with 32-bit
 *    FNV-1a over its UTF-16 code units;
 * 3. bucket = hash mod dim (hash read unsigned); sign = top bit of murmur3's fmix32(hash), so colliding
 *    n-grams cancel in expectation instead of piling up;
 * 4. the count vector is L2-normalised (an empty text stays the zero vector).
 * Changing any step changes every dataset world's contexts, so treat them as part of the format.
 */
export function hashedNgrams(texts: readonly string[], dim: number): Float64Array[] {
  if (!Number.isInteger(dim) || dim < 1) throw new RangeError(`hashedNgrams: dim must be a positive integer (got ${dim})`);
  return texts.map((text) => {
    const x = new Float64Array(dim);
    const chars = Array.from(normalise(text)); // code points: an emoji is one character, not two halves
    const windows = chars.length === 0 ? 0 : Math.max(1, chars.length - NGRAM + 1);
    for (let i = 0; i < windows; i++) {
      const h = fnv1a(chars, i, Math.min(i + NGRAM, chars.length));
      x[(h >>> 0) % dim] += fmix32(h) < 0 ? -1 : 1;
    }
    const n = norm(x);
    if (n > 0) for (let i = 0; i < dim; i++) x[i] /= n;
    return x;
  });
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** 32-bit FNV-1a of chars[from..to) joined (no intermediate string: this runs once per character of a dataset). */
function fnv1a(chars: readonly string[], from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let k = from; k < to; k++) {
    const c = chars[k];
    for (let u = 0; u < c.length; u++) {
      h ^= c.charCodeAt(u);
      h = Math.imul(h, 0x01000193);
    }
  }
  return h | 0;
}
