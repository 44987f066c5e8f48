import type { DecisionPanelProps } from './props';

/** Placeholder until the view is built. */
export function DecisionPanel(_props: DecisionPanelProps) {
  return null;
}
