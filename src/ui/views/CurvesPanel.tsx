import type { CurvesPanelProps } from './props';

/** Placeholder until the view is built. */
export function CurvesPanel(_props: CurvesPanelProps) {
  return null;
}
