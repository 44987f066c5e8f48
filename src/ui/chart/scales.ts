/**
 * Axis scales for the lab's charts: "nice" linear ranges and ticks, a log scale for data spanning decades, a top
 * cap for shares. Pure, unit-tested in Node (scales.test.ts).
 */

export interface NiceScale {
  domain: [number, number];
  ticks: number[];
}

function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  const nf = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return nf * mag;
}

/** Round `x` to the step's precision, removing binary noise (0.30000000000000004 → 0.3). */
function clean(x: number, step: number): number {
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Number(x.toFixed(Math.min(20, digits)));
}

/**
 * A domain covering [lo, hi] with round ends and about `count` ticks; `clamp` bounds it (success rates stay in
 * [0, 1]). A degenerate range is widened so a flat line sits mid-chart.
 */
export function niceScale(lo: number, hi: number, count = 5, clamp?: [number, number]): NiceScale {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) {
    lo = 0;
    hi = 1;
  }
  if (lo > hi) [lo, hi] = [hi, lo];
  if (hi - lo < 1e-12) {
    const pad = Math.abs(hi) > 1e-9 ? Math.abs(hi) * 0.1 : 0.5;
    lo -= pad;
    hi += pad;
  }
  const step = niceStep(hi - lo, count);
  let a = Math.floor(lo / step + 1e-9) * step;
  let b = Math.ceil(hi / step - 1e-9) * step;
  if (clamp) {
    a = Math.max(clamp[0], a);
    b = Math.min(clamp[1], b);
  }
  a = clean(a, step);
  b = clean(b, step);
  const ticks: number[] = [];
  const first = Math.ceil(a / step - 1e-9);
  for (let k = first; k * step <= b + step * 1e-9; k++) ticks.push(clean(k * step, step));
  return { domain: [a, b], ticks };
}

/**
 * A scale whose values cannot exceed `cap` (success rates, utility ≤ 1): ticks stop at the cap, but the domain
 * keeps a little headroom above it so points at the cap do not sit on the chart's frame.
 */
export function capTop(scale: NiceScale, cap: number, headroom = 0.035): NiceScale {
  const [a, b] = scale.domain;
  if (b < cap - 1e-12) return scale;
  const top = cap + (cap - a) * headroom;
  return { domain: [a, top], ticks: scale.ticks.filter((t) => t <= cap + 1e-12) };
}

/** Whether an axis over these positive values reads better in log scale (spread over more than ~1.5 decades). */
export function wantsLog(values: readonly number[], ratio = 30): boolean {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length < 2 || v.some((x) => x <= 0)) return false;
  return Math.max(...v) / Math.min(...v) > ratio;
}

/** Log-scale domain and ticks (1, 2, 5 × 10^k inside, or powers of ten when spread wide). */
export function logScale(values: readonly number[]): NiceScale {
  const v = values.filter((x) => Number.isFinite(x) && x > 0);
  if (v.length === 0) return { domain: [0.001, 1], ticks: [0.001, 0.01, 0.1, 1] };
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  const loE = Math.floor(Math.log10(lo) + 1e-9);
  const hiE = Math.ceil(Math.log10(hi) - 1e-9);
  const decades = Math.max(1, hiE - loE);
  const mults = decades > 3 ? [1] : decades > 1 ? [1, 3] : [1, 2, 5];
  const ticks: number[] = [];
  for (let e = loE; e <= hiE; e++) {
    for (const m of mults) {
      const t = Number((m * 10 ** e).toPrecision(6));
      if (t >= lo / 1.0001 && t <= hi * 1.0001) ticks.push(t);
    }
  }
  // A little margin in log space so end points are not on the frame.
  const pad = (Math.log10(hi) - Math.log10(lo)) * 0.06 || 0.15;
  const domain: [number, number] = [10 ** (Math.log10(lo) - pad), 10 ** (Math.log10(hi) + pad)];
  if (ticks.length < 2) {
    ticks.length = 0;
    // The two ends, once each: all values equal (e.g. a cost that no λ changes) give a single tick.
    ticks.push(...new Set([Number(lo.toPrecision(2)), Number(hi.toPrecision(2))]));
  }
  return { domain, ticks };
}

/** Linear domain over values with a margin (points must not sit on the frame). */
export function paddedScale(values: readonly number[], clamp?: [number, number], count = 5): NiceScale {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length === 0) return niceScale(0, 1);
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  const pad = (hi - lo) * 0.06 || Math.abs(hi) * 0.05 || 0.05;
  return niceScale(lo - pad, hi + pad, count, clamp);
}
