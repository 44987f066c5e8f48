/**
 * Presentation mode's slides (issue 15, item 4): one view per screen, in the order a talk tells the story. The
 * deck is data here (ids and titles); ui/present/SlideDeck.tsx draws each slide's view. The slide shown is in the
 * link (`slide=N`, 1-based, with `present=1`), so a reload mid-talk stays on it: the parameters store holds it
 * (state/params.ts). Imports nothing, so the link codec can bound `slide=N` by the deck.
 */
export const SLIDES = [
  { id: 'summary', title: 'The result' },
  { id: 'trace', title: 'One prompt at a time' },
  { id: 'curves', title: 'Learning curves' },
  { id: 'sweeps', title: 'Trade-offs: τ_max and λ' },
  { id: 'usage', title: 'Which models get asked' },
  { id: 'results', title: 'All the numbers' },
  { id: 'ideas', title: 'The ideas' },
] as const;

export type SlideId = (typeof SLIDES)[number]['id'];

/** Slide index `i` (0-based) kept within the deck. */
export const clampSlide = (i: number) => Math.min(SLIDES.length - 1, Math.max(0, Math.trunc(i)));
