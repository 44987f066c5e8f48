/**
 * The lab controller: typed intents in, the jobs' results out. Its state is the job book (what is in flight,
 * what is shown, what is held) and the results with their progress; `reconcile` (./reconcile.ts, pure) decides
 * what to compute, and the executor here runs that one effect through the bridge (the worker pool on the page,
 * anything with the same signature in a test), then reconciles again when the job settles.
 *
 * A parameter change reconciles in the next task (so the changes of one event, e.g. a link setting several,
 * start one run), or, while a slider is dragged, DRAG_DEBOUNCE_MS after the drag pauses and at once when it is
 * released. Every job carries an AbortSignal, down to the embedding of prompt texts.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { sameGround } from '../../engine/lab/datasetChoice';
import type { SweepSlice } from '../../engine/lab/sweepSlices';
import type {
  LabConfig,
  LabPartial,
  LabProgress,
  LabResult,
  LabWorldInfo,
  SweepConfig,
  SweepPartial,
  SweepProgress,
  SweepResult,
  TraceRow,
} from '../../engine/lab/types';
import { isAbortError, messageOf } from '../../engine/messageOf';
import { BegunSweeps } from './begunSweeps';
import type { Hold, Job, JobBook, JobRef, Kept, SweepParam } from './jobs';
import { type Effect, type JobStatus, jobStatus, type RunStatus, reconcile, runStatus } from './reconcile';
import { shareRunPoint } from './shareRunPoint';

/**
 * While a slider is dragged, a change starts its run this much after the last one (one run per pause in the
 * drag, not one per pixel). Other changes run at once: a stale run is aborted anyway, and waiting would only
 * add to the time until the curves move.
 */
export const DRAG_DEBOUNCE_MS = 250;

/**
 * Results kept per job kind, so that moving a control back to where it was shows that result at once. In the
 * default scenario a trace (every decision of a thousand prompts) is about ten times its run's curves and usage:
 * four of each hold a few MB.
 */
const CACHE_SIZE = 4;

/**
 * What runs the jobs: src/workers/simBridge.ts on the page. A job's signal reaches everything it started, down
 * to the embedding of its prompts.
 */
export interface LabBridge {
  runLab(config: LabConfig, options: { signal: AbortSignal; onProgress(p: LabProgress): void }): Promise<LabResult>;
  /**
   * Computes the sweep's next `rounds` rounds of trials not in `from`: resolves with the sweep once its last round
   * is in, else with null; the next start resumes `from` the slices it handed to `onSlice`.
   */
  runSweep(
    config: SweepConfig,
    options: {
      signal: AbortSignal;
      onProgress(p: SweepProgress): void;
      from: readonly SweepSlice[];
      onSlice(slice: SweepSlice): void;
      rounds: number;
    },
  ): Promise<SweepResult | null>;
  /** The trial-0 trace of `config.traceAlgo`: a run of that algorithm alone (lab/config.ts traceConfigOf). */
  runTrace(config: LabConfig, options: { signal: AbortSignal }): Promise<LabResult>;
  /** Workers a run shares its trials among. */
  poolSize(): number;
}

export interface ControllerOptions {
  bridge: LabBridge;
  /**
   * The jobs the page wants, the run first (lab/config.ts `wantedJobs` of the parameters): asked once per
   * 'params-changed' (and per 'run'), not at every step.
   */
  wanted(): Job[];
}

export type LabIntent =
  /** The parameters (or anything `wanted` reads) changed. */
  | { type: 'params-changed' }
  /** Start now, also what failed or was cancelled. */
  | { type: 'run' }
  | { type: 'cancel' }
  /** A slider drag starts or ends: while it lasts, changes wait for a pause. */
  | { type: 'drag'; active: boolean }
  /**
   * A sweep's card came on screen or left it (or the user asked for the sweep): a sweep is computed only while
   * it is wanted, and one already computing finishes.
   */
  | { type: 'sweep-wanted'; param: SweepParam; wanted: boolean }
  /** Stops one sweep (it stays stopped until its inputs change or it is asked for again). */
  | { type: 'cancel-sweep'; param: SweepParam }
  /** Computes one sweep now, also one that failed or was cancelled. */
  | { type: 'run-sweep'; param: SweepParam };

/** Every intent type the controller answers: a record, so adding an intent without listing it is a type error. */
const LAB_INTENT_TYPES: Record<LabIntent['type'], true> = {
  'params-changed': true,
  run: true,
  cancel: true,
  drag: true,
  'sweep-wanted': true,
  'cancel-sweep': true,
  'run-sweep': true,
};

/** Whether an intent is the controller's (the page's dispatch sends the others to playback). */
export const isLabIntent = <I extends { type: string }>(intent: I): intent is Extract<I, LabIntent> => Object.hasOwn(LAB_INTENT_TYPES, intent.type);

export interface SweepState {
  /** Whether the page wants it (its card is on screen, or the user asked): else it is not computed. */
  wanted: boolean;
  status: JobStatus;
  result: SweepResult | null;
  /** The configuration of the sweep shown: its base run says which world and costs its points stand on. */
  config: SweepConfig | null;
  progress: { done: number; total: number };
  /**
   * While it computes: the points over the trials every value has finished so far (the run's point at the
   * current value over as many), refined round by round; null before the first round is in, and once done.
   */
  partial: SweepPartial | null;
  error: string | null;
}

export interface LabState {
  /** The job book, with the results kept to show again (a slider moved back). */
  jobs: JobBook<Partial<LabState>>;
  status: RunStatus;
  error: string | null;
  /** The config of the run in flight (or last started). */
  config: LabConfig | null;
  result: LabResult | null;
  progress: { done: number; total: number; partial: LabPartial | null };
  elapsedMs: number | null;
  /** Simulation workers the shown result's trials were shared among. */
  workers: number;
  sweeps: Record<SweepParam, SweepState>;
  /**
   * The escalation trace shown: trial 0 of one algorithm, a small job of its own after the run (lab/config.ts
   * traceConfigOf): tracing another algorithm of the same run is not a new run. It carries the world it names and
   * its config (its λ), so that it reads true on its own while the next trace computes (a new run shows before its
   * trace); beside a run of another world (engine/lab/datasetChoice.ts sameGround) it is not shown.
   */
  trace: { algo: string | null; rows: TraceRow[]; world: LabWorldInfo | null; config: LabConfig | null; status: JobStatus; error: string | null };
}

export interface LabController {
  store: StoreApi<LabState>;
  dispatch(intent: LabIntent): void;
  /** Whether the shown result is the run the page wants. */
  isCurrent(): boolean;
}

/** No trace on screen. */
const NO_TRACE: Pick<LabState['trace'], 'algo' | 'rows' | 'world' | 'config'> = { algo: null, rows: [], world: null, config: null };

const idleSweep = (): SweepState => ({
  wanted: false,
  status: 'idle',
  result: null,
  config: null,
  progress: { done: 0, total: 0 },
  partial: null,
  error: null,
});

export function createLabController({ bridge, wanted }: ControllerOptions): LabController {
  const store = createStore<LabState>(() => ({
    jobs: { shown: { run: null, trace: null, tauMax: null, lambda: null }, inFlight: null, held: new Map(), kept: new Map() },
    status: 'pending',
    error: null,
    config: null,
    result: null,
    progress: { done: 0, total: 0, partial: null },
    elapsedMs: null,
    workers: 1,
    sweeps: { tauMax: idleSweep(), lambda: idleSweep() },
    trace: { ...NO_TRACE, status: 'idle', error: null },
  }));
  const { getState: get, setState: set } = store;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dragging = false;
  /** Nothing is computed before the first `run` intent (the page sends it once it knows what to run). */
  let started = false;
  const sweepWanted: Record<SweepParam, boolean> = { tauMax: false, lambda: false };
  /** The sweeps begun and not finished: each computes a round per start and resumes from its slices. */
  const begun = new BegunSweeps();

  /** The jobs of the current parameters, the run first: computed once per parameter change. */
  let current: Job[] = wanted();

  /** The jobs the page wants now: the run and its trace, and each sweep while it is wanted (or computing). */
  function want(jobs: JobBook = get().jobs): Job[] {
    const inFlight = jobs.inFlight?.key;
    return current.filter((j) => (j.kind !== 'tauMax' && j.kind !== 'lambda') || sweepWanted[j.kind] || j.key === inFlight);
  }

  type Book = LabState['jobs'];

  /** The book with `job`'s result kept (CACHE_SIZE per kind, the least recently used dropped). */
  function keep(book: Book, job: JobRef, patch: Partial<LabState>): Book {
    const kept = new Map(book.kept);
    kept.delete(job.key);
    kept.set(job.key, { kind: job.kind, patch });
    const ofKind = [...kept].filter(([, e]) => e.kind === job.kind);
    for (const [key] of ofKind.slice(0, Math.max(0, ofKind.length - CACHE_SIZE))) kept.delete(key);
    return { ...book, kept };
  }

  /** The book with `job` shown. */
  const shown = (book: Book, job: JobRef): Book => ({ ...book, shown: { ...book.shown, [job.kind]: job.key } });

  /**
   * Writes the book and the statuses read off it, in one update. The last trace and sweeps stay on screen while the
   * next compute, but not those of another world (or of costs in another unit) beside a run of this one: their prompts
   * and models are others, and the cost axis is the run's (engine/lab/datasetChoice.ts sameGround). They leave the
   * screen and the book's `shown`, so that coming back shows them again from the kept results. (The last run's own
   * figures stay until the new run's are in: the headline then shows the new run's first figures, and the results
   * table names its world.)
   */
  function setBook(book: Book, patch: Partial<LabState> = {}): void {
    const s = get();
    // The run the parameters ask for (the run first among the wanted jobs).
    const run = current[0]?.config as LabConfig | undefined;
    const otherGround = (of: LabConfig | null | undefined) => run !== undefined && of != null && !sameGround(of, run);
    const gone: { -readonly [K in keyof Book['shown']]?: null } = {};
    const sweeps = { ...s.sweeps, ...patch.sweeps };
    for (const param of ['tauMax', 'lambda'] as const) {
      if (otherGround(sweeps[param].config?.base)) {
        sweeps[param] = { ...sweeps[param], result: null, config: null };
        gone[param] = null;
      }
    }
    let trace = patch.trace ?? s.trace;
    if (otherGround(trace.config)) {
      trace = { ...trace, ...NO_TRACE };
      gone.trace = null;
    }
    const jobs = { ...book, shown: { ...book.shown, ...gone } };
    const wantedNow = want(jobs);
    for (const param of ['tauMax', 'lambda'] as const) {
      // A sweep shown for the current parameters is done, wanted or not; one not wanted is otherwise idle.
      const all = jobStatus(current, jobs, param);
      sweeps[param] = { ...sweeps[param], wanted: sweepWanted[param], ...(all.status === 'done' ? all : jobStatus(wantedNow, jobs, param)) };
      // Partial points belong to one configuration: they go when the parameters move on.
      if (sweeps[param].partial !== null && current.find((j) => j.kind === param)?.key !== begun.keyOf(param)) {
        sweeps[param] = { ...sweeps[param], partial: null };
      }
    }
    set({
      ...patch,
      jobs,
      ...runStatus(wantedNow, jobs),
      sweeps,
      trace: { ...trace, ...jobStatus(wantedNow, jobs, 'trace') },
    });
  }

  const hold = (key: string, h: Hold) => {
    const held = new Map(get().jobs.held);
    held.set(key, h);
    return held;
  };

  function step(): void {
    if (!started) return;
    const effect: Effect | null = reconcile(want(), { ...get().jobs, sweepTrials: begun.trialsByKey() });
    if (!effect) {
      setBook(get().jobs); // statuses follow parameters that went back to what is shown or held
    } else if (effect.type === 'abort') {
      abort?.abort();
    } else if (effect.type === 'show') {
      const { jobs } = get();
      const kept = jobs.kept.get(effect.job.key) as Kept<Partial<LabState>>;
      const recent = new Map(jobs.kept);
      recent.delete(effect.job.key); // now the most recently used
      recent.set(effect.job.key, kept);
      setBook(shown({ ...jobs, kept: recent }, effect.job), kept.patch);
      step();
    } else {
      start(effect.job);
    }
  }

  function start(job: Job): void {
    const ac = new AbortController();
    abort = ac;
    const live = () => abort === ac;
    const inFlight = { kind: job.kind, key: job.key };
    const t0 = performance.now();
    let done: Promise<Partial<LabState> | null>;
    if (job.kind === 'run') {
      const { config } = job;
      const total = config.algos.length * config.trials * config.T;
      setBook({ ...get().jobs, inFlight }, { config, progress: { done: 0, total, partial: null } });
      // Written with the result (and kept with it in the cache), as its time is: the status line says what ran it.
      const workers = Math.min(bridge.poolSize(), config.trials);
      done = bridge
        .runLab(config, {
          signal: ac.signal,
          onProgress: (p) => {
            // Progress without figures keeps the last ones, up to the result (the bridge never sends figures over
            // every trial: they are the result), so no view falls back to "simulating" or the previous run meanwhile.
            if (live()) set((s) => ({ progress: { done: p.done, total: p.total, partial: p.partial ?? s.progress.partial } }));
          },
        })
        .then((result) => ({
          result,
          config,
          elapsedMs: performance.now() - t0,
          workers,
          progress: { done: total, total, partial: null },
        }));
    } else if (job.kind === 'trace') {
      const { config } = job;
      setBook({ ...get().jobs, inFlight });
      done = bridge.runTrace(config, { signal: ac.signal }).then(({ trace: rows, world }) => ({
        trace: { ...get().trace, algo: config.traceAlgo, rows, world, config },
      }));
    } else {
      const param = job.kind;
      const sweep = (patch: Partial<SweepState>) => ({ ...get().sweeps, [param]: { ...get().sweeps[param], ...patch } });
      const { compute, complete } = shareRunPoint(job.config as SweepConfig, get().result);
      // Resumed after its last round: its slices so far (of the values it computes: the run it shares a point
      // with may have changed since), and its points over them still drawn.
      const resumed = begun.keyOf(param) === job.key;
      const from = begun.begin(param, job.key, compute.values);
      setBook({ ...get().jobs, inFlight }, { sweeps: sweep(resumed ? {} : { progress: { done: 0, total: 0 }, partial: null }) });
      done = bridge
        .runSweep(compute, {
          signal: ac.signal,
          onProgress: (p) => {
            if (!live()) return;
            const progress = { done: p.done, total: p.total };
            set({ sweeps: sweep(p.partial ? { progress, partial: complete(p.partial) } : { progress }) });
          },
          from,
          onSlice: (sl) => {
            if (live()) begun.add(job.key, sl);
          },
          // One round of trials per start: after each, `reconcile` gives the turn to the sweep with fewer trials done.
          rounds: 1,
        })
        .then((result) => (result ? { sweeps: sweep({ result: complete(result), config: job.config as SweepConfig, partial: null }) } : null));
    }
    done
      .then(
        (patch) => {
          if (patch === null) {
            // A round done, not the last: not shown and not held, so the next step resumes it or the other sweep.
            setBook({ ...get().jobs, inFlight: null });
            return;
          }
          begun.finish(job.key);
          const { jobs } = get();
          setBook({ ...shown(keep(jobs, job, patch), job), inFlight: null }, patch);
        },
        (e: unknown) => {
          const { jobs } = get();
          const failed = !(isAbortError(e) || ac.signal.aborted);
          setBook({ ...jobs, inFlight: null, held: failed ? hold(job.key, { status: 'error', error: messageOf(e) }) : jobs.held });
        },
      )
      .finally(() => {
        if (live()) abort = null;
        if (!timer) step();
      });
  }

  function schedule(delay: number): void {
    unschedule();
    timer = setTimeout(() => {
      timer = null;
      step();
    }, delay);
  }

  function unschedule(): void {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function dispatch(intent: LabIntent): void {
    switch (intent.type) {
      case 'params-changed':
        current = wanted();
        setBook(get().jobs); // 'pending' at once, before the run starts
        schedule(dragging ? DRAG_DEBOUNCE_MS : 0);
        return;
      case 'drag':
        if (intent.active) dragging = true;
        else if (dragging) {
          dragging = false;
          if (timer) {
            unschedule();
            step();
          }
        }
        return;
      case 'run': {
        started = true;
        current = wanted();
        const held = new Map(get().jobs.held);
        for (const job of want()) held.delete(job.key);
        unschedule();
        setBook({ ...get().jobs, held });
        step();
        return;
      }
      case 'sweep-wanted':
        if (sweepWanted[intent.param] === intent.wanted) return;
        sweepWanted[intent.param] = intent.wanted;
        setBook(get().jobs);
        // In the next task: cards that come on screen together (their observers report one by one) then start
        // in the page's order, the τ_max sweep first, whichever observer spoke first.
        if (intent.wanted && !timer) schedule(0);
        return;
      case 'run-sweep': {
        sweepWanted[intent.param] = true;
        const job = current.find((j) => j.kind === intent.param);
        const held = new Map(get().jobs.held);
        if (job) held.delete(job.key);
        setBook({ ...get().jobs, held });
        if (!timer) step();
        return;
      }
      case 'cancel-sweep': {
        const { jobs } = get();
        const job = current.find((j) => j.kind === intent.param);
        if (!job) return;
        setBook({ ...jobs, held: hold(job.key, { status: 'cancelled', error: null }) });
        if (jobs.inFlight?.key === job.key) abort?.abort();
        return;
      }
      case 'cancel': {
        unschedule();
        const { jobs } = get();
        const [run] = want();
        let held = jobs.held;
        const cancelled: Hold = { status: 'cancelled', error: null };
        if (jobs.inFlight?.kind === 'run' || jobs.shown.run !== run.key) held = hold(run.key, cancelled);
        if (jobs.inFlight && !held.has(jobs.inFlight.key)) held = new Map(held).set(jobs.inFlight.key, cancelled);
        setBook({ ...jobs, held });
        abort?.abort();
      }
    }
  }

  return { store, dispatch, isCurrent: () => get().jobs.shown.run === current[0].key };
}
