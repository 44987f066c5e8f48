import { useEffect } from 'react';
import { dispatch, usePlayback } from '../../state/labStore';

/** Drives the playback cursor with requestAnimationFrame while playing. */
export function usePlaybackClock(): void {
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
}
