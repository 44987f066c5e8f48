import { usePlotArea, useXAxisScale, useYAxisScale } from 'recharts';

/** The charts' grid line colour. */
const GRID_STROKE = '#e8ecf1';

/**
 * A chart's grid: a line across the plot area at each given y tick (and, with `xTicks`, down it at each x tick),
 * placed by the chart's own scales, so log axes work too. Instead of recharts' CartesianGrid, which re-derives the
 * axes' ticks on every render, measuring each tick label in the DOM (7–10 ms of a chart's first render, the
 * larger part of the first visit's longest task in a profile): these charts fix their ticks themselves.
 */
export function GridLines({ yTicks, xTicks = [] }: { yTicks: readonly number[]; xTicks?: readonly number[] }) {
  const plot = usePlotArea();
  const x = useXAxisScale();
  const y = useYAxisScale();
  if (!plot || !x || !y) return null;
  const inside = (v: number | undefined, lo: number, size: number): v is number =>
    v !== undefined && Number.isFinite(v) && v >= lo - 0.5 && v <= lo + size + 0.5;
  const ys = yTicks.map((t) => y(t)).filter((v) => inside(v, plot.y, plot.height));
  const xs = xTicks.map((t) => x(t)).filter((v) => inside(v, plot.x, plot.width));
  return (
    <g className="pw-grid" stroke={GRID_STROKE}>
      {ys.map((v) => (
        <line key={`y${v}`} x1={plot.x} x2={plot.x + plot.width} y1={v} y2={v} />
      ))}
      {xs.map((v) => (
        <line key={`x${v}`} x1={v} x2={v} y1={plot.y} y2={plot.y + plot.height} />
      ))}
    </g>
  );
}
