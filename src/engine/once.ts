/**
 * `build()`, called on the first call and remembered. For zod schemas that the page would otherwise build while it
 * boots: a first visit (no link, nothing saved) reads none of them, and building them was about a fifth of the
 * boot task's CPU on the 2-core machine (issue 13's 50 ms long-task goal; docs/BENCHMARKS.md).
 */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
