import { sameGround } from '../../engine/lab/datasetChoice';
import type { LabConfig, LabResult } from '../../engine/lab/types';
import { runKey } from '../../state/lab/config';
import type { RunStatus } from '../../state/lab/reconcile';

/** What the headline and cards are drawing, against the run the parameters ask for. */
export interface SummaryShown {
  /** What is drawn: nothing yet, the current run's first figures, or the finished run the lab holds. */
  drawn: 'nothing' | 'first-figures' | 'finished';
  /** Whether the finished run the lab holds is the one the parameters ask for. */
  finishedIsCurrent: boolean;
  /** The run's status (the status line's). */
  status: RunStatus;
  /** The trials finished so far and the run's total, for first figures. */
  trials: { done: number; total: number };
}

/**
 * The sentence beside the headline, or null when it shows the run the parameters ask for, finished: every other
 * state says in words what is shown, so the figures never sit beside a status that describes another run.
 */
export function summaryNote(s: SummaryShown): string | null {
  if (s.drawn === 'first-figures') return `First figures: ${s.trials.done} of ${s.trials.total} trials, refined as the others finish.`;
  if (s.drawn === 'nothing' || s.finishedIsCurrent) return null;
  if (s.status === 'running' || s.status === 'pending') return 'The previous run, shown while the current parameters’ run computes.';
  return 'The previous run: the current parameters’ run did not finish (see the status above).';
}

/**
 * The line above the model-usage chart, or null when it shows the run the parameters ask for: the usage comes with a
 * run's result, not with its first figures, so until then the chart shows the last run finished, and says so, naming
 * its world when it is another (engine/lab/datasetChoice.ts sameGround).
 */
export function usageNote(shown: LabResult | null, wanted: LabConfig): string | null {
  if (shown === null || runKey(shown.config) === runKey(wanted)) return null;
  const where = sameGround(shown.config, wanted) ? '' : `, on ${shown.world.name}`;
  return `Of the last run finished${where}: the current parameters’ run has not finished.`;
}
