import { useCallback, useEffect, useRef } from 'react';
import type { SweepParam } from '../../state/lab/jobs';
import { dispatch } from '../../state/labStore';

/**
 * A ref for a sweep's card: the sweep is wanted (computed) while the card is on screen or about to be (200 px
 * ahead), and no longer once it has left. Without IntersectionObserver the sweep is simply wanted.
 */
export function useSweepOnScreen(param: SweepParam): (element: HTMLElement | null) => void {
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element) return;
      if (typeof IntersectionObserver === 'undefined') {
        dispatch({ type: 'sweep-wanted', param, wanted: true });
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          const last = entries.at(-1);
          if (last) dispatch({ type: 'sweep-wanted', param, wanted: last.isIntersecting });
        },
        { rootMargin: '200px 0px' },
      );
      observer.current.observe(element);
    },
    [param],
  );
}
