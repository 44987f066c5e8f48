import { describe, expect, it } from 'vitest';
import { fmtPlan, planRuns } from '../../engine/lab/format';
import type { AlgoCurves, CurvePoint, TraceRow } from '../../engine/lab/types';
import { niceScale } from '../chart/scales';
import {
  buildCurveRows,
  curveScale,
  downsample,
  lambdaRows,
  lastIndexAtOrBefore,
  lastPoints,
  MAX_POINTS,
  snapCursor,
  stepTicks,
  sweepSeries,
  traceWindow,
  tradeoffLabels,
  usageRows,
} from './series';

const pts = (ts: number[], f: (t: number) => number, std = 0.1): CurvePoint[] => ts.map((t) => ({ t, mean: f(t), std }));
const grid = (n: number, step: number) => Array.from({ length: n }, (_, i) => (i + 1) * step);

function curves(ts: number[], f: (t: number) => number): AlgoCurves {
  return { utility: pts(ts, f), cost: pts(ts, (t) => 2 + f(t)), success: pts(ts, (t) => Math.min(1, 0.5 + f(t) / 2)), regret: pts(ts, (t) => t / 10) };
}

/** A point's spread and count where the test does not read them. */
const ONE_TRIAL = { std: { utility: 0, cost: 0, success: 0 }, trials: 1 };

describe('curve series', () => {
  it('finds the last point at or before the cursor', () => {
    const p = pts([1, 5, 10, 20], () => 0);
    expect(lastIndexAtOrBefore(p, 0)).toBe(-1);
    expect(lastIndexAtOrBefore(p, 1)).toBe(0);
    expect(lastIndexAtOrBefore(p, 9.5)).toBe(1);
    expect(lastIndexAtOrBefore(p, 20)).toBe(3);
    expect(lastIndexAtOrBefore(p, 1e9)).toBe(3);
    expect(lastIndexAtOrBefore([], 5)).toBe(-1);
  });

  it('downsamples to at most max points, keeping the first and the last', () => {
    const p = pts(grid(1000, 1), (t) => t);
    const d = downsample(p, 200);
    expect(d.length).toBeLessThanOrEqual(200);
    expect(d[0].t).toBe(1);
    expect(d[d.length - 1].t).toBe(1000);
    for (let i = 1; i < d.length; i++) expect(d[i].t).toBeGreaterThan(d[i - 1].t);
    expect(downsample(p.slice(0, 10), 200)).toHaveLength(10);
  });

  it('draws only points with t ≤ cursor, each line ≤ MAX_POINTS, with ± std bands', () => {
    const c = { a: curves(grid(500, 2), (t) => 1 - 1 / t), b: curves(grid(500, 2), () => 0.5) };
    const rows = buildCurveRows(c, ['a', 'b'], 'utility', 301);
    expect(rows.every((r) => r.t <= 301)).toBe(true);
    expect(rows[rows.length - 1].t).toBe(300);
    expect(rows.length).toBeLessThanOrEqual(MAX_POINTS);
    const last = rows[rows.length - 1];
    expect(last.mean.a).toBeCloseTo(1 - 1 / 300, 12);
    expect(last.band.b).toEqual([0.4, 0.6]);
    const full = buildCurveRows(c, ['a', 'b'], 'utility', 1000);
    expect(full.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(full[full.length - 1].t).toBe(1000);
    expect(buildCurveRows(c, ['a'], 'utility', 0)).toEqual([]);
  });

  it('reads the last drawn value per algorithm at the cursor', () => {
    const c = { a: curves(grid(100, 3), (t) => t / 1000) };
    const [f] = lastPoints(c, ['a', 'missing'], 'utility', 50);
    expect(f.point?.t).toBe(48);
    expect(f.point?.mean).toBe(0.048);
    expect(lastPoints(c, ['a', 'missing'], 'utility', 50)[1].point).toBeNull();
  });

  it('snaps the cursor to the data grid', () => {
    const c = { a: curves(grid(100, 5), () => 0) };
    expect(snapCursor(c, ['a'], 12)).toBe(10);
    expect(snapCursor(c, ['a'], 14.9)).toBe(10);
    expect(snapCursor(c, ['a'], 15)).toBe(15);
    expect(snapCursor(c, ['a'], 2)).toBe(0);
  });

  it('keeps the y scale fixed whatever the cursor (it is built from all the data)', () => {
    const c = { a: curves(grid(100, 1), (t) => -1 + t / 50), b: curves(grid(100, 1), () => 0.3) };
    const s = curveScale(c, ['a', 'b'], 'utility');
    expect(s.domain[0]).toBeLessThanOrEqual(-1.1);
    expect(s.domain[1]).toBeGreaterThanOrEqual(1);
    expect(s.ticks.every((t) => t <= 1)).toBe(true);
    const succ = curveScale(c, ['a', 'b'], 'success');
    expect(succ.domain[0]).toBeGreaterThanOrEqual(0);
    expect(Math.max(...succ.ticks)).toBeLessThanOrEqual(1);
    expect(curveScale(c, ['a'], 'cost').domain[0]).toBe(0);
    expect(curveScale({}, ['a'], 'regret')).toEqual(niceScale(0, 1));
  });
});

describe('scales', () => {
  it('step ticks span 0..T', () => {
    expect(stepTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(stepTicks(300)[0]).toBe(0);
  });
});

describe('sweeps', () => {
  const sweep = {
    param: 'tauMax' as const,
    values: [1, 2, 3],
    points: [
      { algo: 'a', x: 3, utility: 0.9, cost: 3, success: 0.95, ...ONE_TRIAL },
      { algo: 'a', x: 1, utility: 0.7, cost: 1, success: 0.7, ...ONE_TRIAL },
      { algo: 'b', x: 1, utility: 0.5, cost: 5, success: 0.6, ...ONE_TRIAL },
      { algo: 'a', x: 2, utility: 0.8, cost: 2, success: 0.85, ...ONE_TRIAL },
      { algo: 'c', x: 1, utility: NaN, cost: NaN, success: NaN, ...ONE_TRIAL },
    ],
  };
  it('groups points per algorithm in swept order, finite only', () => {
    const s = sweepSeries(sweep, ['a', 'b', 'c', 'z']);
    expect(s.map((x) => x.id)).toEqual(['a', 'b']);
    expect(s[0].points.map((p) => p.x)).toEqual([1, 2, 3]);
    expect(sweepSeries(null, ['a'])).toEqual([]);
  });
  it('merges labels of points that coincide', () => {
    const same = [1, 2, 3, 5].map((x) => ({ x, cost: 1, success: 0.6 }));
    expect(tradeoffLabels(same, (c, s) => [c, s])).toEqual(['1–5', '', '', '']);
    const apart = [1, 2].map((x) => ({ x, cost: x, success: 0.5 }));
    expect(tradeoffLabels(apart, (c, s) => [c, s])).toEqual(['1', '2']);
  });
  it('rows by λ skip values a log axis cannot show', () => {
    const rows = lambdaRows(
      {
        param: 'lambda',
        values: [0, 0.01, 0.1],
        points: [
          { algo: 'a', x: 0.1, utility: 1, cost: 1, success: 1, ...ONE_TRIAL },
          { algo: 'a', x: 0, utility: 1, cost: 1, success: 1, ...ONE_TRIAL },
          { algo: 'b', x: 0.01, utility: 1, cost: 1, success: 1, ...ONE_TRIAL },
          { algo: 'a', x: 0.01, utility: 1, cost: 1, success: 1, ...ONE_TRIAL },
        ],
      },
      ['a', 'b'],
    );
    expect(rows.map((r) => r.x)).toEqual([0.01, 0.1]);
    expect(Object.keys(rows[0].by).sort()).toEqual(['a', 'b']);
  });
});

describe('arm usage', () => {
  it('shares per category sum to one, with pulls per prompt', () => {
    const rows = usageRows(
      {
        counts: [
          [6, 0, 2],
          [0, 0, 0],
        ],
        prompts: [4, 0],
      },
      ['x', 'y'],
    );
    expect(rows[0].label).toBe('x');
    expect(rows[0].pulls).toBe(8);
    expect(rows[0].perPrompt).toBe(2);
    expect(rows[0].segments.map((s) => s.arm)).toEqual([0, 2]);
    expect(rows[0].segments.reduce((s, x) => s + x.share, 0)).toBeCloseTo(1, 12);
    expect(rows[0].segments[1].offset).toBe(0.75);
    expect(rows[1].segments).toEqual([]);
    expect(Number.isNaN(rows[1].perPrompt)).toBe(true);
    expect(usageRows({ counts: [[1]], prompts: [1] }, [])[0].label).toBe('all prompts');
    expect(usageRows(undefined, [])).toEqual([]);
  });
});

describe('trace', () => {
  const rows: TraceRow[] = Array.from({ length: 30 }, (_, step) => ({
    step,
    category: 0,
    pulls: [],
    utility: 0,
    cost: 0,
    success: 0,
    oraclePlan: [],
    oracleValue: 0,
    decisions: [],
  }));
  it('shows the latest rows before the cursor, newest first', () => {
    expect(traceWindow(rows, 20, 12).map((r) => r.step)).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8]);
    expect(traceWindow(rows, 3, 12).map((r) => r.step)).toEqual([2, 1, 0]);
    expect(traceWindow(rows, 0, 12)).toEqual([]);
    expect(traceWindow(rows, 100, 5).map((r) => r.step)).toEqual([29, 28, 27, 26, 25]);
    // A pinned step older than the window (a link's or the tour's prompt): the window holds it, newer rows above.
    expect(traceWindow(rows, 30, 5, 3).map((r) => r.step)).toEqual([5, 4, 3, 2, 1]);
    expect(traceWindow(rows, 30, 5, 0).map((r) => r.step)).toEqual([2, 1, 0]);
    // One inside the window changes nothing; one not yet played is not shown.
    expect(traceWindow(rows, 30, 5, 27).map((r) => r.step)).toEqual([29, 28, 27, 26, 25]);
    expect(traceWindow(rows, 10, 5, 20).map((r) => r.step)).toEqual([9, 8, 7, 6, 5]);
    expect(traceWindow(rows.slice(5), 8, 12).map((r) => r.step)).toEqual([7, 6, 5]);
  });
  it('compresses an oracle plan into runs, ending at a stop', () => {
    expect(fmtPlan([2, 2, 2, 4, 4], (a) => `m${a}`)).toBe('m2 ×3 → m4 ×2');
    expect(fmtPlan([1, -1, -1], (a) => `m${a}`)).toBe('m1 → stop');
    expect(planRuns([2, 2, 2, 4, 4])).toEqual([
      { arm: 2, count: 3 },
      { arm: 4, count: 2 },
    ]);
    expect(planRuns([-1, -1, -1])).toEqual([{ arm: -1, count: 1 }]);
    expect(planRuns([1, 1, -1, -1])).toEqual([
      { arm: 1, count: 2 },
      { arm: -1, count: 1 },
    ]);
  });
});
