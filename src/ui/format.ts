/** Number formatting for the lab's tables: enough digits to compare runs, nothing locale-dependent. */

const MINUS = '\u2212';

/**
 * `x` to `digits` significant digits ("0.712346", "1234.57", "−0.0150000"); plain notation up to 1e15,
 * exponent notation for magnitudes below 1e-4. A typographic minus; `parseShown` reads it back.
 */
export function formatSig(x: number, digits = 6): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : `${MINUS}∞`;
  if (x === 0) return '0';
  let s = x.toPrecision(digits);
  if (s.includes('e') && Math.abs(x) >= 1 && Math.abs(x) < 1e15) s = String(Number(s));
  return s.replace('-', MINUS);
}

/** Inverse of `formatSig` for tests and copy-paste. */
export function parseShown(text: string): number {
  const t = text.trim().replaceAll(MINUS, '-');
  if (t === '∞') return Infinity;
  if (t === '-∞') return -Infinity;
  return Number(t);
}

export function formatSeconds(ms: number): string {
  if (ms < 1) return '< 1 ms';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
