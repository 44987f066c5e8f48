import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ComposedChart, Tooltip, XAxis, YAxis } from 'recharts';
import { xAxisProps, yAxisProps } from './common';
import { drawingTurns } from './drawingTurns';

const DATA = [{ t: 0 }, { t: 1 }];
const tick = (v: number) => String(v);
const x = xAxisProps({ dataKey: 't', domain: [0, 1], ticks: [0, 1], tickFormatter: tick, label: 'x' });
const y = yAxisProps({ domain: [0, 1], ticks: [0, 1], tickFormatter: tick, width: 30, label: 'y' });

/** The parts of a chart after its frame: the warm-up adds one per turn. */
const PARTS = [<XAxis key="x" {...x} />, <YAxis key="y" {...y} />, <Tooltip key="tooltip" isAnimationActive={false} />];

/** The chart with its first `n` parts. */
const chartWith = (n: number) => (
  <ComposedChart width={160} height={90} data={DATA} syncId="pw-warm-up">
    {PARTS.slice(0, n)}
  </ComposedChart>
);

/** The user-timing mark set once the warm-up chart is dropped. */
const WARMED_UP_MARK = 'pw:charts-warmed-up';

/**
 * Draws a small chart off the page, one part per turn (drawingTurns.ts), then drops it. The first chart the page
 * mounts runs recharts' code for the first time: V8 compiles it as it goes, and that mount took 60–90 ms of CPU
 * against 35–40 ms for each chart after it (first visit, 2-core machine; issue 13's 50 ms goal). In small turns
 * the compiling is spread over tasks that each stay short, and the page's own first chart finds it done.
 */
export function warmUpCharts(): void {
  if (typeof document === 'undefined') return;
  const root = createRoot(document.createElement('div'));
  // All its turns are asked for at once, so that they come one after the other, before any chart's.
  for (let n = 0; n <= PARTS.length; n++) drawingTurns.request(() => flushSync(() => root.render(chartWith(n))));
  drawingTurns.request(() => {
    root.unmount();
    // For a profile (and the smoke test): when the warm-up was done.
    performance.mark(WARMED_UP_MARK);
  });
}
