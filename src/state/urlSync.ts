/**
 * Keeps the address bar and localStorage in step with the stores: every change of the parameters,
 * presentation mode or the selected trace step rewrites the hash with history.replaceState (so sliders do not
 * fill the history), and a hash edited by hand (hashchange) is read back, with notices for what is invalid.
 */
import { applyLinkStep, useLab } from './labStore';
import { useParams, writeLocation } from './params';

export function connectUrl(): () => void {
  const write = () => writeLocation(useLab.getState().selectedStep);
  write();
  const offParams = useParams.subscribe((s, prev) => {
    if (s.params !== prev.params || s.present !== prev.present) write();
  });
  const offLab = useLab.subscribe((s, prev) => {
    if (s.selectedStep !== prev.selectedStep) write();
  });
  const onHashChange = () => {
    useParams.getState().applyHash(window.location.hash);
    applyLinkStep();
    write();
  };
  window.addEventListener('hashchange', onHashChange);
  return () => {
    offParams();
    offLab();
    window.removeEventListener('hashchange', onHashChange);
  };
}
