/**
 * The recharts views, each loaded on first use. Recharts and what it brings (d3, redux toolkit, immer, decimal.js)
 * are about 350 kB, half of the page's script: compiled and evaluated with the rest, they made the page's first
 * task the longest of a first visit (issue 13's long-task goal). Loaded apart, they arrive in a task of their own
 * while the first run computes, and the cards keep their place meanwhile.
 */
import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';

const loadCurvesPanel = () => import('./CurvesPanel');
const LazyCurvesPanel = lazy(() => loadCurvesPanel().then((m) => ({ default: m.CurvesPanel })));

/**
 * Asks for the learning curves' chart code (recharts with them) now, before the first render reaches the card.
 * Asked for by the render, its 100 kB were parsed on a background thread during the page's first frame, and on the
 * 2-core machine that parse stretched the frame's 20 ms of style and layout past 50 ms in about half of the first
 * visits (issue 13's long-task goal; docs/notes/benchmarks-history.md, "The curves' chart code before the first render"). Asked
 * for as the page's chunk starts, it is parsed while the first render is computed in slices. A load that fails is
 * left to the card: its own import fails the same way and the panel says so.
 */
export function preloadCurvesCode(): void {
  loadCurvesPanel().catch(() => {});
}

const LazyLambdaSweepPlot = lazy(() => import('./LambdaSweepPlot').then((m) => ({ default: m.LambdaSweepPlot })));
const LazyTradeoffPlot = lazy(() => import('./TradeoffPlot').then((m) => ({ default: m.TradeoffPlot })));

/**
 * Holds a chart's place (its height) while its code loads: nothing below it moves when it arrives.
 */
function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  return <Suspense fallback={<div className="pw-chart-slot" style={{ minHeight: height }} data-state="loading-code" />}>{children}</Suspense>;
}

export const CurvesPanel = (props: ComponentProps<typeof LazyCurvesPanel>) => (
  <ChartSlot height={520}>
    <LazyCurvesPanel {...props} />
  </ChartSlot>
);
export const LambdaSweepPlot = (props: ComponentProps<typeof LazyLambdaSweepPlot>) => (
  <ChartSlot height={300}>
    <LazyLambdaSweepPlot {...props} />
  </ChartSlot>
);
export const TradeoffPlot = (props: ComponentProps<typeof LazyTradeoffPlot>) => (
  <ChartSlot height={300}>
    <LazyTradeoffPlot {...props} />
  </ChartSlot>
);
