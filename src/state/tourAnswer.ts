/**
 * The reader's answer at the tour's "predict" step (issue 41, item 4), in a store of its own so the views that would
 * give the answer away (the oracle's plan and its pick in the trace and the "Why this model?" panel) can hold it
 * back until the reader has answered.
 */
import { create } from 'zustand';
import { useParams } from './params';
import { TOUR_STEPS } from './tourSteps';

interface TourAnswer {
  /** The tour step the answer belongs to (1-based), or null. */
  step: number | null;
  /** The model the reader picked, or null before they answer. */
  answer: number | null;
}

export const useTourAnswer = create<TourAnswer>(() => ({ step: null, answer: null }));

export function answerTour(step: number, answer: number | null): void {
  useTourAnswer.setState({ step, answer });
}

/** Whether the page holds back the oracle's answer: the tour is at its predict step and the reader has not answered. */
export function useOracleHidden(): boolean {
  const tour = useParams((s) => s.tour);
  const answered = useTourAnswer((s) => s.step === tour && s.answer !== null);
  return tour !== null && TOUR_STEPS[tour - 1]?.id === 'predict' && !answered;
}
