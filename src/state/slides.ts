/**
 * Presentation mode's slides (issue 15, item 4): one view per screen, in the order a talk tells the story. The
 * deck is data here (ids and titles); ui/present/SlideDeck.tsx draws each slide's view. The slide shown is page
 * state, kept for the session, not in the link: a link in presentation mode opens on the first slide.
 */
import { create } from 'zustand';

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

interface SlidesState {
  index: number;
  /** To slide `i`, kept within the deck. */
  go(i: number): void;
}

const clampIndex = (i: number) => Math.min(SLIDES.length - 1, Math.max(0, Math.trunc(i)));

export const useSlides = create<SlidesState>()((set) => ({
  index: 0,
  go: (i) => set({ index: clampIndex(i) }),
}));
