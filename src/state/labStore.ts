/**
 * The lab's runs and playback. A parameter change (src/state/params.ts) starts its run at once (a key press,
 * a click, a typed link), or, while a slider is dragged, ~250 ms after the drag pauses and at once when it is
 * released; a run that went stale is aborted through its AbortSignal. The worker does one job at a time: the
 * lab run first, then the τ_max trade-off sweep, then the λ sweep, each only when its inputs changed since it
 * last ran.
 * When a run finishes, the playback cursor sweeps 0 → T (the App drives it with requestAnimationFrame).
 */
import { create } from 'zustand';
import type { AlgoCurves, LabConfig, LabResult, SweepConfig, SweepResult } from '../engine/lab/types';
import { catalog as loadWorkerCatalog, poolSize, runLab, runSweep } from '../workers/simBridge';
import { type Catalog, catalogFrom, STATIC_CATALOG } from './catalog';
import { embedVectors, useEmbed } from './embedStore';
import { labConfigOf, runKey, type SweepParam, sweepConfigOf } from './labConfig';
import { useParams } from './params';
import type { LabParams } from './urlCodec';

export { CURVE_POINTS, labConfigOf, runKey, SWEEP_VALUES, type SweepParam, sweepConfigOf, sweepValues } from './labConfig';

export type RunStatus = 'idle' | 'pending' | 'running' | 'done' | 'cancelled' | 'error';

/**
 * While a slider is dragged, a change starts its run this much after the last one (one run per pause in the
 * drag, not one per pixel). Other changes run at once: a stale run is aborted anyway, and waiting would only
 * add to the time until the curves move.
 */
export const DRAG_DEBOUNCE_MS = 250;
/** Playback rate at speed 1: T = 1000 plays in 8 s. */
export const PROMPTS_PER_SECOND = 125;
export const SPEEDS = [0.25, 1, 4, 20] as const;
/**
 * The playing cursor reaches the store (and the views) at most this often: at 125 prompts/s a frame adds
 * about two prompts, and re-drawing four charts and the trace 60 times a second is more than a laptop
 * should spend on it; 20 updates a second look as continuous.
 */
export const PLAYBACK_UPDATE_MS = 50;

export interface SweepState {
  status: 'idle' | 'pending' | 'running' | 'done' | 'error';
  result: SweepResult | null;
  /** Inputs of `result` (or of the sweep in flight). */
  key: string | null;
  progress: { done: number; total: number };
  error: string | null;
}

export interface Playback {
  /** Prompts shown: 0..T. */
  cursor: number;
  playing: boolean;
  /** Multiplier of PROMPTS_PER_SECOND. */
  speed: number;
}

export interface LabState {
  catalog: Catalog;
  /** True once the worker has answered with its own catalog. */
  catalogLoaded: boolean;
  status: RunStatus;
  /** The config of the run in flight (or last started). */
  config: LabConfig | null;
  result: LabResult | null;
  progress: { done: number; total: number; partial: { curves: Record<string, AlgoCurves> } | null };
  elapsedMs: number | null;
  /** Simulation workers the run in flight (or last started) shares its trials among. */
  workers: number;
  error: string | null;
  sweeps: Record<SweepParam, SweepState>;
  playback: Playback;
  /** The trace row the user picked (null: follow the cursor). */
  selectedStep: number | null;

  loadCatalog(): Promise<void>;
  /** Runs whatever is out of date: at once (in the next task), or after DRAG_DEBOUNCE_MS during a drag. */
  schedule(): void;
  /** A slider drag starts: changes now wait for a pause in the drag (DRAG_DEBOUNCE_MS). */
  dragStart(): void;
  /** The drag ends: a change still waiting runs now. */
  dragEnd(): void;
  /** Starts now, also for a configuration that failed or was cancelled. */
  runNow(): void;
  cancel(): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  /** Pauses and shows one more prompt. */
  step(): void;
  reset(): void;
  skipToEnd(): void;
  seek(cursor: number): void;
  setSpeed(speed: number): void;
  /** Advances the playing cursor by `ms` of wall time. */
  tick(ms: number): void;
  selectStep(step: number | null): void;
}

/** A sweep depends on everything but the swept parameter and the traced algorithm. */
export function sweepKey(c: SweepConfig): string {
  const { traceAlgo: _trace, ...base } = c.base;
  const params = { ...base.params };
  delete params[c.param];
  return JSON.stringify({ ...base, params, param: c.param, values: c.values });
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const isAbort = (e: unknown) => (e instanceof DOMException || e instanceof Error) && e.name === 'AbortError';

const idleSweep = (): SweepState => ({ status: 'idle', result: null, key: null, progress: { done: 0, total: 0 }, error: null });

// --- the job queue (module state: one worker job at a time) ----------------------------------------------

type Job = { kind: 'run'; key: string; config: LabConfig } | { kind: SweepParam; key: string; config: SweepConfig };

let inFlight: { job: Job; ac: AbortController } | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
/** Keys not to start again by themselves: they failed or the user cancelled them (with what to show). */
const held = new Map<string, { status: 'error' | 'cancelled'; error: string | null }>();
let resultKey: string | null = null;
/** Whether a slider is being dragged (dragStart/dragEnd): changes are then debounced. */
let dragging = false;
/** Whether the user has taken over playback (paused, stepped, skipped): new results then do not auto-play. */
let userPaused = false;
let cursorExact = 0;
/** Wall time played since the cursor last reached the store. */
let sinceUpdate = 0;

/** The model embedding features come from: the embedding settings' (src/state/embedStore.ts). */
const embedModel = () => useEmbed.getState().settings.model;

/** The lab run the page wants for `p` (what the worker is asked for, and what a shown result is compared with). */
export function pageLabConfig(p: LabParams): LabConfig {
  return labConfigOf(p, embedModel());
}

function wantedJobs(): Job[] {
  const p = useParams.getState().params;
  const run = pageLabConfig(p);
  const jobs: Job[] = [{ kind: 'run', key: runKey(run), config: run }];
  for (const param of ['tauMax', 'lambda'] as const) {
    const config = sweepConfigOf(p, param, embedModel());
    jobs.push({ kind: param, key: sweepKey(config), config });
  }
  return jobs;
}

function isDone(job: Job): boolean {
  if (job.kind === 'run') return resultKey === job.key;
  return useLab.getState().sweeps[job.kind].key === job.key && useLab.getState().sweeps[job.kind].status === 'done';
}

function reconcile(): void {
  const jobs = wantedJobs();
  const [run] = jobs;
  if (inFlight) {
    const wanted = jobs.find((j) => j.kind === inFlight!.job.kind)!;
    const stale = wanted.key !== inFlight.job.key;
    // A stale job stops; so does a sweep when the run itself is out of date (the run comes first).
    if (stale || (inFlight.job.kind !== 'run' && !isDone(run) && !held.has(run.key))) inFlight.ac.abort();
    return; // its `finally` calls reconcile again
  }
  if (!isDone(run)) {
    const hold = held.get(run.key);
    if (hold) useLab.setState({ status: hold.status, error: hold.error });
    else start(run);
    return; // no sweeps for a run that failed or was cancelled
  }
  if (useLab.getState().status !== 'done') useLab.setState({ status: 'done', error: null }); // e.g. back to the shown parameters
  const next = jobs.find((j) => j.kind !== 'run' && !isDone(j) && !held.has(j.key));
  if (next) start(next);
}

function start(job: Job): void {
  const ac = new AbortController();
  inFlight = { job, ac };
  const set = useLab.setState;
  const t0 = performance.now();
  let promise: Promise<void>;
  if (job.kind === 'run') {
    const total = job.config.algos.length * job.config.trials * job.config.T;
    set({ status: 'running', config: job.config, error: null, progress: { done: 0, total, partial: null }, workers: Math.min(poolSize(), job.config.trials) });
    promise = runLab(job.config, {
      signal: ac.signal,
      embed: (texts) => embedVectors(texts, ac.signal), // Cancel (or a newer run) stops a running embedding too
      onProgress: (p) => {
        if (inFlight?.ac !== ac) return;
        set((s) => ({ progress: { done: p.done, total: p.total, partial: p.partial ?? s.progress.partial } }));
      },
    }).then((result) => {
      resultKey = job.key;
      finishRun(result, performance.now() - t0);
    });
  } else {
    const param = job.kind;
    const patch = (s: LabState, sweep: Partial<SweepState>) => ({ sweeps: { ...s.sweeps, [param]: { ...s.sweeps[param], ...sweep } } });
    set((s) => patch(s, { status: 'running', key: job.key, error: null, progress: { done: 0, total: 0 } }));
    promise = runSweep(job.config, {
      signal: ac.signal,
      embed: (texts) => embedVectors(texts, ac.signal), // Cancel (or a newer run) stops a running embedding too
      onProgress: (p) => {
        if (inFlight?.ac === ac) set((s) => patch(s, { progress: { done: p.done, total: p.total } }));
      },
    }).then((result) => set((s) => patch(s, { status: 'done', result, error: null })));
  }
  promise
    .catch((e: unknown) => {
      if (isAbort(e) || ac.signal.aborted) {
        if (job.kind !== 'run') {
          const param = job.kind;
          const status = held.has(job.key) ? 'idle' : 'pending';
          useLab.setState((s) => ({ sweeps: { ...s.sweeps, [param]: { ...s.sweeps[param], status } } }));
        }
        return;
      }
      held.set(job.key, { status: 'error', error: messageOf(e) });
      if (job.kind === 'run') useLab.setState({ status: 'error', error: messageOf(e) });
      else {
        const param = job.kind;
        useLab.setState((s) => ({ sweeps: { ...s.sweeps, [param]: { ...s.sweeps[param], status: 'error', error: messageOf(e) } } }));
      }
    })
    .finally(() => {
      if (inFlight?.ac === ac) inFlight = null;
      if (!timer) reconcile();
    });
}

function finishRun(result: LabResult, elapsedMs: number): void {
  const s = useLab.getState();
  const T = result.config.T;
  const link = useParams.getState().linkStep;
  let selectedStep = s.selectedStep;
  if (selectedStep !== null && selectedStep >= T) selectedStep = null;
  let playback: Playback;
  const reduceMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (link !== null) {
    // A link to a step shows the finished run with that step selected.
    selectedStep = link < T ? link : null;
    useParams.setState({ linkStep: null });
    playback = { ...s.playback, cursor: T, playing: false };
  } else if (userPaused || reduceMotion) {
    // A cursor held at the end of the last result (skip, scrubber's End) stays at the end of this one.
    const atEnd = s.result !== null && s.playback.cursor >= s.result.config.T;
    playback = { ...s.playback, cursor: (reduceMotion && !userPaused) || atEnd ? T : Math.min(s.playback.cursor, T), playing: false };
  } else {
    playback = { ...s.playback, cursor: 0, playing: true };
  }
  cursorExact = playback.cursor;
  const [wanted] = wantedJobs();
  useLab.setState({
    // Parameters may have changed while it computed: the next run is then already scheduled.
    status: wanted.key === resultKey ? 'done' : 'pending',
    result,
    elapsedMs,
    error: null,
    progress: { ...s.progress, done: s.progress.total, partial: null },
    playback,
    selectedStep,
  });
}

export const useLab = create<LabState>()((set, get) => ({
  catalog: STATIC_CATALOG,
  catalogLoaded: false,
  status: 'idle',
  config: null,
  result: null,
  progress: { done: 0, total: 0, partial: null },
  elapsedMs: null,
  workers: 1,
  error: null,
  sweeps: { tauMax: idleSweep(), lambda: idleSweep() },
  playback: { cursor: 0, playing: false, speed: 1 },
  selectedStep: useParams.getState().linkStep,

  async loadCatalog() {
    if (get().catalogLoaded) return;
    try {
      set({ catalog: catalogFrom(await loadWorkerCatalog()), catalogLoaded: true });
    } catch (e) {
      // The static lists still let the page work; a crashed worker shows up on the run as well.
      console.warn('catalog:', messageOf(e));
    }
  },

  schedule() {
    if (timer) clearTimeout(timer);
    const [run] = wantedJobs();
    const hold = held.get(run.key);
    if (hold) set({ status: hold.status, error: hold.error });
    else if (!isDone(run)) set({ status: 'pending', error: null });
    else if (get().status !== 'running') set({ status: 'done', error: null });
    for (const param of ['tauMax', 'lambda'] as const) {
      const sweep = get().sweeps[param];
      const job = wantedJobs().find((j) => j.kind === param)!;
      if (sweep.key !== job.key && sweep.status !== 'running') set((s) => ({ sweeps: { ...s.sweeps, [param]: { ...s.sweeps[param], status: 'pending' } } }));
    }
    // Even "at once" waits for the next task, so the changes of one event (a link sets several) start one run.
    timer = setTimeout(
      () => {
        timer = null;
        reconcile();
      },
      dragging ? DRAG_DEBOUNCE_MS : 0,
    );
  },

  dragStart() {
    dragging = true;
  },

  dragEnd() {
    if (!dragging) return;
    dragging = false;
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    reconcile();
  },

  runNow() {
    if (timer) clearTimeout(timer);
    timer = null;
    for (const job of wantedJobs()) held.delete(job.key);
    reconcile();
  },

  cancel() {
    if (timer) clearTimeout(timer);
    timer = null;
    const [run] = wantedJobs();
    if (inFlight?.job.kind === 'run' || !isDone(run)) {
      held.set(run.key, { status: 'cancelled', error: null });
      set({ status: 'cancelled' });
    }
    if (inFlight) {
      if (!held.has(inFlight.job.key)) held.set(inFlight.job.key, { status: 'cancelled', error: null });
      inFlight.ac.abort();
    }
  },

  play() {
    const { result, playback } = get();
    if (!result) return;
    userPaused = false;
    const T = result.config.T;
    const cursor = playback.cursor >= T ? 0 : playback.cursor;
    cursorExact = cursor;
    set({ playback: { ...playback, cursor, playing: true } });
  },

  pause() {
    userPaused = true;
    set((s) => ({ playback: { ...s.playback, playing: false } }));
  },

  togglePlay() {
    if (get().playback.playing) get().pause();
    else get().play();
  },

  step() {
    const { result, playback } = get();
    if (!result) return;
    userPaused = true;
    const cursor = Math.min(result.config.T, Math.floor(playback.cursor) + 1);
    cursorExact = cursor;
    set({ playback: { ...playback, cursor, playing: false }, selectedStep: null });
  },

  reset() {
    userPaused = true;
    cursorExact = 0;
    set((s) => ({ playback: { ...s.playback, cursor: 0, playing: false }, selectedStep: null }));
  },

  skipToEnd() {
    const { result } = get();
    if (!result) return;
    // As the scrubber: the user has taken over, so the next result is shown at the end too, not replayed.
    userPaused = true;
    cursorExact = result.config.T;
    set((s) => ({ playback: { ...s.playback, cursor: result.config.T, playing: false } }));
  },

  seek(cursor) {
    const { result } = get();
    if (!result) return;
    userPaused = true;
    const c = Math.max(0, Math.min(result.config.T, Math.round(cursor)));
    cursorExact = c;
    set((s) => ({ playback: { ...s.playback, cursor: c, playing: false } }));
  },

  setSpeed(speed) {
    if (!(speed > 0)) return;
    set((s) => ({ playback: { ...s.playback, speed } }));
  },

  tick(ms) {
    const { result, playback } = get();
    if (!result || !playback.playing) return;
    const T = result.config.T;
    cursorExact = Math.min(T, cursorExact + (ms / 1000) * PROMPTS_PER_SECOND * playback.speed);
    sinceUpdate += ms;
    const cursor = Math.floor(cursorExact);
    if (cursor >= T) set({ playback: { ...playback, cursor: T, playing: false } });
    else if (cursor !== playback.cursor && sinceUpdate >= PLAYBACK_UPDATE_MS) {
      sinceUpdate = 0;
      set({ playback: { ...playback, cursor } });
    }
  },

  selectStep(step) {
    const { result } = get();
    if (step !== null && (!result || step < 0 || step >= result.config.T)) return;
    if (step !== null) userPaused = true;
    set((s) => ({ selectedStep: step, playback: step === null ? s.playback : { ...s.playback, playing: false } }));
  },
}));

/**
 * Connects the lab to the parameters: a change schedules a run. Returns the unsubscribe; call once (App).
 * The first run starts at once.
 */
export function connectLab(): () => void {
  const unsubscribe = useParams.subscribe((s, prev) => {
    if (s.params !== prev.params) useLab.getState().schedule();
  });
  // Embedding features name the embedding settings' model in the run's config: a new model is a new run.
  const unsubscribeEmbed = useEmbed.subscribe((s, prev) => {
    if (s.settings.model !== prev.settings.model && useParams.getState().params.features === 'embedding') useLab.getState().schedule();
  });
  void useLab.getState().loadCatalog();
  reconcile();
  return () => {
    unsubscribe();
    unsubscribeEmbed();
  };
}

/** The trace row to explain: the selected one, else the last one the cursor has passed. */
export function effectiveStep(s: Pick<LabState, 'selectedStep' | 'playback' | 'result'>): number | null {
  if (!s.result) return null;
  if (s.selectedStep !== null) return s.selectedStep;
  return s.playback.cursor > 0 ? Math.min(s.playback.cursor, s.result.config.T) - 1 : null;
}

/** After a typed link: if it asks for a step and its run is the current result, show that step now. */
export function applyLinkStep(): void {
  const step = useParams.getState().linkStep;
  const [run] = wantedJobs();
  const s = useLab.getState();
  if (step === null || !s.result || !isDone(run)) return; // else finishRun applies it
  useParams.setState({ linkStep: null });
  if (step >= s.result.config.T) return;
  cursorExact = s.result.config.T;
  userPaused = true;
  useLab.setState({ selectedStep: step, playback: { ...s.playback, cursor: s.result.config.T, playing: false } });
}
