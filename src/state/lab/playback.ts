/**
 * The replay of a finished run: a cursor over its T prompts, play/pause, speed and the trace row the user
 * picked. Playback follows results (the controller's store) and never starts or stops a computation: when a new
 * result arrives, `showResult` decides where its replay starts, and every control is a typed intent.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Playback rate at speed 1: T = 1000 plays in 8 s. */
export const PROMPTS_PER_SECOND = 125;
export const SPEEDS = [0.25, 1, 4, 20] as const;
/**
 * The playing cursor reaches the store (and the views) at most this often: at 125 prompts/s a frame adds
 * about two prompts, and re-drawing four charts and the trace 60 times a second is more than a laptop
 * should spend on it; 20 updates a second look as continuous.
 */
const PLAYBACK_UPDATE_MS = 50;

export interface PlaybackState {
  /** Prompts shown: 0..T. */
  cursor: number;
  playing: boolean;
  /** Multiplier of PROMPTS_PER_SECOND. */
  speed: number;
  /** The trace row the user picked (null: follow the cursor). */
  selectedStep: number | null;
  /** The trace step a link asked for (`step=N`), applied once the link's run is shown; null when none. */
  linkStep: number | null;
  /** The user has taken over (paused, stepped, skipped, picked a row): a new result then does not auto-play. */
  userPaused: boolean;
}

export type PlaybackIntent =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle-play' }
  /** Pauses and shows one more prompt. */
  | { type: 'step' }
  | { type: 'rewind' }
  | { type: 'skip-to-end' }
  | { type: 'seek'; cursor: number }
  | { type: 'set-speed'; speed: number }
  /** Advances the playing cursor by `ms` of wall time (the page's animation frame). */
  | { type: 'tick'; ms: number }
  | { type: 'select-step'; step: number | null }
  /** A link (typed, pasted or loaded) asks for a trace step. */
  | { type: 'link-step'; step: number | null };

/** What playback needs to know of the results: the shown run's T, and whether it is the run the page wants. */
export interface ShownRun {
  T: number;
  current: boolean;
}

export interface Playback {
  store: StoreApi<PlaybackState>;
  dispatch(intent: PlaybackIntent): void;
  /** A new result is shown (`previousT`: the T of the one it replaces, null for the first). */
  showResult(T: number, previousT: number | null): void;
}

export interface PlaybackOptions {
  /** The shown run, or null before the first result. */
  shown(): ShownRun | null;
  /** prefers-reduced-motion: results are shown at their end instead of replayed. */
  reduceMotion(): boolean;
  /** The step the page's link asked for when it loaded. */
  linkStep?: number | null;
}

export function createPlayback({ shown, reduceMotion, linkStep = null }: PlaybackOptions): Playback {
  const store = createStore<PlaybackState>(() => ({ cursor: 0, playing: false, speed: 1, selectedStep: linkStep, linkStep, userPaused: false }));
  const { getState: get, setState: set } = store;
  // Sub-frame bookkeeping, not state: the cursor with its fraction, and the wall time since the store last moved.
  let cursorExact = 0;
  let sinceUpdate = 0;

  const moveTo = (cursor: number, patch: Partial<PlaybackState> = {}) => {
    cursorExact = cursor;
    set({ cursor, ...patch });
  };

  /** A link's step, once its run is shown: the finished run, that row selected. */
  const applyLink = (T: number) => {
    const step = get().linkStep;
    moveTo(T, { playing: false, selectedStep: step !== null && step < T ? step : null, linkStep: null, userPaused: true });
  };

  function dispatch(intent: PlaybackIntent): void {
    const run = shown();
    if (intent.type === 'set-speed') {
      if (intent.speed > 0) set({ speed: intent.speed });
      return;
    }
    if (intent.type === 'pause') {
      set({ playing: false, userPaused: true });
      return;
    }
    if (intent.type === 'rewind') {
      moveTo(0, { playing: false, selectedStep: null, userPaused: true });
      return;
    }
    if (intent.type === 'link-step') {
      // A link that names no step selects none: the page shows what the link says, not the selection before it.
      set(intent.step === null ? { linkStep: null, selectedStep: null } : { linkStep: intent.step });
      if (intent.step !== null && run?.current) applyLink(run.T);
      return;
    }
    if (intent.type === 'select-step') {
      const { step } = intent;
      if (step === null) set({ selectedStep: null });
      else if (run && step >= 0 && step < run.T) set({ selectedStep: step, playing: false, userPaused: true });
      return;
    }
    if (!run) return; // the rest moves a cursor over a result
    const { T } = run;
    const s = get();
    switch (intent.type) {
      case 'play':
        moveTo(s.cursor >= T ? 0 : s.cursor, { playing: true, userPaused: false });
        return;
      case 'toggle-play':
        dispatch({ type: s.playing ? 'pause' : 'play' });
        return;
      case 'step':
        moveTo(Math.min(T, Math.floor(s.cursor) + 1), { playing: false, selectedStep: null, userPaused: true });
        return;
      case 'skip-to-end':
        // As the scrubber: the user has taken over, so the next result is shown at the end too, not replayed.
        moveTo(T, { playing: false, userPaused: true });
        return;
      case 'seek':
        moveTo(Math.max(0, Math.min(T, Math.round(intent.cursor))), { playing: false, userPaused: true });
        return;
      case 'tick': {
        if (!s.playing) return;
        cursorExact = Math.min(T, cursorExact + (intent.ms / 1000) * PROMPTS_PER_SECOND * s.speed);
        sinceUpdate += intent.ms;
        const cursor = Math.floor(cursorExact);
        if (cursor >= T) set({ cursor: T, playing: false });
        else if (cursor !== s.cursor && sinceUpdate >= PLAYBACK_UPDATE_MS) {
          sinceUpdate = 0;
          set({ cursor });
        }
      }
    }
  }

  function showResult(T: number, previousT: number | null): void {
    const s = get();
    if (s.linkStep !== null) {
      applyLink(T);
      return;
    }
    const selectedStep = s.selectedStep !== null && s.selectedStep < T ? s.selectedStep : null;
    const still = reduceMotion();
    if (s.userPaused || still) {
      // A cursor held at the end of the last result (skip, the scrubber's end) stays at the end of this one.
      const atEnd = previousT !== null && s.cursor >= previousT;
      moveTo((still && !s.userPaused) || atEnd ? T : Math.min(s.cursor, T), { playing: false, selectedStep });
    } else moveTo(0, { playing: true, selectedStep });
  }

  return { store, dispatch, showResult };
}

/** The trace row to explain: the selected one, else the last one the cursor has passed. */
export function effectiveStep(s: Pick<PlaybackState, 'selectedStep' | 'cursor'>, T: number | null): number | null {
  if (T === null) return null;
  if (s.selectedStep !== null) return s.selectedStep;
  return s.cursor > 0 ? Math.min(s.cursor, T) - 1 : null;
}
