import type { SweepPlotProps } from './props';

/** Placeholder until the view is built. */
export function LambdaSweepPlot(_props: SweepPlotProps) {
  return null;
}
