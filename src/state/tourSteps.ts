/**
 * The guided tour's steps as plain data (issue 15, item 2): what each step sets in the lab, which prompt it selects
 * and which view it highlights. Every step is a link (state/tour.ts writes it); the claims each step's words make
 * about its prompt (an escalation, a plan that switches models…) are checked against the engine in tour.test.ts.
 * Imports nothing, so the link codec can bound `tour=N` by it.
 */

/** The lab state every step starts from: Sudoku, the first view's algorithms, a short run (5 trials × 300 prompts). */
export const TOUR_BASE = {
  world: 'sudoku',
  algos: ['promptwise', 'promptwise-budget', 'greedy', 'oracle'],
  T: 300,
  trials: 5,
  seed: 0,
  lambda: 0.01,
  tauMax: 5,
  traceAlgo: 'promptwise',
} as const;

type TourStepId = 'ladder' | 'predict' | 'learner' | 'escalate' | 'budget' | 'lambda';

export interface TourStepSpec {
  id: TourStepId;
  title: string;
  /** What the step changes from TOUR_BASE. */
  params?: { lambda?: number; tauMax?: number };
  /** The trace prompt it selects (0-based step), or null. */
  step: number | null;
  /** The view it highlights and scrolls to (a card's data-testid). */
  highlight: string;
}

export const TOUR_STEPS: readonly TourStepSpec[] = [
  { id: 'ladder', title: 'One prompt and the price ladder', step: 10, highlight: 'card-trace' },
  { id: 'predict', title: 'Your turn: which model first?', step: 5, highlight: 'card-decision' },
  { id: 'learner', title: 'The learner’s q̂ and its bonus shrink with data', step: 280, highlight: 'card-decision' },
  { id: 'escalate', title: 'Escalation after a failure', step: 33, highlight: 'card-decision' },
  { id: 'budget', title: 'The budget τ_max, and when Proposition 1 is not optimal', params: { tauMax: 3 }, step: 4, highlight: 'card-decision' },
  { id: 'lambda', title: 'The λ trade-off', params: { lambda: 0.05 }, step: null, highlight: 'card-lambda' },
];
