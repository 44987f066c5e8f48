import { useMemo } from 'react';
import type { LabResult } from '../../engine/lab/types';
import { useCatalog } from '../../state/catalogStore';
import { runKey } from '../../state/lab/config';
import { pageLabConfig, useLab } from '../../state/labStore';
import { useParams } from '../../state/params';
import { Summary } from '../Summary';
import { summaryNote } from './summaryNote';

/**
 * The headline and cards. While the current run computes they show its first figures (the trials finished so
 * far, marked "n of N trials"), which are exactly those of a run of n trials; once it is done, its final ones.
 * Whenever what they show is not the run the parameters ask for (an older run) they say so in words, so they
 * never sit beside a status that describes another run without a word.
 *
 * They render with the update that brings the figures, not in a background render: React renders all pending
 * background renders together, so a deferred headline waited for the four charts' and the trace's redraw and
 * reached the screen 0.3 s after its figures (a first visit, docs/notes/benchmarks-history.md), and between two partial
 * figures it showed the older ones as "another run". The headline and three cards are cheap to draw.
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
    if (status !== 'running' || !partial || !running || runKey(running) !== wantedKey) return null;
    return {
      config: { ...running, trials: partial.trials },
      world: partial.world,
      summary: partial.summary,
      singleModels: partial.singleModels,
      curves: partial.curves,
      usage: {},
      trace: [],
      byTrial: {},
    };
  }, [status, partial, running, wantedKey]);
  const result = provisional ?? live;
  const firstFigures = result !== null && result === provisional;
  const note = summaryNote({
    drawn: result === null ? 'nothing' : firstFigures ? 'first-figures' : 'finished',
    finishedIsCurrent: live !== null && runKey(live.config) === wantedKey,
    status,
    trials: { done: partial?.trials ?? 0, total: running?.trials ?? 0 },
  });
  return <Summary result={result} catalog={catalog} note={note} partial={firstFigures} />;
}
