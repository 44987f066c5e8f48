import { useDeferredValue, useMemo } from 'react';
import { fmtCount, fmtShort } from '../../engine/lab/format';
import type { SweepResult } from '../../engine/lab/types';
import { sweepValues } from '../../state/lab/config';
import type { SweepState } from '../../state/lab/controller';
import type { SweepParam } from '../../state/lab/jobs';
import { SWEEP_NAMES, sweepWaitText } from '../../state/lab/runStatusText';
import { dispatch, useLab } from '../../state/labStore';
import { lambdaLessons, lessonWordsFor, tauMaxLessons } from '../../state/lessons';
import { useParams } from '../../state/params';
import { useResultAlgos } from '../hooks/useResultAlgos';
import { useSweepOnScreen } from '../hooks/useSweepOnScreen';
import { Card } from '../layout/Card';
import { LambdaSweepPlot, TradeoffPlot } from '../views/lazyCharts';
import type { AlgoInfo } from '../views/props';

/** Running, or waiting for its turn (the run, or the other sweep's round). */
const computing = (status: SweepState['status']) => status === 'running' || status === 'pending';

/**
 * A sweep's points over its first trials, while it computes or waits for its next round (the controller keeps
 * them only for the current parameters); null otherwise.
 */
const shownPartial = (s: SweepState) => (computing(s.status) ? s.partial : null);

/**
 * What a sweep's plot draws: its points so far while it computes (`partial`), else its last result, and its
 * status. Results and statuses only: progress messages do not re-draw the plots.
 */
function useShownSweep(param: SweepParam) {
  const result = useLab((s) => shownPartial(s.sweeps[param]) ?? s.sweeps[param].result);
  const partial = useLab((s) => shownPartial(s.sweeps[param]) !== null);
  const status = useLab((s) => s.sweeps[param].status);
  return useMemo(() => ({ result, partial, status }), [result, partial, status]);
}

/** Dimmed while what it draws is not the sweep being computed: a partial sweep is that sweep's own points. */
const busy = ({ status, partial }: ReturnType<typeof useShownSweep>) => computing(status) && !partial;

/**
 * What a sweep is doing, under its plot: its progress with Cancel while it computes, a button when it is
 * stopped (cancelled, or its run failed or was cancelled), its error and a button to try again when it failed. Its own component:
 * progress messages re-draw only it.
 */
function SweepStatus({ param }: { param: SweepParam }) {
  const status = useLab((s) => s.sweeps[param].status);
  const error = useLab((s) => s.sweeps[param].error);
  const wanted = useLab((s) => s.sweeps[param].wanted);
  const { done, total } = useLab((s) => s.sweeps[param].progress);
  const drawnTrials = useLab((s) => shownPartial(s.sweeps[param])?.trials ?? 0);
  const trials = useParams((s) => s.params.trials);
  const runDone = useLab((s) => s.status === 'done');
  const inFlight = useLab((s) => s.jobs.inFlight?.kind ?? null);
  const name = SWEEP_NAMES[param];
  // Computing, or paused between rounds while the other sweep takes its turn (its points so far stay drawn).
  if (status === 'running' || drawnTrials > 0) {
    const pct = total > 0 ? Math.floor((100 * done) / total) : 0;
    // The button comes first: after the counts, it would move with every progress message and be hard to hit.
    return (
      <p className="sweep-status muted" role="status" data-testid={`sweep-status-${param}`}>
        <button type="button" className="btn secondary small" data-testid={`sweep-cancel-${param}`} onClick={() => dispatch({ type: 'cancel-sweep', param })}>
          Cancel
        </button>{' '}
        {status === 'running' ? `Computing the ${name}…` : `${sweepWaitText(param, inFlight, runDone)}:`} {pct}% ({fmtCount(done)} of {fmtCount(total)}{' '}
        prompt-steps)
        {drawnTrials > 0 && (
          <>
            {'. '}
            <span data-testid={`sweep-partial-${param}`} data-trials={drawnTrials}>
              Drawn so far: every value over its first {drawnTrials} of {trials} trials
            </span>
            , refined as more finish.
          </>
        )}
      </p>
    );
  }
  // A failed sweep is held, not retried by itself (the controller): the button asks for it again.
  const again = (label: string) => (
    <button type="button" className="btn secondary small" data-testid={`sweep-run-${param}`} onClick={() => dispatch({ type: 'run-sweep', param })}>
      {label}
    </button>
  );
  if (status === 'error') {
    return (
      <p className="error-text" data-testid={`sweep-error-${param}`}>
        The {name} failed: {error} {again('Try again')}
      </p>
    );
  }
  if (status === 'idle' && wanted && runDone) {
    return (
      <p className="sweep-status muted" data-testid={`sweep-status-${param}`}>
        The {name} is stopped. {again('Compute it')}
      </p>
    );
  }
  return null;
}

/**
 * What a sweep on screen shows, in words (issue 41, items 1 and 2; state/lessons.ts): for λ, where each learner's cost
 * first moves and why; for τ_max, how success and cost move with the budget and from where they stop moving. Written
 * from the points drawn, so they are true of them at every round.
 */
function SweepLessons({ param, sweep, algos, tauMax }: { param: SweepParam; sweep: SweepResult | null; algos: readonly AlgoInfo[]; tauMax: number }) {
  const config = useLab((s) => s.result?.config);
  const lines = useMemo(() => {
    if (!sweep || !config) return [];
    const label = new Map(algos.map((a) => [a.id, a.label]));
    const words = lessonWordsFor(config, (id) => label.get(id) ?? id, tauMax);
    const ids = algos.map((a) => a.id);
    return param === 'lambda' ? lambdaLessons(sweep, ids, words) : tauMaxLessons(sweep, ids, words);
  }, [param, sweep, algos, config, tauMax]);
  if (lines.length === 0) return null;
  return (
    <ul className="sweep-lessons" data-testid={`${param === 'lambda' ? 'lambda' : 'tau'}-lessons`}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

export function SweepsSection() {
  const tau = useShownSweep('tauMax');
  const lam = useShownSweep('lambda');
  const tauMax = useParams((s) => s.params.tauMax);
  const lambda = useParams((s) => s.params.lambda);
  const algos = useResultAlgos();
  // A slider's change re-draws both plots (the current value is marked; a sweep is pending): that happens in a
  // background render, so the slider itself answers at once. The cards' data-state follows what is drawn.
  const live = useMemo(() => ({ tau, lam, tauMax, lambda, algos }), [tau, lam, tauMax, lambda, algos]);
  const d = useDeferredValue(live);
  // The λ values swept, from the run's configuration (as the τ_max card lists its own): the card's words name their ends.
  const lambdas = sweepValues('lambda', d.lambda);
  // Each sweep is computed only while its card is on screen (or about to be).
  const tauRef = useSweepOnScreen('tauMax');
  const lambdaRef = useSweepOnScreen('lambda');
  return (
    <div className="grid-2">
      <Card
        title={
          <>
            Trade-off: budget τ<sub>max</sub>
          </>
        }
        sub={`Success against cost as the round budget grows (${sweepValues('tauMax', d.tauMax).join(', ')}).`}
        testId="card-tradeoff"
        className="chart-card"
        state={d.tau.status}
        ref={tauRef}
      >
        <TradeoffPlot sweep={d.tau.result} algos={d.algos} current={d.tauMax} loading={busy(d.tau)} />
        <SweepStatus param="tauMax" />
        {!busy(d.tau) && <SweepLessons param="tauMax" sweep={d.tau.result} algos={d.algos} tauMax={d.tauMax} />}
      </Card>
      <Card
        title="Cost weight λ"
        sub={`Utility, cost and success from λ = ${fmtShort(lambdas[0])} to ${fmtShort(lambdas[lambdas.length - 1])} (log scale).`}
        testId="card-lambda"
        className="chart-card"
        state={d.lam.status}
        ref={lambdaRef}
      >
        <LambdaSweepPlot sweep={d.lam.result} algos={d.algos} current={d.lambda} loading={busy(d.lam)} />
        <SweepStatus param="lambda" />
        {!busy(d.lam) && <SweepLessons param="lambda" sweep={d.lam.result} algos={d.algos} tauMax={d.tauMax} />}
      </Card>
    </div>
  );
}

// A new result reaches the sections that only describe the whole run (usage, results, summary) in a background
// render: the store's update itself is synchronous (zustand), and drawing them all in it was one long task.
