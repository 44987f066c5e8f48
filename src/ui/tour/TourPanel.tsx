import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { LabResult } from '../../engine/lab/types';
import { algoLabel, STATIC_CATALOG } from '../../state/catalog';
import { runKey } from '../../state/lab/config';
import { pageLabConfig, useLab } from '../../state/labStore';
import { lambdaLessons, lessonWordsFor } from '../../state/lessons';
import { currentHash, useParams } from '../../state/params';
import { savedTourStep, saveTourReturn, saveTourStep, TOUR_STEPS, takeTourReturn, tourHash, tourText } from '../../state/tour';
import { answerTour, useTourAnswer } from '../../state/tourAnswer';
import { cardByTestId, highlightCard } from '../layout/highlight';
import './tour.css';

/** Goes to step `n` (1-based) by its link: the page applies it as a pasted link (urlSync.ts). */
function goToTourStep(n: number): void {
  saveTourStep(n);
  answerTour(n, null);
  window.location.hash = tourHash(n);
}

/** Starts (or resumes) the tour at step `n`, keeping the lab's link to return to afterwards. */
function startTour(n: number): void {
  saveTourReturn(currentHash(null));
  goToTourStep(n);
}

/** Closes the tour and puts back the settings from before it (state/tour.ts takeTourReturn), if it kept them. */
function endTour(): void {
  useParams.getState().setTour(null);
  const back = takeTourReturn();
  if (back !== null) window.location.hash = back;
}

/** Leaves the tour; where it was is kept, to resume. */
export function leaveTour(): void {
  const { tour } = useParams.getState();
  if (tour !== null) saveTourStep(tour);
  endTour();
}

/** The header's button: "Tour", or "Resume tour (3 / 6)" when it was left on the way. */
export function TourButton() {
  const tour = useParams((s) => s.tour);
  const [saved, setSaved] = useState(savedTourStep);
  // Read again whenever the tour closes (it may have been left on another step).
  useEffect(() => {
    if (tour === null) setSaved(savedTourStep());
  }, [tour]);
  if (tour !== null) return null;
  const resume = saved !== null && saved > 1;
  return (
    <button
      type="button"
      className="btn secondary small"
      data-testid="tour-start"
      title="A guided tour of the lab in six steps, each a link"
      onClick={() => startTour(resume ? saved : 1)}
    >
      {resume ? `Resume tour (${saved} / ${TOUR_STEPS.length})` : 'Tour'}
    </button>
  );
}

/**
 * The tour's panel (issue 15, item 2): the step's words, written from the run it shows; at the "predict" step,
 * the reader's pick before the rule is revealed; Back, Next, Leave; the step's link. The step's view is outlined
 * and scrolled to. A non-modal dialog: the lab stays usable beside it, and its heading takes the focus on each step.
 */
export function TourPanel() {
  const tour = useParams((s) => s.tour);
  if (tour === null) return null;
  // A new step is a new panel: the reader's answer belongs to its step.
  return <TourStep key={tour} n={tour} />;
}

/** The λ sweep's sentences for the step's run (state/lessons.ts), once that sweep is done; null before. */
function useStepLessons(run: LabResult | null): string[] | null {
  const sweep = useLab((s) => (s.sweeps.lambda.status === 'done' ? s.sweeps.lambda.result : null));
  return useMemo(() => {
    if (!run || !sweep) return null;
    const words = lessonWordsFor(run.config, (id) => algoLabel(STATIC_CATALOG, id), Number(run.summary.params.tauMax));
    return lambdaLessons(sweep, run.config.algos, words);
  }, [run, sweep]);
}

function TourStep({ n }: { n: number }) {
  const spec = TOUR_STEPS[n - 1];
  const params = useParams((s) => s.params);
  const result = useLab((s) => s.result);
  const status = useLab((s) => s.status);
  const trace = useLab((s) => s.trace);
  // The words need the step's own run, finished, and its trace (a job of its own, after the run): not the one before.
  const shown = useMemo(
    () =>
      result !== null && status === 'done' && trace.status === 'done' && runKey(result.config) === runKey(pageLabConfig(params))
        ? { ...result, trace: trace.rows }
        : null,
    [result, status, trace, params],
  );
  const answer = useTourAnswer((s) => (s.step === n ? s.answer : null));
  const setAnswer = (a: number) => answerTour(n, a);
  const lessons = useStepLessons(spec.id === 'lambda' ? shown : null);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = shown !== null;

  useEffect(() => heading.current?.focus(), []);
  // Outline the step's view and bring it into sight once its run is drawn, and again once the reader answers: the
  // oracle's plans, hidden until then, make every row of the trace taller, and would push the named prompt out of sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer changes the layout, not what is outlined
  useEffect(() => {
    if (!ready) return;
    const card = cardByTestId(spec.highlight);
    // The prompt the words name is selected (the step's link) and shown in the trace: its row is what comes into sight.
    const row = spec.step !== null ? document.querySelector(`[data-testid="trace-row"][data-step="${spec.step}"]`) : null;
    return card ? highlightCard(card, 'tour', row) : undefined;
  }, [ready, spec.highlight, spec.step, answer]);

  const last = n === TOUR_STEPS.length;
  return (
    <aside className="tour-panel" role="dialog" aria-modal="false" aria-labelledby={headingId} data-testid="tour-panel" data-step={spec.id} data-ready={ready}>
      <p className="tour-count">
        Tour · step {n} of {TOUR_STEPS.length}
      </p>
      <h2 id={headingId} ref={heading} tabIndex={-1} data-testid="tour-title">
        {spec.title}
      </h2>
      <p className="tour-text" data-testid="tour-text" aria-live="polite">
        {tourText(spec, shown, answer, lessons)}
      </p>
      {spec.id === 'predict' && shown && (
        <fieldset className="tour-choices" data-testid="tour-choices">
          <legend className="sr-only">Which model would you ask first?</legend>
          {shown.world.arms.map((arm, i) => (
            <button
              key={arm}
              type="button"
              className={answer === i ? 'btn small on' : 'btn small secondary'}
              aria-pressed={answer === i}
              disabled={answer !== null}
              onClick={() => setAnswer(i)}
              data-testid={`tour-choice-${i}`}
            >
              {arm} · {shown.world.costs[i]}
            </button>
          ))}
        </fieldset>
      )}
      <div className="tour-buttons">
        <button type="button" className="btn small secondary" disabled={n === 1} onClick={() => goToTourStep(n - 1)} data-testid="tour-back">
          ← Back
        </button>
        {last ? (
          <button
            type="button"
            className="btn small primary"
            onClick={() => {
              saveTourStep(null);
              endTour();
            }}
            data-testid="tour-finish"
          >
            Finish
          </button>
        ) : (
          <button type="button" className="btn small primary" onClick={() => goToTourStep(n + 1)} data-testid="tour-next">
            Next →
          </button>
        )}
        <button type="button" className="btn small link" onClick={leaveTour} data-testid="tour-leave" title="Leave the tour; the Tour button resumes it here">
          Leave
        </button>
        <a className="tour-link" href={tourHash(n)} data-testid="tour-step-link">
          Link to this step
        </a>
      </div>
    </aside>
  );
}
