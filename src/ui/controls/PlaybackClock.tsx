import { useEffect } from 'react';
import { dispatch, usePlayback } from '../../state/labStore';

/**
 * Drives the playback cursor with requestAnimationFrame while playing, and renders nothing. A component of its
 * own because it reads `playing`: as a hook in App it re-rendered the whole page (every card, the sidebar's
 * controls) each time the playback started or stopped, which made the end of a first visit's playback a 52–57 ms
 * task (issue 13's goal: 50).
 */
export function PlaybackClock(): null {
  const playing = usePlayback((s) => s.playing);
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function loop(now) {
      // Cap a frame's step: a background tab resumes where it was rather than jumping to the end.
      dispatch({ type: 'tick', ms: Math.min(100, now - last) });
      last = now;
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);
  return null;
}
