/**
 * Keeps the address bar and localStorage in step with the stores: every change of the parameters,
 * presentation mode and its slide, the tour's step or the selected trace step rewrites the hash with history.replaceState (so sliders do not
 * fill the history), and a hash edited by hand (hashchange) is read back, with notices for what is invalid.
 */
import { dispatch, playbackStore } from './labStore';
import { useParams, writeLocation } from './params';
import { checkLinkWorld } from './worldCheck';

export function connectUrl(): () => void {
  const write = () => writeLocation(playbackStore.getState().selectedStep);
  write();
  const offParams = useParams.subscribe((s, prev) => {
    if (s.params !== prev.params || s.present !== prev.present || s.tour !== prev.tour || s.slide !== prev.slide) write();
  });
  const offPlayback = playbackStore.subscribe((s, prev) => {
    if (s.selectedStep !== prev.selectedStep) write();
  });
  const onHashChange = () => {
    const step = useParams.getState().applyHash(window.location.hash);
    checkLinkWorld(); // before the run starts (in the next task)
    dispatch({ type: 'link-step', step });
    write();
  };
  window.addEventListener('hashchange', onHashChange);
  return () => {
    offParams();
    offPlayback();
    window.removeEventListener('hashchange', onHashChange);
  };
}
