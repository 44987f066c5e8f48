/**
 * How the lab writes numbers, the one formatter of the page (views, tables, headline) and its tests: short and
 * legible, nothing locale-dependent, a typographic minus, NaN as an em dash. `formatSig` gives the tables'
 * six significant digits, which `parseShown` reads back.
 */

export const MINUS = '\u2212';

export const DASH = '—';

/**
 * `x` to `digits` significant digits with a typographic minus ("0.967", "12.5", "−0.0150", "1230");
 * NaN and undefined → "—", ±Infinity → "∞". No exponent between 1e-4 and 1e15.
 */
export function fmt(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || Number.isNaN(x)) return DASH;
  if (!Number.isFinite(x)) return x > 0 ? '∞' : `${MINUS}∞`;
  if (x === 0) return '0';
  let s = x.toPrecision(digits);
  if (s.includes('e')) {
    const a = Math.abs(x);
    if (a >= 1 && a < 1e15) s = String(Math.round(x));
    else if (a >= 1e-4) s = String(Number(s));
  }
  return s.replace('-', MINUS);
}

/** As `fmt` but without trailing zeros ("0.75", "90", "1.6"): for costs and labels. */
export function fmtShort(x: number | null | undefined, digits = 3): string {
  const s = fmt(x, digits);
  if (!/^[−]?\d+\.\d+$/.test(s)) return s;
  return s.replace(/\.?0+$/, '');
}

/**
 * A count with thousands separators: 1234567 → "1,234,567" (a non-integer is rounded). Not toLocaleString:
 * nothing here depends on the locale, and its first call loads ICU's number formats (~15 ms at start-up).
 */
export function fmtCount(n: number): string {
  if (!Number.isFinite(n)) return fmt(n);
  const s = String(Math.round(Math.abs(n))).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 && s !== '0' ? `${MINUS}${s}` : s;
}

/**
 * A count and its noun, plural but for one: (1, 'trial') → "1 trial", (1000, 'prompt') → "1,000 prompts"; an
 * irregular plural is given: (2, 'query', 'queries') → "2 queries".
 */
export function fmtCounted(n: number, noun: string, plural = `${noun}s`): string {
  return `${fmtCount(n)} ${nounFor(n, noun, plural)}`;
}

/** The noun alone, as `fmtCounted` writes it after the count: for a count shown apart (its own element). */
export function nounFor(n: number, noun: string, plural = `${noun}s`): string {
  return n === 1 ? noun : plural;
}

/** A share or probability in [0, 1] as a percentage: 0.9342 → "93.4%" (digits significant, at most 1 decimal). */
export function fmtPct(x: number | null | undefined, decimals = 1): string {
  if (x === null || x === undefined || Number.isNaN(x)) return DASH;
  const v = x * 100;
  const d = Math.abs(v) >= 99.95 || v === 0 ? 0 : decimals;
  return `${v.toFixed(d).replace('-', MINUS)}%`;
}

/** US dollars of live queries: three significant digits below a cent ("$0.000340"), else four decimals ("$0.0125"). */
export const fmtUsd = (v: number): string => `$${v < 0.01 ? v.toPrecision(3) : v.toFixed(4)}`;

/** `x` with `decimals` decimals and a typographic minus ("0.9123", "−0.0150"); NaN → "—". */
export function fmtFixed(x: number | null | undefined, decimals: number): string {
  if (x === null || x === undefined || Number.isNaN(x)) return DASH;
  if (!Number.isFinite(x)) return fmt(x);
  return x.toFixed(decimals).replace('-', MINUS);
}

/**
 * How the headline's cards and the results table write each summary figure, mean and std alike, so the same
 * figure reads the same in both: utility to 4 decimals, cost to 3 significant digits, success as a percentage,
 * regret to 3 significant digits. Exact values travel in exports and in data-* attributes.
 */
export const METRIC_FORMAT = {
  utility: (x: number) => fmtFixed(x, 4),
  cost: (x: number) => fmtShort(x),
  success: (x: number) => fmtPct(x),
  regret: (x: number) => fmt(x),
} as const satisfies Record<'utility' | 'cost' | 'success' | 'regret', (x: number) => string>;

/** Signed value with an explicit + for positives ("+0.93", "−0.02"), for stop-rule values. */
export function fmtSigned(x: number | null | undefined, digits = 3): string {
  const s = fmt(x, digits);
  if (s === DASH || s.startsWith(MINUS) || s === '0') return s;
  return `+${s}`;
}

/** Axis tick: compact, trailing zeros dropped, k/M suffixes for large numbers. */
export function fmtTick(x: number): string {
  if (!Number.isFinite(x)) return '';
  const a = Math.abs(x);
  if (a >= 1e6) return `${fmtShort(x / 1e6, 3)}M`;
  if (a >= 1e4) return `${fmtShort(x / 1e3, 3)}k`;
  if (a >= 1000) return fmtShort(x, 4);
  return fmtShort(x, 3);
}

/** Full-precision string for data-* test hooks (round-trips through Number). */
export function rawNumber(x: number): string {
  return String(x);
}

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

/** An oracle plan (arm per rounds left, τ_max..1) as runs: [2,2,2,4,4] → [{arm 2 ×3}, {arm 4 ×2}]. */
export function planRuns(plan: readonly number[]): { arm: number; count: number }[] {
  const runs: { arm: number; count: number }[] = [];
  for (const arm of plan) {
    const last = runs[runs.length - 1];
    if (last && last.arm === arm) last.count++;
    else runs.push({ arm, count: 1 });
    if (arm < 0) break; // after a stop nothing more is played
  }
  return runs;
}

/** A plan in words, as the trace and the tour write it: "gpt-4o-mini ×4 → gpt-4o", "stop". */
export function fmtPlan(plan: readonly number[], name: (arm: number) => string): string {
  return planRuns(plan)
    .map((r) => (r.arm < 0 ? 'stop' : `${name(r.arm)}${r.count > 1 ? ` ×${r.count}` : ''}`))
    .join(' → ');
}
