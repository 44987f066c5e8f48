/**
 * The lab's parameters: one zustand store, mirrored in the URL hash (src/state/urlCodec.ts) and saved in
 * localStorage. On load the hash wins; with no hash the last saved settings come back; with neither, the
 * defaults. Changing a parameter rewrites the hash with history.replaceState (no history entry per change).
 */
import { create } from 'zustand';
import { clampSlide } from './slides';
import { DEFAULT_HASH_STATE, DEFAULT_PARAMS, decodeHash, encodeHash, type HashState, type LabParams, type Notice, resolveTraceAlgo } from './urlCodec';

export type { LabParams, Notice } from './urlCodec';

export const STORAGE_KEY = 'promptwise-lab:settings';

export interface NoticeItem extends Notice {
  id: number;
}

export interface ParamsState {
  params: LabParams;
  /** Presentation mode: controls hidden, charts enlarged. */
  present: boolean;
  /** The guided tour's step (1-based), or null when the tour is not open (state/tour.ts). */
  tour: number | null;
  /** Presentation mode's slide (0-based, state/slides.ts): in the link while presenting, kept for the session. */
  slide: number;
  /** What was wrong in the link, shown until dismissed. */
  notices: NoticeItem[];

  set(patch: Partial<LabParams>): void;
  toggleAlgo(id: string): void;
  rerollSeed(): void;
  setPresent(on: boolean): void;
  /** To slide `i` (0-based), kept within the deck. */
  goToSlide(i: number): void;
  /** Leaves the tour (null); its steps are entered by their links (state/tour.ts goToTourStep). */
  setTour(step: number | null): void;
  dismissNotice(id: number): void;
  dismissAllNotices(): void;
  /**
   * Applies a hash typed or pasted by the user (hashchange); returns the trace step it asks for (null when none),
   * which playback shows once the link's run is (src/state/lab/playback.ts).
   */
  applyHash(hash: string): number | null;
  /** Back to the defaults (keeps presentation mode). */
  resetParams(): void;
  /** Something read back from storage could not be used (and was dropped): say so beside the link's notices. */
  addNotices(notices: Notice[]): void;
  /** A link's world cannot run here (src/state/worldCheck.ts): use `world` instead and say why. */
  replaceWorld(world: string, notice: Notice): void;
}

const withTraceAlgo = (p: LabParams): LabParams => ({ ...p, traceAlgo: resolveTraceAlgo(p.algos, p.traceAlgo) });

let noticeId = 0;
const withIds = (notices: Notice[]): NoticeItem[] => notices.map((n) => ({ ...n, id: ++noticeId }));

function readStorage(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

/** Where the page starts: the hash if it says anything, else the saved settings, else the defaults. */
function initialState(): { state: HashState; notices: Notice[] } {
  if (typeof window === 'undefined') return { state: DEFAULT_HASH_STATE, notices: [] };
  const fromHash = decodeHash(window.location.hash);
  if (fromHash.hasState) return { state: fromHash.state, notices: fromHash.notices };
  const saved = readStorage();
  if (saved) {
    // Saved settings were valid when written; if the lab changed since, quietly use the defaults for what is not.
    const fromSaved = decodeHash(saved);
    return { state: { ...fromSaved.state, present: false, step: null, tour: null, slide: 0 }, notices: [] };
  }
  return { state: DEFAULT_HASH_STATE, notices: [] };
}

const init = initialState();

/** The trace step the page's link asked for when it loaded. */
export const initialLinkStep = init.state.step;

export const useParams = create<ParamsState>()((set, get) => ({
  params: init.state.params,
  present: init.state.present,
  tour: init.state.tour ?? null,
  slide: init.state.slide ?? 0,
  notices: withIds(init.notices),

  set(patch) {
    // The controls emit valid values (their bounds are the registry's); only the traced algorithm follows the algorithms.
    set((s) => ({ params: withTraceAlgo({ ...s.params, ...patch }) }));
  },

  toggleAlgo(id) {
    const { params } = get();
    const on = params.algos.includes(id);
    if (on && params.algos.length === 1) return; // at least one algorithm runs
    const algos = on ? params.algos.filter((a) => a !== id) : [...params.algos, id];
    get().set({ algos });
  },

  rerollSeed() {
    const { seed } = get().params;
    let next = seed;
    while (next === seed) next = Math.floor(Math.random() * 100_000);
    get().set({ seed: next });
  },

  setPresent(on) {
    set({ present: on });
  },

  goToSlide(i) {
    set({ slide: clampSlide(i) });
  },

  setTour(step) {
    set({ tour: step });
  },

  dismissNotice(id) {
    set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  },

  dismissAllNotices() {
    set({ notices: [] });
  },

  applyHash(hash) {
    const decoded = decodeHash(hash);
    if (!decoded.hasState) return null;
    set({
      // Decoded field by field, the traced algorithm resolved: valid as it is.
      params: decoded.state.params,
      present: decoded.state.present,
      tour: decoded.state.tour ?? null,
      slide: decoded.state.slide ?? 0,
      notices: withIds(decoded.notices),
    });
    return decoded.state.step;
  },

  resetParams() {
    set({ params: { ...DEFAULT_PARAMS, algos: [...DEFAULT_PARAMS.algos] } });
  },

  addNotices(notices) {
    if (notices.length > 0) set((s) => ({ notices: [...s.notices, ...withIds(notices)] }));
  },

  replaceWorld(world, notice) {
    set((s) => ({ params: { ...s.params, world }, notices: [...s.notices, ...withIds([notice])] }));
  },
}));

/** The hash for the current state (the selected step comes from the lab store). */
export function currentHash(step: number | null): string {
  const { params, present, tour, slide } = useParams.getState();
  return encodeHash({ params, present, step, tour, slide });
}

/** The shareable link of the current state. */
export function currentLink(step: number | null): string {
  const { origin, pathname, search } = window.location;
  return `${origin}${pathname}${search}${currentHash(step)}`;
}

/** Writes the hash (replaceState: no history entry) and saves the parameters. */
export function writeLocation(step: number | null): void {
  const hash = currentHash(step);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, encodeHash({ params: useParams.getState().params, present: false, step: null }));
  } catch {
    // storage full or disabled: the link still carries the state
  }
  if (window.location.hash === hash) return;
  const { pathname, search } = window.location;
  history.replaceState(history.state, '', `${pathname}${search}${hash}`);
}
