import { useDeferredValue, useMemo } from 'react';
import { sweepValues } from '../../state/lab/config';
import { useLab } from '../../state/labStore';
import { useParams } from '../../state/params';
import { useResultAlgos } from '../hooks/useResultAlgos';
import { Card } from '../layout/Card';
import { LambdaSweepPlot } from '../views/LambdaSweepPlot';
import { TradeoffPlot } from '../views/TradeoffPlot';

export function SweepsSection() {
  // Results and statuses only: progress messages do not re-draw the plots.
  const tauResult = useLab((s) => s.sweeps.tauMax.result);
  const tauStatus = useLab((s) => s.sweeps.tauMax.status);
  const tauError = useLab((s) => s.sweeps.tauMax.error);
  const lambdaResult = useLab((s) => s.sweeps.lambda.result);
  const lambdaStatus = useLab((s) => s.sweeps.lambda.status);
  const lambdaError = useLab((s) => s.sweeps.lambda.error);
  const tauMax = useParams((s) => s.params.tauMax);
  const lambda = useParams((s) => s.params.lambda);
  const algos = useResultAlgos();
  // A slider's change re-draws both plots (the current value is marked; a sweep is pending): that happens in a
  // background render, so the slider itself answers at once. The cards' data-state follows what is drawn.
  const live = useMemo(
    () => ({ tauResult, tauStatus, tauError, lambdaResult, lambdaStatus, lambdaError, tauMax, lambda, algos }),
    [tauResult, tauStatus, tauError, lambdaResult, lambdaStatus, lambdaError, tauMax, lambda, algos],
  );
  const d = useDeferredValue(live);
  const busy = (status: string) => status === 'running' || status === 'pending';
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
        state={d.tauStatus}
      >
        <TradeoffPlot sweep={d.tauResult} algos={d.algos} current={d.tauMax} loading={busy(d.tauStatus)} />
        {d.tauStatus === 'error' && <p className="error-text">The τ_max sweep failed: {d.tauError}</p>}
      </Card>
      <Card
        title="Cost weight λ"
        sub="Utility, cost and success from λ = 0.0001 to 1 (log scale)."
        testId="card-lambda"
        className="chart-card"
        state={d.lambdaStatus}
      >
        <LambdaSweepPlot sweep={d.lambdaResult} algos={d.algos} current={d.lambda} loading={busy(d.lambdaStatus)} />
        {d.lambdaStatus === 'error' && <p className="error-text">The λ sweep failed: {d.lambdaError}</p>}
      </Card>
    </div>
  );
}

// A new result reaches the sections that only describe the whole run (usage, results, summary) in a background
// render: the store's update itself is synchronous (zustand), and drawing them all in it was one long task.
