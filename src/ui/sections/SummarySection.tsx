import { useDeferredValue, useMemo } from 'react';
import type { LabResult } from '../../engine/lab/types';
import { useCatalog } from '../../state/catalogStore';
import { runKey } from '../../state/lab/config';
import { pageLabConfig, useLab } from '../../state/labStore';
import { useParams } from '../../state/params';
import { Summary } from '../Summary';

/**
 * The headline and cards, drawn in a background render (useDeferredValue). While the current run computes they
 * show its first figures (the trials finished so far, marked "n of N trials"), which are exactly those of a run
 * of n trials; once it is done, its final ones. Whenever what they show is not the run the parameters ask for
 * (an older run, or a finished one not drawn yet) they say so in words, so they never sit beside a status that
 * describes another run without a word.
 */
export function SummarySection() {
  const live = useLab((s) => s.result);
  const status = useLab((s) => s.status);
  const partial = useLab((s) => s.progress.partial);
  const running = useLab((s) => s.config);
  const catalog = useCatalog((s) => s.catalog);
  const params = useParams((s) => s.params);
  const wantedKey = runKey(pageLabConfig(params));
  // The current run's figures so far, as a run of that many trials.
  const provisional = useMemo<LabResult | null>(() => {
    if (status !== 'running' || !partial || !running || runKey(running) !== wantedKey || partial.trials >= running.trials) return null;
    return { config: { ...running, trials: partial.trials }, world: partial.world, summary: partial.summary, curves: partial.curves, usage: {}, trace: [] };
  }, [status, partial, running, wantedKey]);
  const shownLive = provisional ?? live;
  const result = useDeferredValue(shownLive);
  const current = live !== null && runKey(live.config) === wantedKey;

  let note: string | null = null;
  if (result !== null && result === provisional && running) {
    note = `First figures: ${partial!.trials} of ${running.trials} trials, refined as the others finish.`;
  } else if (result === null) {
    note = live === null ? null : 'Drawing the finished run…';
  } else if (!(result === live && current)) {
    if (current || result !== shownLive) note = 'Drawing the finished run…';
    else if (status === 'running' || status === 'pending') note = 'The previous run, shown while the current parameters’ run computes.';
    else note = 'The previous run: the current parameters’ run did not finish (see the status above).';
  }
  return <Summary result={result} catalog={catalog} note={note} partial={result !== null && result === provisional} />;
}
