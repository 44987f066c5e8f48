/**
 * The lab's first module: reads the address's options, connects the stores (which starts the first run) and then
 * yields, so that the rest of the page's code (React DOM, the views) is evaluated in a task of its own.
 *
 * Why the yield: main.tsx imports this module first, and a module's top-level await holds back the evaluation of
 * the modules after it until it resolves. Evaluating the whole page at once (parsing and compiling its functions
 * as they first run, React DOM's and the stores' set-up) was one task of 80–95 ms of CPU on a first visit on this
 * project's 2-core machine, then its longest but for the charts' (docs/BENCHMARKS.md).
 */
import { connectLab } from './state/labStore';
import { connectUrl } from './state/urlSync';
import { setPoolSize } from './workers/simBridge';
import { setIdleReleaseMs } from './workers/workerHandle';

/** A number from the address's query (`?name=value`), handed to `apply`; a value it refuses is ignored with a warning. */
function fromQuery(name: string, apply: (value: number) => void): void {
  const value = new URLSearchParams(location.search).get(name);
  if (value === null) return;
  try {
    apply(Number(value));
  } catch (e) {
    console.warn(`?${name}=${value} ignored: ${(e as Error).message}`);
  }
}

// `?workers=N` (1–16) sets how many simulation workers share a run's trials (docs/LAB.md, "Hosting"); by default
// one per core but one, and two on two cores (workers/poolSize.ts). Results do not depend on it; tests use it to
// check exactly that.
fromQuery('workers', setPoolSize);
// `?idle=ms` sets how long an idle simulation or embedding worker is kept (default two minutes); tests use it
// to see the release happen.
fromQuery('idle', setIdleReleaseMs);

// The stores are connected before the page's code is even evaluated: the first run (and the simulation worker's
// start-up) then computes on the second core while this one evaluates and renders the page, instead of waiting
// for the first commit's effects (~0.3 s of a first visit on the 2-core machine, docs/BENCHMARKS.md).
connectLab();
connectUrl();

await new Promise((resolve) => setTimeout(resolve, 0));
