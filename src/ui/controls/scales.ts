/**
 * The scales of the number controls (NumberControl.tsx): a linear slider's grid, and a log scale (λ's): 10 nice values per decade (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8) from the range's
 * least power of ten to its greatest, so the hash reads lambda=0.003 rather than lambda=0.0031622776. Plain
 * functions, no DOM.
 */
const MANTISSAS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8] as const;

export interface NiceLogScale {
  /** Slider positions 0..steps. */
  steps: number;
  /** The value at a slider position. */
  at(index: number): number;
  /** The slider position nearest to a value on the log scale (a value from a link need not be a nice one). */
  index(value: number): number;
}

/** The nice values from `min` to `max`, both powers of ten. */
export function niceLogScale({ min, max }: { min: number; max: number }): NiceLogScale {
  const first = Math.round(Math.log10(min));
  const steps = Math.round(Math.log10(max)) - first;
  const count = steps * MANTISSAS.length;
  const at = (index: number) => {
    const i = Math.max(0, Math.min(count, Math.round(index)));
    const m = i === count ? 1 : MANTISSAS[i % MANTISSAS.length];
    // toPrecision strips binary noise: 1.2 × 10^-3 = 0.0012, not 0.0012000000000000001.
    return Number((m * 10 ** (first + Math.floor(i / MANTISSAS.length))).toPrecision(3));
  };
  const index = (value: number) => {
    let best = 0;
    let bestDist = Infinity;
    for (let i = 0; i <= count; i++) {
      const d = Math.abs(Math.log(at(i)) - Math.log(value));
      if (d < bestDist) {
        bestDist = d;
        best = i;
      }
    }
    return best;
  };
  return { steps: count, at, index };
}

/** A small positive number as shown next to its slider, without exponents: "0.0001", "0.003", "0.25", "1". */
export function formatSmall(v: number): string {
  if (v >= 0.001) return String(Number(v.toPrecision(3)));
  return v.toFixed(Math.max(4, -Math.floor(Math.log10(v)) + 2)).replace(/0+$/, '');
}

/** How many decimals a slider's step has (0.1: 1). */
export const decimalsOf = (step: number) => (Number.isInteger(step) ? 0 : (String(step).split('.')[1]?.length ?? 0));

/** A slider position's value, on the step's grid (0.30000000000000004 → 0.3). */
export const onGrid = (v: number, step: number) => Number((Math.round(v / step) * step).toFixed(decimalsOf(step)));
