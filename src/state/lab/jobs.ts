/**
 * The lab's jobs and the book kept of them: what the page wants computed (a run, its trace, the τ_max and λ
 * sweeps), what it shows, what is in flight, what is held, and the results kept to show again. The types alone,
 * shared by the pure `reconcile` (./reconcile.ts), the jobs of a set of parameters (./config.ts) and the
 * controller that runs them (./controller.ts).
 */
import type { LabConfig, SweepConfig } from '../../engine/lab/types';

export type SweepParam = 'tauMax' | 'lambda';

export type JobKind = 'run' | 'trace' | SweepParam;

/** A job's identity within its kind. */
export interface JobRef {
  kind: JobKind;
  key: string;
}

/** A computation the page wants; `key` is its identity (a configuration computed once is not computed again). */
export type Job = { kind: 'run' | 'trace'; key: string; config: LabConfig } | { kind: SweepParam; key: string; config: SweepConfig };

/** Why a job is not started again by itself. */
export interface Hold {
  status: 'error' | 'cancelled';
  error: string | null;
}

/** A result computed earlier, kept to show again (a slider moved back): what showing it writes. */
export interface Kept<P> {
  kind: JobKind;
  patch: P;
}

export interface JobBook<P = unknown> {
  /** For each kind, the key of the result the page holds (null: none yet). */
  shown: Readonly<Record<JobKind, string | null>>;
  /** The one job the workers are computing. */
  inFlight: JobRef | null;
  held: ReadonlyMap<string, Hold>;
  /** Results computed earlier, by key, least recently used first: shown again without computing. */
  kept: ReadonlyMap<string, Kept<P>>;
  /** Trials every value has done, per sweep begun and not finished (the sweeps take turns by rounds of trials). */
  sweepTrials?: ReadonlyMap<string, number>;
}
