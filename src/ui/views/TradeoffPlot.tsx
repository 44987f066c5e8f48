import type { SweepPlotProps } from './props';

/** Placeholder until the view is built. */
export function TradeoffPlot(_props: SweepPlotProps) {
  return null;
}
