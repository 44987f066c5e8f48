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
 * Scrolls `card` to the top of the view (at once when the reader prefers reduced motion) and outlines it.
 * Returns the undo, which removes the outline only if it is still this pointer's.
 */
export function highlightCard(card: HTMLElement, by: Pointer): () => void {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  card.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  card.setAttribute('data-highlight', by);
  return () => {
    if (card.getAttribute('data-highlight') === by) card.removeAttribute('data-highlight');
  };
}
