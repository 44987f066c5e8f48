/** `reconcile` and the statuses read off the job book, as the pure functions they are. */
import { describe, expect, it } from 'vitest';
import type { LabConfig, SweepConfig } from '../../engine/lab/types';
import type { Hold, Job, JobBook } from './jobs';
import { jobStatus, reconcile, runStatus } from './reconcile';

const run: Job = { kind: 'run', key: 'run@1', config: {} as LabConfig };
const tau: Job = { kind: 'tauMax', key: 'tau@1', config: {} as SweepConfig };
const lam: Job = { kind: 'lambda', key: 'lam@1', config: {} as SweepConfig };
const wanted = [run, tau, lam];

function book(patch: Partial<JobBook> = {}): JobBook {
  return { shown: { run: null, trace: null, tauMax: null, lambda: null }, inFlight: null, held: new Map(), kept: new Map(), ...patch };
}
const shown = (run: string | null, tauMax: string | null = null, lambda: string | null = null, trace: string | null = null) => ({ run, trace, tauMax, lambda });
const held = (entries: [string, Hold][]) => new Map(entries);
const cancelled: Hold = { status: 'cancelled', error: null };

describe('reconcile', () => {
  it('starts the run first, then the sweeps in order, then nothing', () => {
    expect(reconcile(wanted, book())).toEqual({ type: 'start', job: run });
    expect(reconcile(wanted, book({ shown: shown('run@1') }))).toEqual({ type: 'start', job: tau });
    expect(reconcile(wanted, book({ shown: shown('run@1', 'tau@1') }))).toEqual({ type: 'start', job: lam });
    expect(reconcile(wanted, book({ shown: shown('run@1', 'tau@1', 'lam@1') }))).toBeNull();
  });

  it('lets a current job finish, and aborts a stale one', () => {
    expect(reconcile(wanted, book({ inFlight: { kind: 'run', key: 'run@1' } }))).toBeNull();
    expect(reconcile(wanted, book({ inFlight: { kind: 'run', key: 'run@0' } }))).toEqual({ type: 'abort' });
    expect(reconcile(wanted, book({ shown: shown('run@1'), inFlight: { kind: 'lambda', key: 'lam@0' } }))).toEqual({ type: 'abort' });
  });

  it('aborts a sweep while the run is out of date, unless that run is held', () => {
    const sweeping = { inFlight: { kind: 'tauMax' as const, key: 'tau@1' } };
    expect(reconcile(wanted, book({ shown: shown('run@0'), ...sweeping }))).toEqual({ type: 'abort' });
    expect(reconcile(wanted, book({ shown: shown('run@0'), held: held([['run@1', cancelled]]), ...sweeping }))).toBeNull();
  });

  it('starts nothing held: no run, and no sweeps after a held run; a held sweep is skipped', () => {
    expect(reconcile(wanted, book({ held: held([['run@1', cancelled]]) }))).toBeNull();
    expect(reconcile(wanted, book({ shown: shown('run@1'), held: held([['tau@1', { status: 'error', error: 'x' }]]) }))).toEqual({ type: 'start', job: lam });
  });
});

describe('reconcile: the trace', () => {
  const trace: Job = { kind: 'trace', key: 'trace@1:greedy', config: {} as LabConfig };
  const withTrace = [run, trace, tau];

  it('runs another algorithm’s trace as a job of its own after the run, before the sweeps', () => {
    expect(reconcile(withTrace, book({ shown: shown('run@1') }))).toEqual({ type: 'start', job: trace });
    expect(reconcile(withTrace, book({ shown: shown('run@1', null, null, 'trace@1:greedy') }))).toEqual({ type: 'start', job: tau });
    expect(jobStatus(withTrace, book({ shown: shown('run@1') }), 'trace').status).toBe('pending');
  });

  it('aborts a sweep in flight while the trace is out of date (another algorithm picked), unless that trace is held', () => {
    const sweeping = { shown: shown('run@1'), inFlight: { kind: 'tauMax' as const, key: 'tau@1' } };
    expect(reconcile(withTrace, book(sweeping))).toEqual({ type: 'abort' });
    expect(reconcile(withTrace, book({ ...sweeping, held: held([['trace@1:greedy', { status: 'error', error: 'x' }]]) }))).toBeNull();
    expect(reconcile(withTrace, book({ ...sweeping, shown: shown('run@1', null, null, 'trace@1:greedy') }))).toBeNull();
  });
});

describe('reconcile: results kept from earlier', () => {
  const trace: Job = { kind: 'trace', key: 'trace@1:greedy', config: {} as LabConfig };
  const kept = (...keys: string[]) => new Map(keys.map((key) => [key, { kind: 'run' as const, patch: null }]));

  it('shows a kept run at once, even with a job in flight, and its trace only beside it', () => {
    const inFlight = { kind: 'run' as const, key: 'run@0' };
    expect(reconcile(wanted, book({ inFlight, kept: kept('run@1') }))).toEqual({ type: 'show', job: run });
    expect(reconcile([run, trace, tau], book({ shown: shown('run@0'), kept: kept('trace@1:greedy') }))).toEqual({ type: 'start', job: run });
    expect(reconcile([run, trace, tau], book({ shown: shown('run@1'), kept: kept('trace@1:greedy') }))).toEqual({ type: 'show', job: trace });
  });

  it('shows a kept sweep whatever run is shown (a sweep does not depend on it)', () => {
    expect(reconcile(wanted, book({ shown: shown('run@0'), inFlight: { kind: 'run', key: 'run@1' }, kept: kept('lam@1') }))).toEqual({
      type: 'show',
      job: lam,
    });
  });
});

describe('statuses', () => {
  it('read the run’s status off the book', () => {
    expect(runStatus(wanted, book())).toEqual({ status: 'pending', error: null });
    expect(runStatus(wanted, book({ inFlight: { kind: 'run', key: 'run@1' } })).status).toBe('running');
    expect(runStatus(wanted, book({ inFlight: { kind: 'run', key: 'run@0' } })).status).toBe('pending');
    expect(runStatus(wanted, book({ shown: shown('run@1') })).status).toBe('done');
    expect(runStatus(wanted, book({ held: held([['run@1', { status: 'error', error: 'boom' }]]) }))).toEqual({ status: 'error', error: 'boom' });
  });

  it('read a sweep’s status off the book: idle when it will not run by itself', () => {
    expect(jobStatus(wanted, book(), 'tauMax').status).toBe('pending');
    expect(jobStatus(wanted, book({ held: held([['run@1', cancelled]]) }), 'tauMax').status).toBe('idle');
    expect(jobStatus(wanted, book({ held: held([['tau@1', cancelled]]) }), 'tauMax').status).toBe('idle');
    expect(jobStatus(wanted, book({ held: held([['tau@1', { status: 'error', error: 'x' }]]) }), 'tauMax')).toEqual({ status: 'error', error: 'x' });
    expect(jobStatus(wanted, book({ inFlight: { kind: 'tauMax', key: 'tau@1' } }), 'tauMax').status).toBe('running');
    expect(jobStatus(wanted, book({ shown: shown(null, 'tau@1') }), 'tauMax').status).toBe('done');
  });
});
