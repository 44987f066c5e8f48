/**
 * Playback on its own: it follows the results it is shown (showResult) and the intents of the controls, and
 * never needs a run to compute.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayback, effectiveStep, type Playback, type ShownRun } from './playback';

let shown: ShownRun | null;
let reduceMotion: boolean;
let playback: Playback;
const state = () => playback.store.getState();

/** A new result of T prompts replaces the shown one. */
function show(T: number): void {
  const previousT = shown?.T ?? null;
  shown = { T, current: true };
  playback.showResult(T, previousT);
}

function make(linkStep: number | null = null): void {
  shown = null;
  reduceMotion = false;
  playback = createPlayback({ shown: () => shown, reduceMotion: () => reduceMotion, linkStep });
}

describe('playback', () => {
  beforeEach(() => {
    make();
    show(1000);
  });

  it('replays a finished run from 0 at 125 prompts a second', () => {
    expect(state()).toMatchObject({ cursor: 0, playing: true, speed: 1 });
    playback.dispatch({ type: 'tick', ms: 1000 });
    expect(state().cursor).toBe(125);
    playback.dispatch({ type: 'set-speed', speed: 4 });
    playback.dispatch({ type: 'tick', ms: 1000 });
    expect(state().cursor).toBe(625);
    playback.dispatch({ type: 'tick', ms: 100_000 });
    expect(state()).toMatchObject({ cursor: 1000, playing: false });
  });

  it('steps, pauses, rewinds, skips and replays', () => {
    playback.dispatch({ type: 'tick', ms: 400 });
    playback.dispatch({ type: 'step' });
    expect(state()).toMatchObject({ cursor: 51, playing: false });
    playback.dispatch({ type: 'tick', ms: 1000 });
    expect(state().cursor).toBe(51);
    playback.dispatch({ type: 'toggle-play' });
    expect(state().playing).toBe(true);
    playback.dispatch({ type: 'skip-to-end' });
    expect(state()).toMatchObject({ cursor: 1000, playing: false });
    playback.dispatch({ type: 'play' }); // at the end: from the start again
    expect(state()).toMatchObject({ cursor: 0, playing: true });
    playback.dispatch({ type: 'rewind' });
    expect(state()).toMatchObject({ cursor: 0, playing: false });
  });

  it('holds a skipped-to-end playback at the end of the next result, as the scrubber does', () => {
    playback.dispatch({ type: 'tick', ms: 400 });
    playback.dispatch({ type: 'skip-to-end' });
    show(2000);
    expect(state()).toMatchObject({ cursor: 2000, playing: false });
    playback.dispatch({ type: 'seek', cursor: 2000 });
    show(500);
    expect(state()).toMatchObject({ cursor: 500, playing: false });
  });

  it('keeps a paused cursor for the next result, and a selected step within T', () => {
    playback.dispatch({ type: 'tick', ms: 800 });
    playback.dispatch({ type: 'pause' });
    playback.dispatch({ type: 'select-step', step: 42 });
    expect(state().selectedStep).toBe(42);
    playback.dispatch({ type: 'select-step', step: 5000 }); // beyond T: ignored
    expect(state().selectedStep).toBe(42);
    show(1000);
    expect(state()).toMatchObject({ cursor: 100, playing: false, selectedStep: 42 });
    show(40); // a shorter run drops a selection beyond its end
    expect(state()).toMatchObject({ cursor: 40, selectedStep: null });
  });

  it('shows a result at its end, not replayed, when the user prefers reduced motion', () => {
    reduceMotion = true;
    show(300);
    expect(state()).toMatchObject({ cursor: 300, playing: false });
  });

  it('explains the selected row, else the last one the cursor passed', () => {
    playback.dispatch({ type: 'seek', cursor: 10 });
    expect(effectiveStep(state(), 1000)).toBe(9);
    playback.dispatch({ type: 'select-step', step: 3 });
    expect(effectiveStep(state(), 1000)).toBe(3);
    expect(effectiveStep(state(), null)).toBeNull();
  });
});

describe('playback: a link’s step', () => {
  it('waits for the link’s run, then shows it finished with the step selected', () => {
    make(7);
    expect(state().selectedStep).toBe(7);
    show(100);
    expect(state()).toMatchObject({ cursor: 100, playing: false, selectedStep: 7, linkStep: null });
  });

  it('applies at once when the shown run is the link’s, and waits when it is not', () => {
    make();
    show(100);
    playback.dispatch({ type: 'link-step', step: 12 });
    expect(state()).toMatchObject({ cursor: 100, selectedStep: 12, linkStep: null });
    shown = { T: 100, current: false };
    playback.dispatch({ type: 'link-step', step: 30 });
    expect(state()).toMatchObject({ selectedStep: 12, linkStep: 30 });
    show(100);
    expect(state()).toMatchObject({ selectedStep: 30, linkStep: null });
  });

  it('drops a step beyond the run', () => {
    make(500);
    show(100);
    expect(state()).toMatchObject({ cursor: 100, selectedStep: null });
  });
});
