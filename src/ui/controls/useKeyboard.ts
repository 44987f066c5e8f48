import { useEffect } from 'react';
import { dispatch } from '../../state/labStore';

/** Where a key belongs to the focused element (typing, sliders, buttons, menus), not to the lab. */
function keyBelongsToTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || tag === 'BUTTON' || tag === 'SUMMARY' || tag === 'A') return true;
  const role = target.getAttribute('role');
  // A focusable region is a scroll container (the results table): its arrow keys scroll it.
  return role === 'slider' || role === 'textbox' || role === 'button' || role === 'option' || role === 'menuitem' || role === 'combobox' || role === 'region';
}

/** Keys that move a slide deck: to the next or previous slide, or to its first or last. */
const SLIDE_KEYS: Record<string, 'next' | 'prev' | 'first' | 'last'> = {
  ArrowRight: 'next',
  PageDown: 'next',
  ArrowLeft: 'prev',
  PageUp: 'prev',
  Home: 'first',
  End: 'last',
};

/**
 * Space = play/pause, → = one more prompt; Escape leaves presentation mode (via `onEscape`). With `onSlide`
 * (presentation mode), ←/→, PageUp/PageDown, Home and End move between slides instead, and Space still plays.
 */
export function useKeyboard(onEscape?: () => void, onSlide?: (to: 'next' | 'prev' | 'first' | 'last') => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Escape') {
        onEscape?.();
        return;
      }
      if (keyBelongsToTarget(e.target)) return;
      const slide = onSlide ? SLIDE_KEYS[e.key] : undefined;
      if (slide) {
        e.preventDefault();
        onSlide?.(slide);
      } else if (e.key === ' ' || e.code === 'Space') {
        e.preventDefault(); // no page scroll
        dispatch({ type: 'toggle-play' });
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        dispatch({ type: 'step' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onEscape, onSlide]);
}
