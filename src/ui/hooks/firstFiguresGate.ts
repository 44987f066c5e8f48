/**
 * Work the first figures do not need waits for them: the page's below-the-fold panels (import, playground,
 * embeddings), the sweeps' chart code and KaTeX load once the first run's first figures are in.
 *
 * Why: on a first visit the main thread and the simulation worker share two cores, and the first headline needs
 * both, in turn: the worker computes trial 0, then the main thread reads its slice and draws the headline. Code
 * loaded and evaluated meanwhile (recharts' sweep plots, papaparse and the import schemas, KaTeX and its fonts)
 * made the main thread answer the worker's message later. The curves' chart code still loads at once: the
 * curves are drawn right after the headline.
 *
 * The gate opens in the task after the lab has first figures or a result, or after the run failed or was
 * cancelled, or after `fallbackMs` whatever happens (a page that never runs still gets its panels), and stays open.
 */
import { useSyncExternalStore } from 'react';
import type { LabState } from '../../state/lab/controller';
import { labStore } from '../../state/labStore';

/** What the gate reads of the lab's state. */
type LabShown = Pick<LabState, 'status' | 'result' | 'progress'>;

/** The lab states that open the gate: something to read on screen, or nothing more coming. */
function hasFirstFigures(s: LabShown): boolean {
  return s.result !== null || s.progress.partial !== null || s.status === 'error' || s.status === 'cancelled';
}

export interface Gate {
  readonly open: boolean;
  subscribe(listener: () => void): () => void;
}

interface LabSource {
  getState(): LabShown;
  subscribe(listener: (s: LabShown) => void): () => void;
}

/** A gate on `lab` that opens as the module comment says; `setTimer` runs the fallback (tests hold it). */
export function firstFiguresGate(lab: LabSource, fallbackMs: number, setTimer: (run: () => void, ms: number) => void = setTimeout): Gate {
  let open = false;
  const listeners = new Set<() => void>();
  let stopWatching = () => {};
  const openNow = () => {
    if (open) return;
    open = true;
    stopWatching();
    for (const listener of listeners) listener();
  };
  if (hasFirstFigures(lab.getState())) openNow();
  else {
    // The gate opens in the task after the one that brought the figures: what it lets in (the panels below the
    // fold, the sweeps' chart code, KaTeX) then mounts in a task of its own, not in the one that draws the headline
    // (issue 13's 50 ms long-task goal).
    stopWatching = lab.subscribe((s) => {
      if (hasFirstFigures(s)) {
        stopWatching();
        setTimer(openNow, 0);
      }
    });
    setTimer(openNow, fallbackMs);
  }
  return {
    get open() {
      return open;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's gate: its lab, and five seconds at most. */
const pageGate = firstFiguresGate(labStore, 5000);

/** Whether the page's first figures are in (or the gate opened anyway): render deferred work from then on. */
export function useAfterFirstFigures(): boolean {
  return useSyncExternalStore(
    pageGate.subscribe,
    () => pageGate.open,
    () => false,
  );
}
