import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { connectLab } from './state/labStore';
import { connectUrl } from './state/urlSync';
import { App } from './ui/App';
import { PanelBoundary } from './ui/layout/PanelBoundary';
import { setPoolSize } from './workers/simBridge';
import { setIdleReleaseMs } from './workers/workerHandle';
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

// The stores are connected before the first render: the first run (and the simulation worker's start-up) then
// computes on the second core while React renders the page on this one, instead of waiting for the first
// commit's effects (~0.3 s of a first visit on the 2-core machine, docs/BENCHMARKS.md).
connectLab();
connectUrl();

// The first render is a transition: React renders the page in slices that yield to the browser every few
// milliseconds instead of one long task (issue 13's long-task goal), and commits it whole.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <PanelBoundary name="lab">
        <App />
      </PanelBoundary>
    </StrictMode>,
  ),
);
