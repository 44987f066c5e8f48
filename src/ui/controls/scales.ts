/**
 * The λ slider's log scale: 10 nice values per decade (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8) from 1e-4 to 1,
 * so the hash reads lambda=0.003 rather than lambda=0.0031622776. Plain functions, no DOM.
 */
const MANTISSAS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8] as const;
const FIRST_DECADE = -4;
const DECADES = 4;

/** Slider positions 0..LAMBDA_STEPS. */
export const LAMBDA_STEPS = DECADES * MANTISSAS.length;

export function lambdaAt(index: number): number {
  const i = Math.max(0, Math.min(LAMBDA_STEPS, Math.round(index)));
  if (i === LAMBDA_STEPS) return 1;
  const decade = FIRST_DECADE + Math.floor(i / MANTISSAS.length);
  const m = MANTISSAS[i % MANTISSAS.length];
  // toPrecision strips binary noise: 1.2 × 10^-3 = 0.0012, not 0.0012000000000000001.
  return Number((m * 10 ** decade).toPrecision(3));
}

/** The slider position nearest to λ on the log scale (λ from a link need not be one of the nice values). */
export function lambdaIndex(lambda: number): number {
  let best = 0;
  let bestDist = Infinity;
  for (let i = 0; i <= LAMBDA_STEPS; i++) {
    const d = Math.abs(Math.log(lambdaAt(i)) - Math.log(lambda));
    if (d < bestDist) {
      bestDist = d;
      best = i;
    }
  }
  return best;
}

/** λ as shown next to the slider: "0.0001", "0.003", "0.25", "1". */
export function formatLambda(lambda: number): string {
  if (lambda >= 0.001) return String(Number(lambda.toPrecision(3)));
  return lambda.toFixed(Math.max(4, -Math.floor(Math.log10(lambda)) + 2)).replace(/0+$/, '');
}
