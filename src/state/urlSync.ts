/**
 * Keeps the address bar and localStorage in step with the stores: every change of the parameters, presentation
 * mode and its slide, the tour's step or the selected trace step rewrites the hash with history.replaceState (so
 * sliders do not fill the history) once the controls pause, and a hash edited by hand (hashchange) is read back,
 * with notices for what is invalid.
 */
import { dispatch, playbackStore } from './labStore';
import { useParams, writeLocation } from './params';
import { checkLinkWorld } from './worldCheck';

/**
 * A change is written once the controls pause this long, not inside the input's handler: in Chromium
 * history.replaceState took about 4 ms of the main thread per slider key (a profile of 64 keys during runs), a
 * fifth of the key's handler, which the next paint waited for. Measured against writing at once (bench/goal.bench.ts,
 * 10 alternated visits; docs/notes/benchmarks-history.md, "The link after a pause"): INP p98 94 ± 2 against 114 ± 3 ms.
 */
const LINK_PAUSE_MS = 100;

export function connectUrl(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A hash typed or followed meanwhile is read by its hashchange, which writes at once: the pending write is dropped.
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    writeLocation(playbackStore.getState().selectedStep);
  };
  const writeSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(write, LINK_PAUSE_MS);
  };
  /** Leaving the page with a change not yet written (the tab closed within the pause): it is saved all the same. */
  const flush = () => {
    if (timer !== undefined) write();
  };
  write();
  const offParams = useParams.subscribe((s, prev) => {
    if (s.params !== prev.params || s.present !== prev.present || s.tour !== prev.tour || s.slide !== prev.slide) writeSoon();
  });
  const offPlayback = playbackStore.subscribe((s, prev) => {
    if (s.selectedStep !== prev.selectedStep) writeSoon();
  });
  const onHashChange = () => {
    const step = useParams.getState().applyHash(window.location.hash);
    checkLinkWorld(); // before the run starts (in the next task)
    dispatch({ type: 'link-step', step });
    write();
  };
  window.addEventListener('hashchange', onHashChange);
  window.addEventListener('pagehide', flush);
  return () => {
    offParams();
    offPlayback();
    clearTimeout(timer);
    window.removeEventListener('hashchange', onHashChange);
    window.removeEventListener('pagehide', flush);
  };
}
