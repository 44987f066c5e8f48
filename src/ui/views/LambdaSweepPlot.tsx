import { memo, useId, useMemo, useSyncExternalStore } from 'react';
import { ComposedChart, Tooltip, type TooltipContentProps, usePlotArea, useXAxisScale, useYAxisScale, XAxis, YAxis } from 'recharts';
import { fmt, fmtPct, fmtShort, fmtTick, rawNumber } from '../../engine/lab/format';
import { GridLines } from '../chart/GridLines';
import { HoverDots } from '../chart/HoverDots';
import { capTop, logScale, type NiceScale, niceScale, paddedScale } from '../chart/scales';
import { linePath, roundPx } from '../chart/svgPath';
import { algoDrawOrder, algoStyle } from '../palette';
import { ChartTooltip } from './ChartTooltip';
import {
  AlgoLegend,
  axisWidth,
  ChartState,
  chartHeight,
  HiddenList,
  NARROW_WIDTH,
  sameSweepProps,
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
import type { AlgoInfo, SweepPlotProps } from './props';
import { type LambdaRow, lambdaRows } from './series';

type SweepMetric = 'utility' | 'cost' | 'success';
const METRICS: SweepMetric[] = ['utility', 'cost', 'success'];

const INFO: Record<SweepMetric, { title: string; axis: string; format: (v: number) => string; tick: (v: number) => string }> = {
  utility: { title: 'Utility', axis: 'utility / prompt', format: (v) => fmt(v), tick: fmtTick },
  cost: { title: 'Cost', axis: 'cost / prompt', format: (v) => fmt(v), tick: fmtTick },
  success: { title: 'Success rate', axis: 'success rate', format: (v) => fmtPct(v), tick: (v) => fmtPct(v, 0) },
};

/**
 * The utility axis stops here: below −1 a model's cost outweighs a success by more than a whole success, and one
 * such line (Highest-cost at λ = 1 reaches −89) would squash every other line into a flat band at 0. Lines below
 * are cut at the axis's edge and named in the caption with their lowest value (issue 15, item 1).
 */
const UTILITY_FLOOR = -1;

const HEIGHT = 220;
const HEIGHT_STACKED = 180;
const STACK_WIDTH = 720;

/**
 * Utility, cost and success rate against λ (log axis), one line per algorithm, the current λ marked by a
 * vertical reference line. Three small multiples inside one figure (data-chart="lambda-sweep").
 */
export const LambdaSweepPlot = memo(function LambdaSweepPlot({ sweep, algos, current, loading }: SweepPlotProps) {
  const [rootRef, width] = useElementWidth<HTMLDivElement>();
  const narrow = width > 0 && width < NARROW_WIDTH;
  // Three side by side need room; below that they stack, a little shorter.
  const stacked = width > 0 && width < STACK_WIDTH;
  const captionId = useId();
  const height = stacked ? HEIGHT_STACKED : HEIGHT;
  const ids = useMemo(() => algos.map((a) => a.id), [algos]);
  const rows = useMemo(() => lambdaRows(sweep, ids), [sweep, ids]);
  const shown = useMemo(() => algos.filter((a) => rows.some((r) => r.by[a.id])), [algos, rows]);
  const xScale = useMemo(() => logScale([...rows.map((r) => r.x), ...(current > 0 ? [current] : [])]), [rows, current]);
  const dropped = sweep ? sweep.points.some((p) => !(p.x > 0)) : false;
  const labelOf = useMemo(() => new Map(algos.map((a) => [a.id, a.label])), [algos]);
  const empty = !loading && rows.length === 0;
  // Algorithms whose utility falls below the floor somewhere, with their lowest value.
  const belowFloor = useMemo(
    () =>
      shown.flatMap((a) => {
        const low = Math.min(...rows.map((r) => r.by[a.id]?.utility ?? Number.POSITIVE_INFINITY));
        return low < UTILITY_FLOOR ? [{ label: a.label, low }] : [];
      }),
    [rows, shown],
  );
  const scales = useMemo(() => {
    const out = {} as Record<SweepMetric, NiceScale>;
    for (const m of METRICS) out[m] = metricScale(rows, shown, m);
    return out;
  }, [rows, shown]);
  // One y-axis width for the three, so their λ axes line up when stacked.
  const yWidth = Math.max(...METRICS.map((m) => axisWidth(scales[m].ticks.map(INFO[m].tick))));
  // A new sweep (or λ) reaches the three charts one chart per task, never all three in one long task.
  const latest = useMemo(() => ({ rows, shown, scales, yWidth, xScale, current }), [rows, shown, scales, yWidth, xScale, current]);
  const staged = useStaggered(latest, METRICS.length);

  return (
    <div className="pw-sweep" data-testid="lambda-sweep-plot" ref={rootRef}>
      <figure className="pw-figure" data-chart="lambda-sweep" aria-labelledby={captionId} aria-busy={loading || undefined}>
        <figcaption id={captionId} className="pw-figcaption">
          <span className="pw-fig-title">Sweeping the cost weight λ</span>
          <span className="pw-fig-note">
            {/* Said of the charts drawn: before a sweep's first round there is no axis or line. */}
            {rows.length > 0 && `log λ axis; dashed line: current λ = ${fmtShort(current)}`}
            {dropped ? '; λ = 0 is not drawn on a log axis' : ''}
            {belowFloor.length > 0 && (
              <span data-testid="lambda-utility-cut">
                ; utility axis cut at {fmtTick(UTILITY_FLOOR)}: {belowFloor.map((b) => `${b.label} falls to ${fmtShort(b.low)}`).join(', ')}
              </span>
            )}
          </span>
        </figcaption>
        {shown.length > 0 && <AlgoLegend algos={shown} />}
        {loading && rows.length === 0 ? (
          <ChartState kind="loading" height={height}>
            Sweeping λ…
          </ChartState>
        ) : empty ? (
          <ChartState kind="empty" height={height}>
            No λ sweep yet: run one to see how the cost weight moves each algorithm.
          </ChartState>
        ) : (
          <div className={`pw-grid-3${stacked ? ' pw-stacked' : ''}${loading ? ' pw-stale' : ''}`}>
            {METRICS.map((m, i) => (
              <SweepChart
                key={m}
                metric={m}
                yScale={staged[i].scales[m]}
                yWidth={staged[i].yWidth}
                rows={staged[i].rows}
                algos={staged[i].shown}
                current={staged[i].current}
                xScale={staged[i].xScale}
                height={height}
                narrow={narrow}
              />
            ))}
          </div>
        )}
        <HiddenList testId="lambda-points" label="Utility, cost and success per algorithm and λ">
          {(sweep?.points ?? [])
            .filter((p) => labelOf.has(p.algo))
            .map((p) => (
              <li
                key={`${p.algo}-${p.x}`}
                data-algo={p.algo}
                data-x={rawNumber(p.x)}
                data-utility={rawNumber(p.utility)}
                data-cost={rawNumber(p.cost)}
                data-success={rawNumber(p.success)}
                data-current={p.x === current ? 'true' : undefined}
              >
                {labelOf.get(p.algo)}, λ = {p.x}: utility {fmt(p.utility)}, cost {fmt(p.cost)}, success {fmtPct(p.success)}
              </li>
            ))}
        </HiddenList>
      </figure>
    </div>
  );
}, sameSweepProps);

/** y scale of one metric over every algorithm and λ (success stays in [0, 1], cost starts at 0). */
function metricScale(rows: LambdaRow[], algos: AlgoInfo[], metric: SweepMetric): NiceScale {
  const vals = rows.flatMap((r) => algos.map((a) => r.by[a.id]?.[metric]).filter((v): v is number => Number.isFinite(v)));
  if (vals.length === 0) return niceScale(0, 1);
  if (metric === 'success') return capTop(paddedScale(vals, [0, 1], 4), 1);
  if (metric === 'cost') return paddedScale([0, ...vals], [0, Infinity], 4);
  return capTop(
    paddedScale(
      vals.map((v) => Math.max(v, UTILITY_FLOOR)),
      [UTILITY_FLOOR, 1],
      4,
    ),
    1,
  );
}

interface SweepChartProps {
  metric: SweepMetric;
  yScale: NiceScale;
  yWidth: number;
  rows: LambdaRow[];
  algos: AlgoInfo[];
  current: number;
  /** The λ axis (log). */
  xScale: NiceScale;
  height: number;
  narrow: boolean;
}

const SweepChart = memo(function SweepChart(props: SweepChartProps) {
  const { metric, yWidth, rows, algos, current, height, narrow } = props;
  const info = INFO[metric];
  const costAxis = useCostLabel(info.axis);
  const axis = metric === 'cost' ? costAxis : info.axis;
  const order = useMemo(() => [...algos].sort((a, b) => algoDrawOrder(a.id) - algoDrawOrder(b.id)), [algos]);
  // The three share a hover cursor (syncId); only the one under the pointer shows its tooltip.
  const [hovered, hoverHandlers] = useHovered();
  const [boxRef, box, complete] = useChartBox<HTMLDivElement>();
  const clipId = `pw-clip-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // The rows and the current λ reach the series through stores, and the axes stay the same objects while their
  // values do: a sweep's next round or a new λ that keeps the axes re-draws the series alone, not recharts' chart.
  const rowsStore = useValueStore(rows);
  const currentStore = useValueStore(current);
  const yScale = useSameValue(props.yScale);
  const xScale = useSameValue(props.xScale);
  // Recharts gets only the λ grid (for the hover).
  const grid = useSameValue(rows.map((r) => ({ x: r.x })));
  const margin = useMemo(() => ({ top: 8, right: narrow ? 10 : 12, bottom: 18, left: 4 }), [narrow]);

  return (
    <div className="pw-subchart" data-metric={metric}>
      <div className="pw-subchart-title">{info.title}</div>
      <div
        ref={boxRef}
        className="pw-chart"
        role="img"
        aria-label={`${info.title} (${axis}) against λ on a log axis for ${algos.map((a) => a.label).join(', ')}.`}
        style={chartHeight(height)}
        {...hoverHandlers}
      >
        {box && (
          <ComposedChart width={box.width} height={box.height} data={grid} margin={margin} syncId="pw-lambda" syncMethod="value">
            <GridLines yTicks={yScale.ticks} />
            <XAxis {...xAxisProps({ dataKey: 'x', domain: xScale.domain, ticks: xScale.ticks, tickFormatter: fmtTick, label: 'λ (log scale)' })} scale="log" />
            <YAxis {...yAxisProps({ domain: yScale.domain, ticks: yScale.ticks, tickFormatter: info.tick, width: yWidth, label: axis })} />
            {complete && (
              <>
                <Tooltip
                  content={(p: TooltipContentProps) => (hovered ? <LambdaTooltip {...p} rows={rowsStore} metric={metric} algos={algos} /> : null)}
                  isAnimationActive={false}
                  wrapperStyle={TOOLTIP_VISIBLE}
                  cursor={{ stroke: '#94a3b8', strokeDasharray: '3 3' }}
                />
                {/* Recharts' Line re-ran the whole chart for every new round of the sweep and every λ (three charts
                    each time). The series are plain paths from the chart's scales; the tooltip finds its row by the
                    hovered λ. */}
                <SweepSeries rows={rowsStore} current={currentStore} algos={order} metric={metric} clipId={clipId} />
              </>
            )}
          </ComposedChart>
        )}
      </div>
    </div>
  );
});

const DOT_R = 2.5;

/**
 * The current λ as a dashed vertical line, then each algorithm's line through its swept values (in draw order,
 * PromptWise on top) with a dot at each, and the hover dots. The lines are clipped at the plot area (a utility
 * below the axis' floor leaves at its edge), the dots at the plot area widened by their radius.
 */
function SweepSeries({
  rows: rowsStore,
  current: currentStore,
  algos,
  metric,
  clipId,
}: {
  rows: ValueStore<LambdaRow[]>;
  current: ValueStore<number>;
  algos: AlgoInfo[];
  metric: SweepMetric;
  clipId: string;
}) {
  const rows = useSyncExternalStore(rowsStore.subscribe, rowsStore.get, rowsStore.get);
  const current = useSyncExternalStore(currentStore.subscribe, currentStore.get, currentStore.get);
  const plot = usePlotArea();
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  if (!plot || !xScale || !yScale) return null;
  const at = (x: number, v: number | undefined): [number, number] | null => {
    const px = xScale(x);
    const py = v === undefined ? undefined : yScale(v);
    return px !== undefined && py !== undefined && Number.isFinite(px) && Number.isFinite(py) ? [roundPx(px), roundPx(py)] : null;
  };
  const series = algos.map((a) => ({
    id: a.id,
    // Missing values are skipped, joining their neighbours (as recharts' connectNulls).
    points: rows.map((r) => at(r.x, r.by[a.id]?.[metric])).filter((p): p is [number, number] => p !== null),
  }));
  const currentX = current > 0 ? xScale(current) : undefined;
  const lines = `${clipId}-lines`;
  const dots = `${clipId}-dots`;
  return (
    <g className="pw-series">
      <defs>
        <clipPath id={lines}>
          <rect x={plot.x} y={plot.y} width={plot.width} height={plot.height} />
        </clipPath>
        <clipPath id={dots}>
          <rect x={plot.x - DOT_R} y={plot.y - DOT_R} width={plot.width + 2 * DOT_R} height={plot.height + 2 * DOT_R} />
        </clipPath>
      </defs>
      {currentX !== undefined && Number.isFinite(currentX) && (
        <line
          className="pw-current-x"
          x1={currentX}
          x2={currentX}
          y1={plot.y}
          y2={plot.y + plot.height}
          stroke="#17212b"
          strokeOpacity={0.55}
          strokeDasharray="4 3"
        />
      )}
      <g clipPath={`url(#${lines})`}>
        {series.map(({ id, points }) => {
          if (points.length === 0) return null;
          const s = algoStyle(id);
          return <path key={id} d={linePath(points)} fill="none" stroke={s.color} strokeWidth={s.width} strokeDasharray={s.dash} data-algo={id} />;
        })}
      </g>
      <g clipPath={`url(#${dots})`}>
        {series.map(({ id, points }) => (
          <g key={id} fill={algoStyle(id).color}>
            {points.map(([x, y]) => (
              <circle key={x} cx={x} cy={y} r={DOT_R} />
            ))}
          </g>
        ))}
        <HoverDots
          r={4}
          valuesAt={(x) => {
            const row = rows.find((r) => r.x === x);
            return row && algos.map((a) => ({ id: a.id, value: row.by[a.id]?.[metric] }));
          }}
        />
      </g>
    </g>
  );
}

function LambdaTooltip({
  active,
  label,
  rows: rowsStore,
  metric,
  algos,
}: TooltipContentProps & { rows: ValueStore<LambdaRow[]>; metric: SweepMetric; algos: AlgoInfo[] }) {
  const rows = useSyncExternalStore(rowsStore.subscribe, rowsStore.get, rowsStore.get);
  if (!active || label === undefined) return null;
  const row = rows.find((r) => r.x === Number(label));
  if (!row) return null;
  const info = INFO[metric];
  const items = algos.filter((a) => row.by[a.id]);
  items.sort((x, y) => (metric === 'cost' ? row.by[x.id].cost - row.by[y.id].cost : row.by[y.id][metric] - row.by[x.id][metric]));
  return (
    <ChartTooltip
      head={`${info.title} · λ = ${row.x}`}
      rows={items.map((a) => ({ key: a.id, name: a.label, swatch: algoStyle(a.id).color, cells: [{ value: info.format(row.by[a.id][metric]) }] }))}
    />
  );
}
