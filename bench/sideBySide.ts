/**
 * The benches' one way to compare: a case and its baseline run alternately, in the same process, so that the
 * machine's drift between minutes hits both alike, and each is summarised by its median.
 */

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median of `repeats` runs of each, alternated so that load drifts hit both alike. */
export function sideBySide<R extends { seconds: number }>(repeats: number, a: () => R, b: () => R): { a: number; b: number; lastA: R; lastB: R } {
  const ta: number[] = [];
  const tb: number[] = [];
  let lastA!: R;
  let lastB!: R;
  for (let i = 0; i < repeats; i++) {
    lastA = a();
    ta.push(lastA.seconds);
    lastB = b();
    tb.push(lastB.seconds);
  }
  return { a: median(ta), b: median(tb), lastA, lastB };
}
