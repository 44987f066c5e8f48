import { memo, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { ScatterChart, useXAxisScale, useYAxisScale, XAxis, YAxis } from 'recharts';
import { fmt, fmtPct, fmtShort, fmtTick, rawNumber } from '../../engine/lab/format';
import type { SweepPoint } from '../../engine/lab/types';
import { GridLines } from '../chart/GridLines';
import { type LabelPlacement, type LabelRequest, placeLabels } from '../chart/labels';
import { capTop, logScale, paddedScale, wantsLog } from '../chart/scales';
import { linePath } from '../chart/svgPath';
import { algoDrawOrder, algoStyle } from '../palette';
import { ChartTooltip } from './ChartTooltip';
import {
  AlgoLegend,
  axisWidth,
  ChartState,
  chartHeight,
  createValueStore,
  HiddenList,
  NARROW_WIDTH,
  sameSweepProps,
  useChartBox,
  useElementWidth,
  useStaggered,
  type ValueStore,
  type WritableStore,
  xAxisProps,
  yAxisProps,
} from './common';
import type { SweepPlotProps } from './props';
import { paramSymbol, sweepSeries, tradeoffLabels } from './series';

/** A drawn point: the sweep point plus its label and whether it is the current setting. */
interface TradeoffDatum extends SweepPoint {
  label: string;
  /** Where the label goes (placed so no two labels overlap); null or invisible: no label. */
  place: LabelPlacement | null;
  current: boolean;
  algoLabel: string;
}

const HEIGHT = 340;
const HEIGHT_NARROW = 300;

/**
 * The paper's Figure 4: average cost (x) against success rate (y), one point per algorithm per value of the
 * swept τ_max, the points of an algorithm joined in τ order and labelled with τ; the current τ_max is ringed.
 * The cost axis turns logarithmic when costs span more than ~1.5 decades.
 */
export const TradeoffPlot = memo(function TradeoffPlot({ sweep, algos, current, loading }: SweepPlotProps) {
  const [rootRef, width] = useElementWidth<HTMLDivElement>();
  const [chartRef, chartBox, complete] = useChartBox<HTMLDivElement>();
  const narrow = width > 0 && width < NARROW_WIDTH;
  const captionId = useId();
  const minHeight = narrow ? HEIGHT_NARROW : HEIGHT;
  const ids = useMemo(() => algos.map((a) => a.id), [algos]);
  const series = useMemo(() => sweepSeries(sweep, ids), [sweep, ids]);
  const labelOf = useMemo(() => new Map(algos.map((a) => [a.id, a.label])), [algos]);
  const param = sweep?.param ?? 'tauMax';
  const sym = paramSymbol(param);
  const paramName = sym === 'τ' ? 'τ_max' : sym;
  // The point under the pointer, with its place in the chart (px): the tooltip is drawn beside it.
  const [hovered] = useState(() => createValueStore<HoveredPoint | null>(null));
  const margin = useMemo(() => ({ top: 14, right: narrow ? 14 : 22, bottom: 22, left: 6 }), [narrow]);
  // New points reach the chart in its turn (one chart per frame, page-wide), not in the commit that brought them.
  const [drawn] = useStaggered(
    useMemo(() => ({ series, current }), [series, current]),
    1,
  );

  const layout = useMemo(() => {
    const { series, current } = drawn;
    const costs = series.flatMap((s) => s.points.map((p) => p.cost));
    const succ = series.flatMap((s) => s.points.map((p) => p.success));
    const log = wantsLog(costs);
    const x = log ? logScale(costs) : paddedScale(costs, [0, Infinity]);
    const y = capTop(paddedScale(succ, [0, 1]), 1);
    const yWidth = axisWidth(y.ticks.map((v) => fmtPct(v, 0)));
    // Pixel geometry of the plot area (recharts: margins, the y axis' width, the x axis' default 30 px).
    const W = chartBox?.width ?? 480;
    const H = chartBox?.height ?? minHeight;
    const left = margin.left + yWidth;
    const right = W - margin.right;
    const top = margin.top;
    const bottom = H - margin.bottom - 30;
    const [x0, x1] = x.domain;
    const [y0, y1] = y.domain;
    const px = (c: number) =>
      left + (log ? (Math.log10(c) - Math.log10(x0)) / (Math.log10(x1) - Math.log10(x0) || 1) : (c - x0) / (x1 - x0 || 1)) * (right - left);
    const py = (v: number) => bottom - ((v - y0) / (y1 - y0 || 1)) * (bottom - top);
    const toPx = (c: number, v: number): [number, number] => [px(c), py(v)];

    const requests: LabelRequest[] = [];
    const dots: { x: number; y: number; r: number }[] = [];
    const merged = new Map<string, string[]>();
    for (const s of series) {
      const labels = tradeoffLabels(s.points, toPx, 9);
      merged.set(s.id, labels);
      s.points.forEach((p, i) => {
        const isCurrent = p.x === current;
        dots.push({ x: px(p.cost), y: py(p.success), r: isCurrent ? 9 : 4 });
        if (!labels[i]) return;
        const ends = i === 0 || i === s.points.length - 1 ? 0.5 : 0;
        requests.push({
          key: `${s.id}|${p.x}`,
          x: px(p.cost),
          y: py(p.success),
          r: isCurrent ? 9 : 4,
          text: labels[i],
          fontSize: isCurrent ? 11 : 10,
          priority: isCurrent ? 100 : algoDrawOrder(s.id) + ends,
        });
      });
    }
    // Labels stay inside the plot area.
    const placement = placeLabels(requests, dots, { left, top, right, bottom }, 100);
    const data = [...series]
      .sort((a, b) => algoDrawOrder(a.id) - algoDrawOrder(b.id))
      .map((s) => ({
        id: s.id,
        points: s.points.map<TradeoffDatum>((p, i) => ({
          ...p,
          label: merged.get(s.id)?.[i] ?? '',
          place: placement.get(`${s.id}|${p.x}`) ?? null,
          current: p.x === current,
          algoLabel: labelOf.get(s.id) ?? s.id,
        })),
      }));
    return { log, x, y, yWidth, data };
  }, [drawn, labelOf, chartBox, minHeight, margin]);

  // The chart itself, rebuilt only when what it draws changes: a sweep going stale (loading) only dims it, and
  // re-rendering recharts' scatter of 13 series for that was a long main-thread task on every parameter change.
  const chart = useMemo(
    () =>
      chartBox && (
        <ScatterChart width={chartBox.width} height={chartBox.height} margin={margin}>
          <GridLines yTicks={layout.y.ticks} xTicks={layout.x.ticks} />
          <XAxis
            {...xAxisProps({
              dataKey: 'cost',
              domain: layout.x.domain,
              ticks: layout.x.ticks,
              tickFormatter: fmtTick,
              label: 'average cost per prompt',
              labelOffset: -14,
            })}
            name="cost"
            scale={layout.log ? 'log' : 'linear'}
          />
          <YAxis
            {...yAxisProps({ domain: layout.y.domain, ticks: layout.y.ticks, tickFormatter: (v) => fmtPct(v, 0), width: layout.yWidth, label: 'success rate' })}
            dataKey="success"
            name="success"
          />
          {/* Recharts' Scatter drew each point as components of its own (up to 13 series, ~80 points) and re-ran the
              chart for every round of the sweep; the series are plain SVG from the chart's scales, and a point
              under the pointer shows its tooltip (`hovered`). */}
          {complete && <TradeoffSeries data={layout.data} hovered={hovered} />}
        </ScatterChart>
      ),
    [layout, margin, chartBox, complete, hovered],
  );

  const shown = algos.filter((a) => series.some((s) => s.id === a.id));
  const hasCurrent = series.some((s) => s.points.some((p) => p.x === current));
  const empty = !loading && series.length === 0;

  return (
    <div className="pw-sweep" data-testid="tradeoff-plot" ref={rootRef}>
      <figure className="pw-figure pw-fill" data-chart="tradeoff" aria-labelledby={captionId} aria-busy={loading || undefined}>
        <figcaption id={captionId} className="pw-figcaption">
          <span className="pw-fig-title">Cost against success, per {paramName}</span>
          <span className="pw-fig-note">
            labels: {paramName};{' '}
            {hasCurrent
              ? `ringed: the current ${paramName} = ${fmtShort(current)}`
              : `the current ${paramName} = ${fmtShort(current)} is not among the swept values`}
            {layout.log ? '; cost on a log scale' : ''}
          </span>
        </figcaption>
        {shown.length > 0 && <AlgoLegend algos={shown} />}
        {loading && series.length === 0 ? (
          <ChartState kind="loading" height={minHeight}>
            Sweeping {paramName}…
          </ChartState>
        ) : empty ? (
          <ChartState kind="empty" height={minHeight}>
            No sweep yet: run one to compare cost and success across {sym === 'τ' ? 'budgets' : 'values'}.
          </ChartState>
        ) : (
          <div
            ref={chartRef}
            className={loading ? 'pw-chart pw-grow pw-stale' : 'pw-chart pw-grow'}
            role="img"
            aria-label={`Scatter of average cost against success rate for ${shown.map((a) => a.label).join(', ')}, one point per ${paramName} value (${(sweep?.values ?? []).join(', ')}).`}
            style={chartHeight(minHeight)}
          >
            {chart}
            <PointTooltip hovered={hovered} paramName={paramName} width={chartBox?.width ?? 0} />
          </div>
        )}
        <HiddenList testId="tradeoff-points" label={`Cost and success per algorithm and ${paramName}`}>
          {series.flatMap((s) =>
            s.points.map((p) => (
              <li
                key={`${s.id}-${p.x}`}
                data-algo={s.id}
                data-x={rawNumber(p.x)}
                data-cost={rawNumber(p.cost)}
                data-success={rawNumber(p.success)}
                data-utility={rawNumber(p.utility)}
                data-current={p.x === current ? 'true' : undefined}
              >
                {labelOf.get(s.id)}, {paramName} = {p.x}: cost {fmt(p.cost)}, success {fmtPct(p.success)}, utility {fmt(p.utility)}
              </li>
            )),
          )}
        </HiddenList>
      </figure>
    </div>
  );
}, sameSweepProps);

interface HoveredPoint {
  datum: TradeoffDatum;
  x: number;
  y: number;
}

/**
 * Each algorithm's points joined in τ order, then every point with its label (the current setting ringed), the
 * dots above every line. A point under the pointer is written to `hovered`.
 */
function TradeoffSeries({ data, hovered }: { data: { id: string; points: TradeoffDatum[] }[]; hovered: WritableStore<HoveredPoint | null> }) {
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  // New points (the sweep's next round): a tooltip must not describe the old ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is for new data, which it does not read
  useEffect(() => hovered.set(null), [data, hovered]);
  if (!xScale || !yScale) return null;
  const placed = data.map((s) => ({
    id: s.id,
    points: s.points.flatMap((d) => {
      const x = xScale(d.cost);
      const y = yScale(d.success);
      return x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y) ? [{ d, x, y }] : [];
    }),
  }));
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer's hover card; every point's figures are in the chart's list for screen readers
    <g className="pw-series" onMouseLeave={() => hovered.set(null)}>
      {placed.map(({ id, points }) => {
        const st = algoStyle(id);
        if (points.length < 2) return null;
        return (
          <path
            key={id}
            d={linePath(points.map((p) => [p.x, p.y] as const))}
            fill="none"
            stroke={st.color}
            strokeWidth={1.5}
            strokeDasharray={st.dash}
            strokeOpacity={0.75}
            data-algo={id}
          />
        );
      })}
      {placed.map(({ id, points }) => (
        <g key={id}>
          {points.map((p) => (
            <TradeoffDot key={p.d.x} x={p.x} y={p.y} datum={p.d} color={algoStyle(id).color} onHover={() => hovered.set({ datum: p.d, x: p.x, y: p.y })} />
          ))}
        </g>
      ))}
    </g>
  );
}

function TradeoffDot({ x, y, datum, color, onHover }: { x: number; y: number; datum: TradeoffDatum; color: string; onHover: () => void }) {
  const big = datum.current;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer's hover card; every point's figures are in the chart's list for screen readers
    <g className="pw-tradeoff-dot" data-algo={datum.algo} data-x={rawNumber(datum.x)} onMouseEnter={onHover}>
      {big && <circle cx={x} cy={y} r={9} fill="none" stroke={color} strokeWidth={1.5} strokeOpacity={0.85} />}
      {/* A wider transparent target than the dot itself, so the pointer finds it. */}
      <circle cx={x} cy={y} r={8} fill="transparent" />
      <circle cx={x} cy={y} r={big ? 5.5 : 3.5} fill={color} stroke="#fff" strokeWidth={1.25} />
      {datum.label && datum.place?.visible && (
        <text
          x={x + datum.place.dx}
          y={y + datum.place.dy}
          textAnchor={datum.place.anchor}
          fontSize={big ? 11 : 10}
          fontWeight={big ? 700 : 500}
          fill={color}
          stroke="#fff"
          strokeWidth={3}
          paintOrder="stroke"
          strokeLinejoin="round"
        >
          {datum.label}
        </text>
      )}
    </g>
  );
}

/** The hovered point's algorithm, setting, cost, success and utility, beside the point (flipped left near the right edge). */
function PointTooltip({ hovered, paramName, width }: { hovered: ValueStore<HoveredPoint | null>; paramName: string; width: number }) {
  const point = useSyncExternalStore(hovered.subscribe, hovered.get, hovered.get);
  if (!point) return null;
  const d = point.datum;
  const st = algoStyle(d.algo);
  const left = point.x > width / 2;
  return (
    <div
      className="pw-tooltip-float"
      style={{ left: point.x, top: point.y, transform: left ? 'translate(calc(-100% - 12px), -50%)' : 'translate(12px, -50%)' }}
      role="presentation"
      data-export-skip=""
    >
      <ChartTooltip
        head={`${d.algoLabel} · ${paramName} = ${d.x}${d.current ? ' (current)' : ''}`}
        swatch={st.color}
        rows={[
          { key: 'cost', name: 'avg cost', cells: [{ value: fmt(d.cost) }] },
          { key: 'success', name: 'success', cells: [{ value: fmtPct(d.success) }] },
          { key: 'utility', name: 'utility', cells: [{ value: fmt(d.utility) }] },
        ]}
      />
    </div>
  );
}
