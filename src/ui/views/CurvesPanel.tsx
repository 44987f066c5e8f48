import { memo, useId, useMemo, useSyncExternalStore } from 'react';
import { ComposedChart, Tooltip, type TooltipContentProps, usePlotArea, useXAxisScale, useYAxisScale, XAxis, YAxis } from 'recharts';
import { fmt, fmtPct, fmtTick, rawNumber } from '../../engine/lab/format';
import type { AlgoCurves } from '../../engine/lab/types';
import { REGRET_BENCHMARK_ID } from '../../state/catalog';
import { GridLines } from '../chart/GridLines';
import { HoverDots } from '../chart/HoverDots';
import type { NiceScale } from '../chart/scales';
import { roundPx } from '../chart/svgPath';
import { algoDrawOrder, algoStyle } from '../palette';
import { ChartTooltip } from './ChartTooltip';
import {
  AlgoLegend,
  algosKey,
  axisWidth,
  chartHeight,
  HiddenList,
  NARROW_WIDTH,
  TOOLTIP_VISIBLE,
  useChartBox,
  useElementWidth,
  useHovered,
  useSameValue,
  useStaggered,
  useValueStore,
  type ValueStore,
  xAxisProps,
  yAxisProps,
} from './common';
import { useCostLabel } from './costUnit';
import type { AlgoInfo, CurvesPanelProps } from './props';
import { buildCurveRows, CURVE_METRICS, type CurveMetric, type CurveRow, curveScale, lastPoints, snapCursor, stepTicks } from './series';

interface MetricInfo {
  title: string;
  /** Y axis label, with the unit. */
  axis: string;
  /** One line under the title. */
  note: string;
  /** Added to the note when the regret's benchmark, the DP oracle, is among the curves drawn (it speaks of its line). */
  withOracle?: string;
  format: (v: number) => string;
  tick: (v: number) => string;
}

const METRIC_INFO: Record<CurveMetric, MetricInfo> = {
  utility: {
    title: 'Average utility',
    axis: 'utility / prompt',
    note: 'running mean of 1{success} − λ·cost',
    format: (v) => fmt(v),
    tick: fmtTick,
  },
  cost: {
    title: 'Cost per prompt',
    axis: 'cost / prompt',
    note: 'running mean of the price paid',
    format: (v) => fmt(v),
    tick: fmtTick,
  },
  success: {
    title: 'Success rate',
    axis: 'success rate',
    note: 'running share of prompts with a success',
    format: (v) => fmtPct(v),
    tick: (v) => fmtPct(v, 0),
  },
  regret: {
    title: 'Cumulative regret',
    axis: 'utility lost (Σ)',
    note: 'Σ (finite-budget oracle’s expected utility − utility obtained)',
    withOracle: 'realised outcomes are noisy, so the oracle’s own line wanders around 0',
    format: (v) => fmt(v),
    tick: fmtTick,
  },
};

const CHART_HEIGHT = 210;
const CHART_HEIGHT_NARROW = 190;

/**
 * Four small multiples (utility, cost, success, regret) with one line per algorithm and its ± std band over
 * trials; only points with t ≤ cursor are drawn, against axes fixed by the full data so nothing jumps while
 * the cursor moves. Hovering one chart shows the values at that t in all four.
 */
export function CurvesPanel({ curves, algos, cursor, T }: CurvesPanelProps) {
  const [rootRef, width] = useElementWidth<HTMLDivElement>();
  const narrow = width > 0 && width < NARROW_WIDTH;
  const present = useMemo(() => algos.filter((a) => curves[a.id]), [algos, curves]);
  const ids = useMemo(() => present.map((a) => a.id), [present]);
  // Curves are downsampled: the cursor snapped to their grid is the last drawn step. It reaches the charts
  // through a store, so a playback tick re-renders only each chart's clip and readout, never the series.
  const snapped = useMemo(() => snapCursor(curves, ids, cursor), [curves, ids, cursor]);
  const cursorStore = useValueStore(snapped);
  // One y-axis width for all four, so their plot areas line up when stacked.
  const yWidth = useMemo(() => Math.max(...CURVE_METRICS.map((m) => axisWidth(curveScale(curves, ids, m).ticks.map(METRIC_INFO[m].tick)))), [curves, ids]);

  // New curves reach the four charts one chart per task (utility first), never all four in one long task.
  const latest = useMemo(() => ({ curves, algos: present, yWidth }), [curves, present, yWidth]);
  const staged = useStaggered(latest, CURVE_METRICS.length);

  if (present.length === 0) {
    return (
      <div className="pw-curves" data-testid="curves-panel" ref={rootRef}>
        <p className="pw-empty">No curves yet: run a simulation to draw them.</p>
      </div>
    );
  }
  return (
    <div className="pw-curves" data-testid="curves-panel" ref={rootRef}>
      {/* The four charts with their legend, exportable as one picture; each chart is also a figure of its own. */}
      <figure className="pw-figure pw-figure-group" data-chart="curves" aria-label="Learning curves: utility, cost, success rate and regret">
        <AlgoLegend algos={present} />
        <div className="pw-grid-2">
          {CURVE_METRICS.map((m, i) => (
            <CurveChart
              key={m}
              metric={m}
              curves={staged[i].curves}
              algos={staged[i].algos}
              cursor={cursorStore}
              T={T}
              yWidth={staged[i].yWidth}
              narrow={narrow}
            />
          ))}
        </div>
      </figure>
    </div>
  );
}

interface CurveChartProps {
  metric: CurveMetric;
  curves: Record<string, AlgoCurves>;
  algos: AlgoInfo[];
  /** The playback cursor, snapped to the data grid (a stable store: its changes do not re-render the chart). */
  cursor: ValueStore<number>;
  T: number;
  yWidth: number;
  narrow: boolean;
}

const CurveChart = memo(
  function CurveChart({ metric, curves, algos, cursor, T, yWidth, narrow }: CurveChartProps) {
    const info = METRIC_INFO[metric];
    const captionId = useId();
    const ids = useMemo(() => algos.map((a) => a.id), [algos]);
    // Every point is drawn once; the clip below hides those after the cursor.
    const rows = useMemo(() => buildCurveRows(curves, ids, metric, Infinity), [curves, ids, metric]);
    // The rows reach the series through a store, and the scale and grid stay the same objects while their values do:
    // new curves that keep the axes (a run streaming its trials, its result) then re-draw the series paths alone.
    // Re-rendering recharts' chart re-ran its store's effects, axes, labels and tooltip: 60–100 ms of main-thread
    // CPU per chart on this project's slower machine, the first visit's longest task (docs/notes/benchmarks-history.md).
    const rowsStore = useValueStore(rows);
    const scale = useSameValue(curveScale(curves, ids, metric));
    // Recharts gets only the t grid (for the x axis and the hover).
    const grid = useSameValue(rows.map((r) => ({ t: r.t })));
    const height = narrow ? CHART_HEIGHT_NARROW : CHART_HEIGHT;

    return (
      <figure className="pw-figure" data-chart={`curve-${metric}`} aria-labelledby={captionId} aria-busy={algos.length === 0 ? 'true' : undefined}>
        <figcaption id={captionId} className="pw-figcaption">
          <span className="pw-fig-title">{info.title}</span>
          <span className="pw-fig-note">{info.withOracle && ids.includes(REGRET_BENCHMARK_ID) ? `${info.note}; ${info.withOracle}` : info.note}</span>
        </figcaption>
        {algos.length === 0 ? (
          // Its turn to draw the first curves has not come yet (useStaggered): hold the chart's place.
          <div className="pw-chart" style={chartHeight(height)} />
        ) : (
          <>
            <CurveFrame
              metric={metric}
              algos={algos}
              rows={rowsStore}
              scale={scale}
              grid={grid}
              cursor={cursor}
              T={T}
              yWidth={yWidth}
              height={height}
              narrow={narrow}
            />
            <FinalValues metric={metric} curves={curves} algos={algos} cursor={cursor} />
          </>
        )}
      </figure>
    );
  },
  (a, b) =>
    a.metric === b.metric &&
    a.yWidth === b.yWidth &&
    a.narrow === b.narrow &&
    a.curves === b.curves &&
    a.cursor === b.cursor &&
    a.T === b.T &&
    algosKey(a.algos) === algosKey(b.algos),
);

interface CurveFrameProps {
  metric: CurveMetric;
  algos: AlgoInfo[];
  /** The rows the series draw: a store, so that new rows re-render the series only. */
  rows: ValueStore<CurveRow[]>;
  scale: NiceScale;
  grid: { t: number }[];
  cursor: ValueStore<number>;
  T: number;
  yWidth: number;
  height: number;
  narrow: boolean;
}

/** One learning-curve chart: recharts' frame (axes, grid, shared hover) around the series, which follow `rows`. */
const CurveFrame = memo(
  function CurveFrame({ metric, algos, rows, scale, grid, cursor, T, yWidth, height, narrow }: CurveFrameProps) {
    const info = METRIC_INFO[metric];
    const costAxis = useCostLabel(info.axis);
    const axis = metric === 'cost' ? costAxis : info.axis;
    const drawOrder = useMemo(() => [...algos].sort((a, b) => algoDrawOrder(a.id) - algoDrawOrder(b.id)), [algos]);
    const clipId = `pw-clip-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
    const xTicks = useMemo(() => stepTicks(T, narrow ? 4 : 5), [T, narrow]);
    const [boxRef, box, complete] = useChartBox<HTMLDivElement>();
    // The charts share a hover cursor (syncId), but only the chart under the pointer shows its tooltip.
    const [hovered, hoverHandlers] = useHovered();

    return (
      <div
        ref={boxRef}
        className="pw-chart"
        role="img"
        aria-label={`Line chart: ${info.title} (${axis}) against prompts seen t, for ${algos.map((a) => a.label).join(', ')}; values at the cursor are listed below.`}
        style={chartHeight(height)}
        {...hoverHandlers}
      >
        {box && (
          <ComposedChart
            width={box.width}
            height={box.height}
            data={grid}
            margin={{ top: 8, right: 14, bottom: 18, left: 6 }}
            syncId="pw-curves"
            syncMethod="value"
          >
            <GridLines yTicks={scale.ticks} />
            <XAxis {...xAxisProps({ dataKey: 't', domain: [0, Math.max(1, T)], ticks: xTicks, tickFormatter: fmtTick, label: 'prompts seen (t)' })} />
            <YAxis {...yAxisProps({ domain: scale.domain, ticks: scale.ticks, tickFormatter: info.tick, width: yWidth, label: axis })} />
            {complete && (
              <>
                <Tooltip
                  content={(p: TooltipContentProps) =>
                    hovered ? <CurveTooltip {...p} rows={rows} metric={metric} algos={algos} cursor={cursor.get()} /> : null
                  }
                  isAnimationActive={false}
                  wrapperStyle={TOOLTIP_VISIBLE}
                  cursor={{ stroke: '#94a3b8', strokeDasharray: '3 3' }}
                />
                {/* Recharts' Area and Line cost ~1 ms per algorithm and chart for every redraw (13 algorithms, four
                    charts: hundreds of ms on a slow machine, a frozen page while a run streams its curves). The
                    series are plain paths from the chart's scales; the tooltip finds its row by the hovered t. */}
                <SeriesLayer rows={rows} algos={drawOrder} clipId={clipId} />
                <CursorClip id={clipId} cursor={cursor} />
              </>
            )}
          </ComposedChart>
        )}
      </div>
    );
  },
  (a, b) =>
    a.metric === b.metric &&
    a.rows === b.rows &&
    a.scale === b.scale &&
    a.grid === b.grid &&
    a.cursor === b.cursor &&
    a.T === b.T &&
    a.yWidth === b.yWidth &&
    a.height === b.height &&
    a.narrow === b.narrow &&
    algosKey(a.algos) === algosKey(b.algos),
);

/**
 * Hides the series after the cursor: a clip path over the plot area up to x(cursor), referenced by every
 * line, band and hover dot (as an attribute, so exported SVGs keep it).
 */
function CursorClip({ id, cursor }: { id: string; cursor: ValueStore<number> }) {
  const t = useSyncExternalStore(cursor.subscribe, cursor.get, cursor.get);
  const plot = usePlotArea();
  const scale = useXAxisScale();
  const x = plot && scale ? scale(t) : undefined;
  if (!plot) return null;
  // A little past x(t) so the last segment's line cap is not cut; nothing at all before the first point.
  const width = t > 0 && x !== undefined && Number.isFinite(x) ? Math.max(0, x - plot.x + 3) : 0;
  return (
    <defs>
      <clipPath id={id}>
        <rect x={plot.x - 4} y={plot.y - 8} width={width + 4} height={plot.height + 16} />
      </clipPath>
    </defs>
  );
}

/**
 * Every algorithm's ± std band, then its mean line (in draw order, so PromptWise ends on top), as one path
 * each, clipped at the playback cursor; while the pointer is over a chart, a dot per algorithm at the
 * hovered t (all four charts: they share the hover).
 */
function SeriesLayer({ rows: rowsStore, algos, clipId }: { rows: ValueStore<CurveRow[]>; algos: AlgoInfo[]; clipId: string }) {
  const rows = useSyncExternalStore(rowsStore.subscribe, rowsStore.get, rowsStore.get);
  // Both axes are linear: the scales as x = x0 + kx·t and y = y0 + ky·v, so the paths are only re-built when
  // the data or the geometry change (recharts hands out new scale functions on many of its own updates).
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  const x0 = xScale?.(0) ?? NaN;
  const kx = (xScale?.(1) ?? NaN) - x0;
  const y0 = yScale?.(0) ?? NaN;
  const ky = (yScale?.(1) ?? NaN) - y0;
  const paths = useMemo(() => {
    if (![x0, kx, y0, ky].every(Number.isFinite)) return [];
    const px = (t: number) => roundPx(x0 + kx * t);
    const py = (v: number) => roundPx(y0 + ky * v);
    return algos.map((a) => {
      const line: string[] = [];
      const upper: string[] = [];
      const lower: string[] = [];
      for (const r of rows) {
        const m = r.mean[a.id];
        if (m === undefined || !Number.isFinite(m)) continue; // as connectNulls
        const x = px(r.t);
        const [lo, hi] = r.band[a.id];
        line.push(`${x},${py(m)}`);
        upper.push(`${x},${py(hi)}`);
        lower.push(`${x},${py(lo)}`);
      }
      lower.reverse();
      return {
        id: a.id,
        line: line.length > 0 ? `M${line.join('L')}` : '',
        band: upper.length > 0 ? `M${upper.join('L')}L${lower.join('L')}Z` : '',
      };
    });
  }, [rows, algos, x0, kx, y0, ky]);
  return (
    <g className="pw-series" clipPath={`url(#${clipId})`}>
      {paths.map((p) => (p.band ? <path key={`band-${p.id}`} d={p.band} fill={algoStyle(p.id).color} fillOpacity={0.12} stroke="none" /> : null))}
      {paths.map((p) => {
        if (!p.line) return null;
        const s = algoStyle(p.id);
        return <path key={p.id} d={p.line} fill="none" stroke={s.color} strokeWidth={s.width} strokeDasharray={s.dash} data-algo={p.id} />;
      })}
      <HoverDots
        r={3}
        valuesAt={(t) => {
          const row = rows.find((r) => r.t === t);
          return row && algos.map((a) => ({ id: a.id, value: row.mean[a.id] }));
        }}
      />
    </g>
  );
}

/** The hidden, testable readout: each algorithm's mean at the last drawn step (full precision). */
function FinalValues({
  metric,
  curves,
  algos,
  cursor,
}: {
  metric: CurveMetric;
  curves: Record<string, AlgoCurves>;
  algos: AlgoInfo[];
  cursor: ValueStore<number>;
}) {
  const t = useSyncExternalStore(cursor.subscribe, cursor.get, cursor.get);
  const info = METRIC_INFO[metric];
  const finals = lastPoints(
    curves,
    algos.map((a) => a.id),
    metric,
    t,
  );
  return (
    <HiddenList testId={`curve-final-${metric}`} label={`${info.title} at the cursor (t = ${t})`}>
      {finals.map(({ id, point }, i) =>
        point ? (
          <li key={id} data-algo={id} data-value={rawNumber(point.mean)} data-std={rawNumber(point.std)} data-t={point.t}>
            {algos[i].label}: {info.format(point.mean)} ± {fmt(point.std)} at t = {point.t}
          </li>
        ) : null,
      )}
    </HiddenList>
  );
}

function CurveTooltip({
  active,
  label,
  rows: rowsStore,
  metric,
  algos,
  cursor,
}: TooltipContentProps & { rows: ValueStore<CurveRow[]>; metric: CurveMetric; algos: AlgoInfo[]; cursor: number }) {
  const rows = useSyncExternalStore(rowsStore.subscribe, rowsStore.get, rowsStore.get);
  if (!active || label === undefined) return null;
  const row = rows.find((r) => r.t === Number(label));
  // Nothing is drawn after the cursor, so nothing is told about it either.
  if (!row || row.t > cursor) return null;
  const info = METRIC_INFO[metric];
  const items = algos
    .filter((a) => Number.isFinite(row.mean[a.id]))
    .sort((x, y) => (metric === 'cost' || metric === 'regret' ? row.mean[x.id] - row.mean[y.id] : row.mean[y.id] - row.mean[x.id]));
  return (
    <ChartTooltip
      head={`${info.title} · t = ${row.t}`}
      rows={items.map((a) => ({
        key: a.id,
        name: a.label,
        swatch: algoStyle(a.id).color,
        cells: [{ value: info.format(row.mean[a.id]) }, { value: `± ${metric === 'success' ? fmtPct(row.std[a.id]) : fmt(row.std[a.id], 2)}`, muted: true }],
      }))}
    />
  );
}
