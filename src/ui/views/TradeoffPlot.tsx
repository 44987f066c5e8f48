import { type KeyboardEvent, memo, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ScatterChart, usePlotArea, useXAxisScale, useYAxisScale, XAxis, YAxis } from 'recharts';
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
import { useCostLabel } from './costUnit';
import type { SweepPlotProps } from './props';
import { paramSymbol, sweepSeries, tradeoffLabels } from './series';

/** A drawn point: the sweep point, whether it is the current setting, and its algorithm's name. */
interface TradeoffDatum extends SweepPoint {
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
    const data = [...series]
      .sort((a, b) => algoDrawOrder(a.id) - algoDrawOrder(b.id))
      .map((s) => ({
        id: s.id,
        points: s.points.map<TradeoffDatum>((p) => ({ ...p, current: p.x === current, algoLabel: labelOf.get(s.id) ?? s.id })),
      }));
    return { log, x, y, yWidth, data };
  }, [drawn, labelOf]);

  // The chart itself, rebuilt only when what it draws changes: a sweep going stale (loading) only dims it, and
  // re-rendering recharts' scatter of 13 series for that was a long main-thread task on every parameter change.
  const costAxis = useCostLabel('average cost per prompt');
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
              label: costAxis,
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
          {complete && <TradeoffSeries data={layout.data} hovered={hovered} paramName={paramName} />}
        </ScatterChart>
      ),
    [layout, margin, chartBox, complete, hovered, paramName, costAxis],
  );

  const shown = algos.filter((a) => series.some((s) => s.id === a.id));
  const hasCurrent = series.some((s) => s.points.some((p) => p.x === current));
  const empty = !loading && series.length === 0;

  return (
    <div className="pw-sweep pw-fill" data-testid="tradeoff-plot" ref={rootRef}>
      <figure className="pw-figure pw-fill" data-chart="tradeoff" aria-labelledby={captionId} aria-busy={loading || undefined}>
        <figcaption id={captionId} className="pw-figcaption">
          <span className="pw-fig-title">Cost against success, per {paramName}</span>
          <span className="pw-fig-note">
            {/* Said of the points drawn: before a sweep's first round there are none to label or ring. */}
            {series.length > 0 &&
              [
                `labels: ${paramName}`,
                hasCurrent
                  ? `ringed: the current ${paramName} = ${fmtShort(current)}`
                  : `the current ${paramName} = ${fmtShort(current)} is not among the swept values`,
                ...(layout.log ? ['cost on a log scale'] : []),
              ].join('; ')}
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
          // biome-ignore lint/a11y/useSemanticElements: a chart's drawing area, not a form's fieldset; a group, not an image, since it holds the points' listbox, which the keyboard enters
          <div
            ref={chartRef}
            className={loading ? 'pw-chart pw-grow pw-stale' : 'pw-chart pw-grow'}
            role="group"
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
                {describePoint(labelOf.get(s.id) ?? s.id, paramName, { ...p, current: p.x === current })}
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
 * dots above every line. A point under the pointer is written to `hovered`, and so is the keyboard's: the series
 * are one tab stop (an ARIA listbox whose options are the points), where ←/→ move along an algorithm's τ values,
 * ↑/↓ to the next algorithm at the same τ, Home/End to its ends, and Escape hides the card. The active point is
 * named to assistive technology by aria-activedescendant, set from the store so that a move re-renders no dot.
 */
function TradeoffSeries({
  data,
  hovered,
  paramName,
}: {
  data: { id: string; points: TradeoffDatum[] }[];
  hovered: WritableStore<HoveredPoint | null>;
  paramName: string;
}) {
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  const plot = usePlotArea();
  const baseId = useId();
  const groupRef = useRef<SVGGElement>(null);
  // New points (the sweep's next round): a tooltip must not describe the old ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is for new data, which it does not read
  useEffect(() => hovered.set(null), [data, hovered]);
  useEffect(() => {
    const follow = () => {
      const point = hovered.get();
      const group = groupRef.current;
      if (!group) return;
      if (point) group.setAttribute('aria-activedescendant', pointId(baseId, point.datum));
      else group.removeAttribute('aria-activedescendant');
    };
    follow();
    return hovered.subscribe(follow);
  }, [hovered, baseId]);
  // Points in pixels and their labels, again only when the points or the chart's geometry change (not on every
  // render recharts gives its children).
  const px = plot?.x;
  const py = plot?.y;
  const pw = plot?.width;
  const ph = plot?.height;
  const drawn = useMemo(() => {
    if (!xScale || !yScale || px === undefined || py === undefined || pw === undefined || ph === undefined) return null;
    const placed: Placed = data
      .map((s) => ({
        id: s.id,
        points: s.points.flatMap((d) => {
          const x = xScale(d.cost);
          const y = yScale(d.success);
          return x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y) ? [{ d, x, y }] : [];
        }),
      }))
      .filter((s) => s.points.length > 0);
    const toPx = (cost: number, success: number): [number, number] => [xScale(cost) ?? Number.NaN, yScale(success) ?? Number.NaN];
    return { placed, labels: placeTradeoffLabels(placed, toPx, { x: px, y: py, width: pw, height: ph }) };
  }, [data, xScale, yScale, px, py, pw, ph]);
  if (!drawn) return null;
  const { placed, labels } = drawn;
  const show = (si: number, pi: number) => {
    const p = placed[si].points[pi];
    hovered.set({ datum: p.d, x: p.x, y: p.y });
  };
  const onKeyDown = (e: KeyboardEvent<SVGGElement>) => {
    if (e.key === 'Escape') {
      // Hiding the card is all this Escape does (not also leaving presentation mode, say).
      if (hovered.get()) e.preventDefault();
      hovered.set(null);
      return;
    }
    if (!MOVE_KEYS.has(e.key)) return; // Tab and the lab's own keys go on as everywhere else
    const now = hovered.get();
    const si = now ? placed.findIndex((s) => s.id === now.datum.algo) : -1;
    const pi = now && si >= 0 ? placed[si].points.findIndex((p) => p.d.x === now.datum.x) : -1;
    const to = si < 0 || pi < 0 ? startingPoint(placed) : keyMove(e.key, placed, si, pi);
    if (!to) return;
    e.preventDefault();
    show(to[0], to[1]);
  };
  return (
    <g
      ref={groupRef}
      className="pw-series"
      role="listbox"
      tabIndex={placed.length > 0 ? 0 : -1}
      aria-label={`Points, one per algorithm and ${paramName}: arrow keys move between them`}
      onMouseLeave={() => hovered.set(null)}
      onFocus={() => {
        const start = startingPoint(placed);
        if (hovered.get() === null && start) show(start[0], start[1]);
      }}
      onBlur={() => hovered.set(null)}
      onKeyDown={onKeyDown}
    >
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
          {points.map((p) => {
            const label = labels.get(`${id}|${p.d.x}`) ?? null;
            // A shared label ("1–16": the points overlap) is text of this option, so its name says it too.
            const shared = label !== null && label.text !== String(p.d.x) ? label.text : undefined;
            return (
              <TradeoffDot
                key={p.d.x}
                label={label}
                id={pointId(baseId, p.d)}
                name={describePoint(p.d.algoLabel, paramName, p.d, shared)}
                x={p.x}
                y={p.y}
                datum={p.d}
                color={algoStyle(id).color}
                onHover={() => hovered.set({ datum: p.d, x: p.x, y: p.y })}
              />
            );
          })}
        </g>
      ))}
      <ActiveRing hovered={hovered} />
    </g>
  );
}

/**
 * A point in words: the chart's list for screen readers and each point's option name say the same. `shared`: the
 * label this point shows for the points that overlap it ("1–16"), which its option's name then holds too.
 */
function describePoint(algoLabel: string, paramName: string, p: SweepPoint & { current: boolean }, shared?: string): string {
  // Not in parentheses: a name's parenthetical does not count as holding the visible label (axe-core's rule).
  const overlap = shared ? `, where the points of ${paramName} = ${shared} overlap` : '';
  return `${algoLabel}, ${paramName} = ${p.x}${p.current ? ' (current)' : ''}${overlap}: average cost ${fmt(p.cost)}, success ${fmtPct(p.success)}, utility ${fmt(p.utility)}`;
}

type Placed = { id: string; points: { d: TradeoffDatum; x: number; y: number }[] }[];

/**
 * Each point's τ label and where it goes, from the points' places in the chart (recharts' own scales, the plot area
 * as bounds): points of an algorithm within 9 px share one label ("1–5"), and no two labels overlap each other or a
 * dot (placeLabels; the current setting's labels first, then by draw order, an algorithm's ends before its middle).
 * Keyed `algo|x`; a point without a label has no entry.
 */
function placeTradeoffLabels(
  placed: Placed,
  toPx: (cost: number, success: number) => [number, number],
  plot: { x: number; y: number; width: number; height: number },
): Map<string, { text: string; place: LabelPlacement }> {
  const requests: LabelRequest[] = [];
  const dots: { x: number; y: number; r: number }[] = [];
  const texts = new Map<string, string>();
  for (const s of placed) {
    const labels = tradeoffLabels(
      s.points.map((p) => p.d),
      toPx,
      9,
    );
    s.points.forEach((p, i) => {
      const r = p.d.current ? 9 : 4;
      dots.push({ x: p.x, y: p.y, r });
      if (!labels[i]) return;
      const key = `${s.id}|${p.d.x}`;
      texts.set(key, labels[i]);
      const ends = i === 0 || i === s.points.length - 1 ? 0.5 : 0;
      requests.push({
        key,
        x: p.x,
        y: p.y,
        r,
        text: labels[i],
        fontSize: p.d.current ? 11 : 10,
        priority: p.d.current ? 100 : algoDrawOrder(s.id) + ends,
      });
    });
  }
  const placement = placeLabels(requests, dots, { left: plot.x, top: plot.y, right: plot.x + plot.width, bottom: plot.y + plot.height }, 100);
  const out = new Map<string, { text: string; place: LabelPlacement }>();
  for (const [key, text] of texts) {
    const place = placement.get(key);
    if (place?.visible) out.set(key, { text, place });
  }
  return out;
}

/** Where the keyboard starts: the first algorithm's current setting, or its first point. */
function startingPoint(placed: Placed): [number, number] | null {
  if (placed.length === 0) return null;
  const current = placed[0].points.findIndex((p) => p.d.current);
  return [0, Math.max(0, current)];
}

const MOVE_KEYS = new Set(['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/** The point a key moves to from algorithm si's point pi: null for a key that does not move. */
function keyMove(key: string, placed: Placed, si: number, pi: number): [number, number] | null {
  const last = placed[si].points.length - 1;
  switch (key) {
    case 'ArrowRight':
      return [si, Math.min(last, pi + 1)];
    case 'ArrowLeft':
      return [si, Math.max(0, pi - 1)];
    case 'Home':
      return [si, 0];
    case 'End':
      return [si, last];
    case 'ArrowDown':
    case 'ArrowUp': {
      const next = Math.min(placed.length - 1, Math.max(0, si + (key === 'ArrowDown' ? 1 : -1)));
      // The same τ there when that algorithm has it, else its point at the same rank.
      const same = placed[next].points.findIndex((p) => p.d.x === placed[si].points[pi].d.x);
      return [next, same >= 0 ? same : Math.min(pi, placed[next].points.length - 1)];
    }
    default:
      return null;
  }
}

/** The DOM id of a point's option (the algorithm id and τ value are safe in an id once the prefix is unique). */
const pointId = (baseId: string, d: TradeoffDatum) => `${baseId}-${d.algo}-${rawNumber(d.x)}`;

/** A ring around the active point (hovered, or reached by the keyboard). */
function ActiveRing({ hovered }: { hovered: ValueStore<HoveredPoint | null> }) {
  const point = useSyncExternalStore(hovered.subscribe, hovered.get, hovered.get);
  if (!point) return null;
  return <circle className="pw-tradeoff-active" cx={point.x} cy={point.y} r={12} fill="none" stroke="#1f2937" strokeWidth={1.5} pointerEvents="none" />;
}

function TradeoffDot({
  label,
  id,
  name,
  x,
  y,
  datum,
  color,
  onHover,
}: {
  label: { text: string; place: LabelPlacement } | null;
  id: string;
  name: string;
  x: number;
  y: number;
  datum: TradeoffDatum;
  color: string;
  onHover: () => void;
}) {
  const big = datum.current;
  return (
    <g
      id={id}
      role="option"
      aria-selected={false}
      aria-label={name}
      className="pw-tradeoff-dot"
      data-algo={datum.algo}
      data-x={rawNumber(datum.x)}
      onMouseEnter={onHover}
    >
      {big && <circle cx={x} cy={y} r={9} fill="none" stroke={color} strokeWidth={1.5} strokeOpacity={0.85} />}
      {/* A wider transparent target than the dot itself, so the pointer finds it. */}
      <circle cx={x} cy={y} r={8} fill="transparent" />
      <circle cx={x} cy={y} r={big ? 5.5 : 3.5} fill={color} stroke="#fff" strokeWidth={1.25} />
      {label && (
        <text
          x={x + label.place.dx}
          y={y + label.place.dy}
          textAnchor={label.place.anchor}
          fontSize={big ? 11 : 10}
          fontWeight={big ? 700 : 500}
          fill={color}
          stroke="#fff"
          strokeWidth={3}
          paintOrder="stroke"
          strokeLinejoin="round"
        >
          {label.text}
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
