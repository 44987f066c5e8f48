import { connectLab } from './state/labStore';
import { connectUrl } from './state/urlSync';
import { setPoolSize } from './workers/simBridge';
import { setIdleReleaseMs } from './workers/workerPool';
import './ui/styles.css';

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

// The stores are connected before the first render, so the first run is asked for at once.
connectLab();
connectUrl();

// The page itself (React DOM, the views) is a module graph of its own, evaluated in a task of its own: one boot task
// evaluating everything took 70–90 ms of CPU on the 2-core machine, over issue 13's 50 ms (docs/notes/benchmarks-history.md).
const container = document.getElementById('root')!;
import('./ui/mount')
  .then(({ mountApp }) => mountApp(container))
  .catch((e: unknown) => {
    // A chunk that did not load (a deploy replaced it, the connection dropped): say so rather than stay blank.
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.textContent = `The lab's page did not load (${e instanceof Error ? e.message : String(e)}). Reload to try again.`;
    container.replaceChildren(p);
  });
