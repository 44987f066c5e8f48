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

/** Where typing goes: a text field or an editable element keeps every key, even in a slide deck. */
function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  return target.tagName === 'INPUT' && !['range', 'checkbox', 'radio', 'button', 'submit', 'reset'].includes((target as HTMLInputElement).type);
}

type SlideMove = 'next' | 'prev' | 'first' | 'last';

/**
 * Keys that move a slide deck: a presenter's clicker sends PageDown/PageUp (some send arrows or Space), so each moves
 * to the next or previous slide; Home and End go to the first or last.
 */
function slideMove(e: KeyboardEvent): SlideMove | undefined {
  if (e.key === ' ' || e.code === 'Space') return e.shiftKey ? 'prev' : 'next';
  return ({ ArrowRight: 'next', PageDown: 'next', ArrowLeft: 'prev', PageUp: 'prev', Home: 'first', End: 'last' } as const)[e.key];
}

/**
 * Space = play/pause, → = one more prompt; Escape leaves presentation mode (via `onEscape`). With `onSlide`
 * (presentation mode), ←/→, PageUp/PageDown, Space and Home/End move between slides instead, whatever has the focus
 * (a button, a link, a slider) but a text field, so a clicker works wherever the presenter last clicked; a widget
 * that uses a key itself (a chart's points, the trace's rows: they prevent its default) keeps it.
 */
export function useKeyboard(onEscape?: () => void, onSlide?: (to: SlideMove) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Escape') {
        onEscape?.();
        return;
      }
      const slide = onSlide && !typingTarget(e.target) ? slideMove(e) : undefined;
      if (slide) {
        // Also keeps a focused button from acting on the key (Space would click it).
        e.preventDefault();
        onSlide?.(slide);
        return;
      }
      if (keyBelongsToTarget(e.target)) return;
      if (e.key === ' ' || e.code === 'Space') {
        e.preventDefault(); // no page scroll
        dispatch({ type: 'toggle-play' });
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        dispatch({ type: 'step' });
      }
    };
    // A focused button clicks on Space's release: in a deck that key moved the slide on its press.
    const onKeyUp = (e: KeyboardEvent) => {
      if (onSlide && (e.key === ' ' || e.code === 'Space') && !typingTarget(e.target)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [onEscape, onSlide]);
}
