/**
 * Pure helpers that turn the lab's result data (src/engine/lab/types.ts) into what the charts draw.
 * No React here, so they are unit-tested in Node (series.test.ts).
 */
import type { AlgoCurves, ArmUsage, CurvePoint, SweepPoint, SweepResult, TraceRow } from '../../engine/lab/types';
import { capTop, type NiceScale, niceScale } from '../chart/scales';

export type CurveMetric = keyof AlgoCurves;
export const CURVE_METRICS: readonly CurveMetric[] = ['utility', 'cost', 'success', 'regret'];

/** Most points a chart line is given (more would only cost render time). */
export const MAX_POINTS = 200;

/** Index of the last point with t ≤ cursor (points sorted by t), or -1 if there is none. */
export function lastIndexAtOrBefore(points: readonly { t: number }[], cursor: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid].t <= cursor) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * At most `max` points, evenly strided, always keeping the first and the last (the value at the cursor is
 * what the chart's readout and tests show, so it must never be dropped).
 */
export function downsample<P>(points: readonly P[], max = MAX_POINTS): P[] {
  const n = points.length;
  if (n <= max) return points.slice();
  if (max <= 1) return [points[n - 1]];
  const out: P[] = [];
  const stride = (n - 1) / (max - 1);
  let prev = -1;
  for (let i = 0; i < max; i++) {
    const idx = i === max - 1 ? n - 1 : Math.round(i * stride);
    if (idx !== prev) out.push(points[idx]);
    prev = idx;
  }
  return out;
}

/**
 * The largest t ≤ cursor on any algorithm's grid for this metric (0 if none). Curves are downsampled, so
 * many cursor values draw the same picture: keying memos on this keeps charts still between grid points.
 */
export function snapCursor(curves: Record<string, AlgoCurves>, ids: readonly string[], cursor: number): number {
  let best = 0;
  for (const id of ids) {
    const c = curves[id];
    if (!c) continue;
    for (const m of CURVE_METRICS) {
      const pts = c[m];
      const i = lastIndexAtOrBefore(pts, cursor);
      if (i >= 0 && pts[i].t > best) best = pts[i].t;
    }
  }
  return best;
}

/** One x position of a curves chart: per algorithm its mean and its ± std band (absent where it has no point). */
export interface CurveRow {
  t: number;
  mean: Record<string, number>;
  std: Record<string, number>;
  band: Record<string, [number, number]>;
}

/** Rows for a recharts chart: the union of the algorithms' t grids up to the cursor, ≤ `max` points per line. */
export function buildCurveRows(curves: Record<string, AlgoCurves>, ids: readonly string[], metric: CurveMetric, cursor: number, max = MAX_POINTS): CurveRow[] {
  const byT = new Map<number, CurveRow>();
  for (const id of ids) {
    const pts = curves[id]?.[metric];
    if (!pts) continue;
    const end = lastIndexAtOrBefore(pts, cursor);
    if (end < 0) continue;
    for (const p of downsample(pts.slice(0, end + 1), max)) {
      let row = byT.get(p.t);
      if (!row) {
        row = { t: p.t, mean: {}, std: {}, band: {} };
        byT.set(p.t, row);
      }
      row.mean[id] = p.mean;
      const s = Number.isFinite(p.std) ? p.std : 0;
      row.std[id] = s;
      row.band[id] = [p.mean - s, p.mean + s];
    }
  }
  return [...byT.values()].sort((a, b) => a.t - b.t);
}

/** Per algorithm its last drawn point (t ≤ cursor), or null before its first point. */
export function lastPoints(
  curves: Record<string, AlgoCurves>,
  ids: readonly string[],
  metric: CurveMetric,
  cursor: number,
): { id: string; point: CurvePoint | null }[] {
  return ids.map((id) => {
    const pts = curves[id]?.[metric] ?? [];
    const i = lastIndexAtOrBefore(pts, cursor);
    return { id, point: i >= 0 ? pts[i] : null };
  });
}

/** Stable y scale of a curves chart: from every algorithm's full data (mean ± std), not just the drawn part. */
export function curveScale(curves: Record<string, AlgoCurves>, ids: readonly string[], metric: CurveMetric): NiceScale {
  let lo = Infinity;
  let hi = -Infinity;
  for (const id of ids) {
    for (const p of curves[id]?.[metric] ?? []) {
      if (!Number.isFinite(p.mean)) continue;
      const s = Number.isFinite(p.std) ? p.std : 0;
      lo = Math.min(lo, p.mean - s);
      hi = Math.max(hi, p.mean + s);
    }
  }
  if (lo === Infinity) return niceScale(0, 1);
  if (metric === 'success') return capTop(niceScale(Math.min(lo, 1), Math.max(hi, 0), 5, [0, 1]), 1);
  if (metric === 'cost') return niceScale(Math.min(0, lo), hi, 5, [0, Infinity]);
  if (metric === 'regret') return niceScale(Math.min(0, lo), Math.max(0, hi));
  // Utility is at most 1 (one success, nothing paid); the band may poke above, the axis need not.
  return capTop(niceScale(lo, Math.min(hi, 1), 5, [-Infinity, 1]), 1);
}

/** x ticks for 0..T: about `count` round numbers. */
export function stepTicks(T: number, count = 5): number[] {
  return niceScale(0, Math.max(1, T), count, [0, Math.max(1, T)]).ticks;
}

// ---------------------------------------------------------------- sweeps

/** The sweep's points per algorithm (in `ids` order), each sorted by the swept value; finite points only. */
export function sweepSeries(sweep: SweepResult | null, ids: readonly string[]): { id: string; points: SweepPoint[] }[] {
  if (!sweep) return [];
  return ids
    .map((id) => ({
      id,
      points: sweep.points.filter((p) => p.algo === id && Number.isFinite(p.cost) && Number.isFinite(p.success)).sort((a, b) => a.x - b.x),
    }))
    .filter((s) => s.points.length > 0);
}

/**
 * τ labels of one algorithm's trade-off points (sorted by τ): points that fall on top of each other (within
 * `tol` of each other in toUnit's units: the chart passes pixels and 9) share one label "1–5" on the first of
 * them; the others get ''.
 */
export function tradeoffLabels(
  points: readonly { x: number; cost: number; success: number }[],
  toUnit: (cost: number, success: number) => [number, number],
  tol = 0.025,
): string[] {
  const labels = points.map(() => '');
  let i = 0;
  while (i < points.length) {
    const [ux, uy] = toUnit(points[i].cost, points[i].success);
    let j = i + 1;
    while (j < points.length) {
      const [vx, vy] = toUnit(points[j].cost, points[j].success);
      if (Math.hypot(vx - ux, vy - uy) > tol) break;
      j++;
    }
    const a = points[i].x;
    const b = points[j - 1].x;
    labels[i] = j - 1 > i ? `${a}–${b}` : String(a);
    i = j;
  }
  return labels;
}

/** One λ value with every algorithm's point there. */
export interface LambdaRow {
  x: number;
  by: Record<string, SweepPoint>;
}

/** Rows by λ (positive values only: the axis is logarithmic), sorted. */
export function lambdaRows(sweep: SweepResult | null, ids: readonly string[]): LambdaRow[] {
  if (!sweep) return [];
  const want = new Set(ids);
  const map = new Map<number, LambdaRow>();
  for (const p of sweep.points) {
    if (!want.has(p.algo) || !(p.x > 0) || !Number.isFinite(p.x)) continue;
    let row = map.get(p.x);
    if (!row) {
      row = { x: p.x, by: {} };
      map.set(p.x, row);
    }
    row.by[p.algo] = p;
  }
  return [...map.values()].sort((a, b) => a.x - b.x);
}

/** "τ" or "λ": the swept parameter as it reads in labels. */
export function paramSymbol(param: 'tauMax' | 'lambda'): string {
  return param === 'tauMax' ? 'τ' : 'λ';
}

export interface UsageSegment {
  arm: number;
  count: number;
  /** Share of this category's pulls, in [0, 1]. */
  share: number;
  /** Cumulative share before this segment (its left edge). */
  offset: number;
}

export interface UsageRow {
  category: number;
  label: string;
  prompts: number;
  pulls: number;
  /** Pulls per prompt (NaN without prompts). */
  perPrompt: number;
  segments: UsageSegment[];
}

/** Per category: the share of pulls that went to each model (zero-count models omitted), in arm order. */
export function usageRows(usage: ArmUsage | undefined, categories: readonly string[]): UsageRow[] {
  if (!usage) return [];
  return usage.counts.map((row, c) => {
    const pulls = row.reduce((s, v) => s + (Number.isFinite(v) ? v : 0), 0);
    const prompts = usage.prompts[c] ?? 0;
    const segments: UsageSegment[] = [];
    let offset = 0;
    for (let a = 0; a < row.length; a++) {
      const count = row[a] ?? 0;
      if (!(count > 0)) continue;
      const share = pulls > 0 ? count / pulls : 0;
      segments.push({ arm: a, count, share, offset });
      offset += share;
    }
    return {
      category: c,
      label: categories[c] ?? (usage.counts.length === 1 ? 'all prompts' : `category ${c + 1}`),
      prompts,
      pulls,
      perPrompt: prompts > 0 ? pulls / prompts : NaN,
      segments,
    };
  });
}

// ---------------------------------------------------------------- trace

/** The latest `visible` rows with step < cursor, newest first. */
export function traceWindow(rows: readonly TraceRow[], cursor: number, visible = 12, pinned: number | null = null): TraceRow[] {
  // Rows are in step order (row i is step i); fall back to a scan if a caller passes something else.
  let end: number;
  const ordered = rows.length === 0 || (rows[0].step === 0 && rows[rows.length - 1].step === rows.length - 1);
  if (ordered) end = Math.max(0, Math.min(rows.length, Math.ceil(cursor)));
  else {
    end = 0;
    while (end < rows.length && rows[end].step < cursor) end++;
  }
  let start = Math.max(0, end - Math.max(0, visible));
  // A pinned step older than the window: the window moves back to hold it, with newer rows above it where there are some.
  if (pinned !== null && pinned >= 0 && pinned < start) {
    end = Math.min(end, pinned + 1 + Math.floor(visible / 2));
    start = Math.max(0, end - Math.max(0, visible));
  }
  return rows.slice(start, end).reverse();
}
