/**
 * Decisions compare floating-point scores, and two platforms running the same engine (Node and Chromium)
 * can differ in the last bit of Math.exp and friends. A comparison that a 1-ulp difference can flip would
 * make a seed reproduce a run everywhere except at near-ties. So scores within a relative 1e-12 of each
 * other count as tied, and ties always go to the lower arm index.
 */
const TIE_TOLERANCE = 1e-12;

/** a > b by more than rounding noise. */
export function clearlyGreater(a: number, b: number): boolean {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a > b;
  return a - b > TIE_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}
