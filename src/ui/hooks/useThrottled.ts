import { useEffect, useRef, useState } from 'react';

/**
 * `value`, but while `throttle` is on, updated at most every `ms` (and always to the latest value): the four
 * curve charts cost far more to re-draw than the trace, so they follow a playing cursor a few times a second.
 */
export function useThrottled<T>(value: T, ms: number, throttle: boolean): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (!throttle) {
      last.current = 0;
      setShown(value);
      return;
    }
    const wait = last.current + ms - performance.now();
    if (wait <= 0) {
      last.current = performance.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = performance.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms, throttle]);
  return throttle ? shown : value;
}
