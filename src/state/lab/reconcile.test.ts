/** `reconcile` and the statuses read off the job book, as the pure functions they are. */
import { describe, expect, it } from 'vitest';
import type { LabConfig, SweepConfig } from '../../engine/lab/types';
import { type Hold, type Job, type JobBook, reconcile, runStatus, sweepStatus } from './reconcile';

const run: Job = { kind: 'run', key: 'run@1', config: {} as LabConfig };
const tau: Job = { kind: 'tauMax', key: 'tau@1', config: {} as SweepConfig };
const lam: Job = { kind: 'lambda', key: 'lam@1', config: {} as SweepConfig };
const wanted = [run, tau, lam];

function book(patch: Partial<JobBook> = {}): JobBook {
  return { shown: { run: null, tauMax: null, lambda: null }, inFlight: null, held: new Map(), ...patch };
}
const shown = (run: string | null, tauMax: string | null = null, lambda: string | null = null) => ({ run, tauMax, lambda });
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

describe('statuses', () => {
  it('read the run’s status off the book', () => {
    expect(runStatus(wanted, book())).toEqual({ status: 'pending', error: null });
    expect(runStatus(wanted, book({ inFlight: { kind: 'run', key: 'run@1' } })).status).toBe('running');
    expect(runStatus(wanted, book({ inFlight: { kind: 'run', key: 'run@0' } })).status).toBe('pending');
    expect(runStatus(wanted, book({ shown: shown('run@1') })).status).toBe('done');
    expect(runStatus(wanted, book({ held: held([['run@1', { status: 'error', error: 'boom' }]]) }))).toEqual({ status: 'error', error: 'boom' });
  });

  it('read a sweep’s status off the book: idle when it will not run by itself', () => {
    expect(sweepStatus(wanted, book(), 'tauMax').status).toBe('pending');
    expect(sweepStatus(wanted, book({ held: held([['run@1', cancelled]]) }), 'tauMax').status).toBe('idle');
    expect(sweepStatus(wanted, book({ held: held([['tau@1', cancelled]]) }), 'tauMax').status).toBe('idle');
    expect(sweepStatus(wanted, book({ held: held([['tau@1', { status: 'error', error: 'x' }]]) }), 'tauMax')).toEqual({ status: 'error', error: 'x' });
    expect(sweepStatus(wanted, book({ inFlight: { kind: 'tauMax', key: 'tau@1' } }), 'tauMax').status).toBe('running');
    expect(sweepStatus(wanted, book({ shown: shown(null, 'tau@1') }), 'tauMax').status).toBe('done');
  });
});
