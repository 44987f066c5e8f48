import { memo, useId, useMemo } from 'react';
import { Scatter, ScatterChart, Tooltip, type TooltipContentProps, XAxis, YAxis } from 'recharts';
import { fmt, fmtPct, fmtShort, fmtTick, rawNumber } from '../../engine/lab/format';
import type { SweepPoint } from '../../engine/lab/types';
import { GridLines } from '../chart/GridLines';
import { type LabelPlacement, type LabelRequest, placeLabels } from '../chart/labels';
import { capTop, logScale, paddedScale, wantsLog } from '../chart/scales';
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
  useChartBox,
  useElementWidth,
  useStaggered,
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
    // Labels stay inside the plot area: recharts clips its series there.
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
          {complete && (
            <Tooltip
              content={(p: TooltipContentProps) => <PointTooltip {...p} paramName={paramName} />}
              isAnimationActive={false}
              cursor={{ strokeDasharray: '3 3', stroke: '#94a3b8' }}
            />
          )}
          {complete &&
            layout.data.map((s) => {
              const st = algoStyle(s.id);
              return (
                <Scatter
                  key={s.id}
                  name={labelOf.get(s.id) ?? s.id}
                  data={s.points}
                  fill={st.color}
                  line={{ stroke: st.color, strokeWidth: 1.5, strokeDasharray: st.dash, strokeOpacity: 0.75 }}
                  lineType="joint"
                  shape={(props: unknown) => <TradeoffDot {...(props as DotProps)} color={st.color} />}
                  isAnimationActive={false}
                />
              );
            })}
        </ScatterChart>
      ),
    [layout, margin, chartBox, complete, paramName, labelOf],
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

interface DotProps {
  cx?: number;
  cy?: number;
  payload?: TradeoffDatum;
}

function TradeoffDot({ cx, cy, payload, color }: DotProps & { color: string }) {
  if (cx === undefined || cy === undefined || !payload || !Number.isFinite(cx) || !Number.isFinite(cy)) return <g />;
  const big = payload.current;
  return (
    <g className="pw-tradeoff-dot">
      {big && <circle cx={cx} cy={cy} r={9} fill="none" stroke={color} strokeWidth={1.5} strokeOpacity={0.85} />}
      <circle cx={cx} cy={cy} r={big ? 5.5 : 3.5} fill={color} stroke="#fff" strokeWidth={1.25} />
      {payload.label && payload.place?.visible && (
        <text
          x={cx + payload.place.dx}
          y={cy + payload.place.dy}
          textAnchor={payload.place.anchor}
          fontSize={big ? 11 : 10}
          fontWeight={big ? 700 : 500}
          fill={color}
          stroke="#fff"
          strokeWidth={3}
          paintOrder="stroke"
          strokeLinejoin="round"
        >
          {payload.label}
        </text>
      )}
    </g>
  );
}

function PointTooltip({ active, payload, paramName }: TooltipContentProps & { paramName: string }) {
  if (!active || !payload || payload.length === 0) return null;
  const d = payload[0]?.payload as TradeoffDatum | undefined;
  if (!d) return null;
  const st = algoStyle(d.algo);
  return (
    <ChartTooltip
      head={`${d.algoLabel} · ${paramName} = ${d.x}${d.current ? ' (current)' : ''}`}
      swatch={st.color}
      rows={[
        { key: 'cost', name: 'avg cost', cells: [{ value: fmt(d.cost) }] },
        { key: 'success', name: 'success', cells: [{ value: fmtPct(d.success) }] },
        { key: 'utility', name: 'utility', cells: [{ value: fmt(d.utility) }] },
      ]}
    />
  );
}
