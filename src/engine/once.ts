/**
 * `build()`, called on the first call and remembered. For values a module would otherwise build when it is
 * evaluated and a first visit may never use: the zod schemas of stored settings and imports (the page's boot task
 * is held to issue 13's 50 ms; docs/notes/benchmarks-history.md).
 */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
