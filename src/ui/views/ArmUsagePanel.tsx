import type { ArmUsagePanelProps } from './props';

/** Placeholder until the view is built. */
export function ArmUsagePanel(_props: ArmUsagePanelProps) {
  return null;
}
