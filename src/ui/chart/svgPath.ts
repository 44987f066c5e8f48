/** Pixel coordinates rounded to 0.1 px: shorter path strings, no visible difference. */
export const roundPx = (v: number) => Math.round(v * 10) / 10;

/** An SVG path through `points` (x, y in px) in order, as straight segments; '' without points. */
export function linePath(points: readonly (readonly [number, number])[]): string {
  return points.length === 0 ? '' : `M${points.map(([x, y]) => `${roundPx(x)},${roundPx(y)}`).join('L')}`;
}
