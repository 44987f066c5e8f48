/**
 * Arms and categories that join during a run: item i is active from step starts[i] on. The active set only
 * changes at the distinct start steps, so whatever depends on it is built once per phase, not per draw.
 * Validation guarantees something starts at step 0.
 */
export function byPhase<T>(starts: readonly number[] | undefined, n: number, make: (active: readonly boolean[]) => T): (t: number) => T {
  const s = starts ?? new Array<number>(n).fill(0);
  const steps = [...new Set(s)].sort((a, b) => a - b);
  const values = steps.map((step) => make(s.map((start) => start <= step)));
  if (values.length === 1) return () => values[0];
  return (t) => {
    let phase = 0;
    while (phase + 1 < steps.length && steps[phase + 1] <= t) phase++;
    return values[phase];
  };
}

/** Prompt.available for each step, from arm_start. */
export function availability(armStart: readonly number[] | undefined, K: number): (t: number) => Uint8Array {
  return byPhase(armStart, K, (active) => Uint8Array.from(active, (on) => (on ? 1 : 0)));
}
