import { useDeferredValue } from 'react';
import { useCatalog } from '../../state/catalogStore';
import { runKey } from '../../state/lab/config';
import { pageLabConfig, useLab } from '../../state/labStore';
import { useParams } from '../../state/params';
import { Summary } from '../Summary';

/**
 * The headline and cards, drawn in a background render (useDeferredValue). Whenever what they show is not the
 * run the parameters ask for (an older run, or a finished one not drawn yet) they say so in words, so they
 * never sit beside a status that describes another run without a word.
 */
export function SummarySection() {
  const live = useLab((s) => s.result);
  const status = useLab((s) => s.status);
  const result = useDeferredValue(live);
  const catalog = useCatalog((s) => s.catalog);
  const params = useParams((s) => s.params);
  const current = live !== null && runKey(live.config) === runKey(pageLabConfig(params));
  const shownCurrent = result !== null && result === live && current;
  let note: string | null = null;
  if (result === null) note = live === null ? null : 'Drawing the finished run…';
  else if (!shownCurrent) {
    if (current) note = 'Drawing the finished run…';
    else if (status === 'running' || status === 'pending') note = 'The previous run, shown while the current parameters’ run computes.';
    else note = 'The previous run: the current parameters’ run did not finish (see the status above).';
  }
  return <Summary result={result} catalog={catalog} note={note} />;
}
