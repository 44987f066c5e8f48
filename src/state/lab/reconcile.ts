/**
 * What the lab should compute next, as a pure function of what it wants and what it has: no store, no worker,
 * no timer. The controller (./controller.ts) calls `reconcile` after every change and runs the effect it
 * returns; the statuses the page shows are read off the same book (`runStatus`, `sweepStatus`), so a status can
 * never disagree with the job queue.
 *
 * The rules, in order: one job at a time; a job that went stale is aborted; the run comes first, then its trace (a
 * sweep in flight is aborted while either is out of date, a trace while the run is); a job that failed or that the user cancelled is held, not
 * retried by itself, until its inputs change or the user asks again; no sweeps for a run that is held; of two
 * sweeps, the one with fewer trials done goes next (they take turns by rounds).
 */
import type { Job, JobBook, JobKind } from './jobs';

export type Effect = { type: 'show'; job: Job } | { type: 'abort' } | { type: 'start'; job: Job };

/** The run the page wants: always the first of the wanted jobs (see wantedJobs). */
const runOf = (wanted: readonly Job[]) => wanted[0];

const isShown = (job: Job, book: JobBook) => book.shown[job.kind] === job.key;

/** The order jobs go in: the run, then its trace (it belongs beside the run), then the sweeps, which take turns. */
const RANK: Record<JobKind, number> = { run: 0, trace: 1, tauMax: 2, lambda: 2 };

/**
 * The next effect, or null when there is nothing to do now. A wanted result kept from earlier is shown at once,
 * whatever is in flight; otherwise, while a job is in flight the only effect is to abort it (the controller
 * calls again once it has settled).
 */
export function reconcile(wanted: readonly Job[], book: JobBook): Effect | null {
  const run = runOf(wanted);
  // A cached run first. A trace belongs beside its run, so it waits for it; a sweep does not depend on the run.
  const showable = (j: Job) =>
    !isShown(j, book) && book.kept.has(j.key) && (isShown(run, book) || j.kind === 'run' || j.kind === 'tauMax' || j.kind === 'lambda');
  const kept = showable(run) ? run : wanted.find(showable);
  if (kept) return { type: 'show', job: kept };
  if (book.inFlight) {
    const { kind, key } = book.inFlight;
    const stale = wanted.find((j) => j.kind === kind)?.key !== key;
    // A job that goes before this one and is neither shown nor held: this one makes way for it.
    const ahead = wanted.some((j) => RANK[j.kind] < RANK[kind] && !isShown(j, book) && !book.held.has(j.key));
    return stale || ahead ? { type: 'abort' } : null;
  }
  if (!isShown(run, book)) return book.held.has(run.key) ? null : { type: 'start', job: run };
  const todo = wanted.filter((j) => j.kind !== 'run' && !isShown(j, book) && !book.held.has(j.key));
  // The trace first (it belongs beside the run); then the sweep with the fewest trials done, in the page's
  // order on a tie: a sweep computes one round per start, so the one behind catches up and both plots fill in together.
  const trials = (j: Job) => book.sweepTrials?.get(j.key) ?? 0;
  const next =
    todo.find((j) => j.kind === 'trace') ?? todo.reduce<Job | undefined>((best, j) => (best === undefined || trials(j) < trials(best) ? j : best), undefined);
  return next ? { type: 'start', job: next } : null;
}

export type RunStatus = 'pending' | 'running' | 'done' | 'cancelled' | 'error';

/** The status of the run the page wants, with the error that holds it. */
export function runStatus(wanted: readonly Job[], book: JobBook): { status: RunStatus; error: string | null } {
  const run = runOf(wanted);
  if (isShown(run, book)) return { status: 'done', error: null };
  const hold = book.held.get(run.key);
  if (hold) return hold;
  return { status: book.inFlight?.key === run.key ? 'running' : 'pending', error: null };
}

export type JobStatus = 'idle' | 'pending' | 'running' | 'done' | 'error';

/**
 * The status of a job after the run (the trace, a sweep): 'idle' when it will not run by itself (it, or the
 * run before it, is held: a cancelled sweep shows its last result quietly), else pending, running or done.
 */
export function jobStatus(wanted: readonly Job[], book: JobBook, kind: Exclude<JobKind, 'run'>): { status: JobStatus; error: string | null } {
  const job = wanted.find((j) => j.kind === kind);
  if (!job) return { status: 'idle', error: null };
  if (isShown(job, book)) return { status: 'done', error: null };
  if (book.inFlight?.key === job.key) return { status: 'running', error: null };
  const hold = book.held.get(job.key);
  if (hold) return hold.status === 'error' ? { status: 'error', error: hold.error } : { status: 'idle', error: null };
  return { status: book.held.has(runOf(wanted).key) ? 'idle' : 'pending', error: null };
}
