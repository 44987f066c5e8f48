import type { EscalationTraceProps } from './props';

/** Placeholder until the view is built. */
export function EscalationTrace(_props: EscalationTraceProps) {
  return null;
}
