/** The run status line's words, from the lab's state: what is computing, or what the run on screen was; and the trace's. */
import { fmtCount, fmtCounted } from '../../engine/lab/format';
import type { LabState } from './controller';
import type { JobKind, SweepParam } from './jobs';
import type { JobStatus, RunStatus } from './reconcile';

export type RunStatusFields = Pick<LabState, 'status' | 'progress' | 'config' | 'result' | 'error' | 'elapsedMs' | 'workers'>;

/**
 * "Done: …" describes the result on screen (its own config, time and workers: issue 42, item 5), never the run last
 * started: a link pasted and pasted back before that run finished shows the first link's result again, and the line
 * said the aborted run's "8 trials × 600 prompts" beside it.
 */
export function runStatusText(s: RunStatusFields): string {
  const { done, total } = s.progress;
  const pct = total > 0 ? Math.floor((100 * done) / total) : 0;
  switch (s.status) {
    case 'pending':
      return s.config ? 'Parameters changed: simulating shortly…' : 'Starting the simulation…';
    case 'running':
      return `Simulating… ${pct}% (${fmtCount(done)} of ${fmtCount(total)} prompt-steps)`;
    case 'done': {
      const c = s.result?.config;
      const secs = (s.elapsedMs ?? 0) / 1000;
      const on = s.workers > 1 ? ` on ${s.workers} simulation workers` : '';
      return c
        ? `Done: ${fmtCounted(c.algos.length, 'algorithm')} × ${fmtCounted(c.trials, 'trial')} × ${fmtCounted(c.T, 'prompt')} in ${secs.toFixed(2)} s${on}.`
        : 'Done.';
    }
    case 'cancelled':
      return `Cancelled after ${pct}%. Change a parameter or press Run to simulate again.`;
    case 'error':
      return `The simulation failed: ${s.error ?? 'unknown error'}`;
  }
}

/**
 * What the trace's header says while the trace of `algo` is on its way, else null: it is the job after the run, and
 * goes before any sweep (./reconcile.ts).
 */
export function traceComingText(trace: JobStatus, run: RunStatus, algo: string): string | null {
  if (trace === 'pending' && run !== 'done') return `The trace of ${algo} on trial 1 comes after the run.`;
  return trace === 'pending' || trace === 'running' ? `Tracing ${algo} on trial 1 of this run…` : null;
}

export const SWEEP_NAMES: Record<SweepParam, string> = { tauMax: 'τ_max sweep', lambda: 'λ sweep' };

/**
 * What a sweep paused between its rounds waits for, from the job in flight (./reconcile.ts): the run, then its trace,
 * go before any sweep, and the two sweeps take turns by rounds.
 */
export function sweepWaitText(param: SweepParam, inFlight: JobKind | null, runDone: boolean): string {
  const name = SWEEP_NAMES[param];
  if (inFlight === 'run' || !runDone) return `The ${name} waits for the run`;
  if (inFlight === 'trace') return `The ${name} waits for the escalation trace`;
  if (inFlight !== null && inFlight !== param) return `The ${name} waits while the ${SWEEP_NAMES[inFlight]} catches up`;
  return `The ${name} waits for its turn`;
}
