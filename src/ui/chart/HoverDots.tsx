import { useActiveTooltipLabel, useIsTooltipActive, useXAxisScale, useYAxisScale } from 'recharts';
import { algoStyle } from '../palette';

/** One algorithm's value at the hovered x: its dot, in the algorithm's colour. */
export interface HoverValue {
  id: string;
  value: number | undefined;
}

/**
 * A dot per algorithm at the hovered x (recharts' tooltip label: the nearest x of the chart's data), in a chart
 * whose series are plain paths (recharts draws these dots only for its own Line and Area). Shown while the pointer
 * is over this chart or one synced with it (syncId).
 */
export function HoverDots({ valuesAt, r }: { valuesAt: (x: number) => HoverValue[] | undefined; r: number }) {
  const active = useIsTooltipActive();
  const label = useActiveTooltipLabel();
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  if (!active || label === undefined || !xScale || !yScale) return null;
  const x = Number(label);
  const values = valuesAt(x);
  const cx = xScale(x);
  if (!values || cx === undefined || !Number.isFinite(cx)) return null;
  return (
    <g className="pw-active-dots">
      {values.map(({ id, value }) => {
        const cy = value === undefined ? undefined : yScale(value);
        if (cy === undefined || !Number.isFinite(cy)) return null;
        return <circle key={id} cx={cx} cy={cy} r={r} fill={algoStyle(id).color} stroke="none" />;
      })}
    </g>
  );
}
