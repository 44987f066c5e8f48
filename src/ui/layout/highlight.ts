/**
 * Outlining a card to point a reader at it: the preset menu's "Show me" (for a moment) and the guided tour's
 * step (while the step is open) share this one mechanism, `data-highlight` on the card (styles.css), so a card
 * pointed at by both never keeps a stale outline.
 */

/** Who points at a card: the value of its `data-highlight`. */
type Pointer = 'preset' | 'tour';

/** The card with data-testid `testId`, if the page has it. */
export function cardByTestId(testId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
}

/**
 * Scrolls `card` to the top of the view, or `focus` (a part of the page the pointer is about, such as a trace row) to
 * its middle, at once when the reader prefers reduced motion, and outlines the card. Returns the undo, which removes
 * the outline only if it is still this pointer's.
 */
export function highlightCard(card: HTMLElement, by: Pointer, focus: Element | null = null): () => void {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  (focus ?? card).scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: focus ? 'center' : 'start' });
  card.setAttribute('data-highlight', by);
  return () => {
    if (card.getAttribute('data-highlight') === by) card.removeAttribute('data-highlight');
  };
}
