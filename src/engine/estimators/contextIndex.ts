/**
 * Finds exact repeats among context vectors. Categorical worlds send one-hot contexts, a handful of
 * distinct points over thousands of pulls; the kernel estimators group repeats into one support point
 * with a count, which keeps their matrices m×m in the number m of distinct contexts.
 */
export class ContextIndex {
  private readonly buckets = new Map<number, number[]>();
  private readonly pts: Float64Array[] = [];

  /** Number of distinct contexts stored. */
  get size(): number {
    return this.pts.length;
  }

  /** The j-th distinct context (a private copy: do not write to it). */
  point(j: number): Float64Array {
    return this.pts[j];
  }

  /** Index of the stored context equal to x (elementwise ===, so 0 and −0 match), or −1. */
  find(x: Float64Array): number {
    const bucket = this.buckets.get(hashVector(x));
    if (bucket === undefined) return -1;
    for (const j of bucket) if (equal(this.pts[j], x)) return j;
    return -1;
  }

  /** Stores a copy of x, which must not be present yet, and returns its index. */
  insert(x: Float64Array): number {
    const j = this.pts.length;
    this.pts.push(Float64Array.from(x));
    const h = hashVector(x);
    const bucket = this.buckets.get(h);
    if (bucket === undefined) this.buckets.set(h, [j]);
    else bucket.push(j);
    return j;
  }
}

const f64 = new Float64Array(1);
const i32 = new Int32Array(f64.buffer);

/** FNV-1a over the bit patterns, with −0 folded onto 0 so that equal vectors hash alike. */
function hashVector(x: Float64Array): number {
  let h = 0x811c9dc5 ^ x.length;
  for (let k = 0; k < x.length; k++) {
    f64[0] = x[k] === 0 ? 0 : x[k];
    h = Math.imul(h ^ i32[0], 0x01000193);
    h = Math.imul(h ^ i32[1], 0x01000193);
  }
  return h | 0;
}

function equal(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
