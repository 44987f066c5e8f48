import { useDeferredValue } from 'react';
import { algoLabel } from '../../state/catalog';
import { useCatalog } from '../../state/catalogStore';
import { effectiveStep } from '../../state/lab/playback';
import { traceComingText } from '../../state/lab/runStatusText';
import { dispatch, setParams, useLab, usePlayback } from '../../state/labStore';
import { useParams } from '../../state/params';
import { useOracleHidden } from '../../state/tourAnswer';
import { HELP } from '../controls/help';
import { useThrottled } from '../hooks/useThrottled';
import { Card } from '../layout/Card';
import { DecisionPanel } from '../views/DecisionPanel';
import { EscalationTrace } from '../views/EscalationTrace';

/**
 * While playing, the decision panel follows the cursor at most this often. Its tables are the playback's most
 * costly layout (a fresh set of per-model rows for every prompt); at 20 updates a second they cannot be read anyway.
 */
const DECISION_REDRAW_MS = 250;

function TracePicker() {
  const algos = useParams((s) => s.params.algos);
  const traceAlgo = useParams((s) => s.params.traceAlgo);
  const catalog = useCatalog((s) => s.catalog);
  return (
    <label className="inline-select" title={HELP.trace}>
      <span>Trace of</span>
      <select value={traceAlgo} data-testid="trace-algo" onChange={(e) => setParams({ traceAlgo: e.target.value })}>
        {algos.map((id) => (
          <option key={id} value={id}>
            {algoLabel(catalog, id)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** `rows`: how many prompts the trace lists; a slide lists fewer than the page, and its last decision only, to fit a screen. */
export function TraceSection({ rows }: { rows?: number } = {}) {
  const result = useLab((s) => s.result);
  const catalog = useCatalog((s) => s.catalog);
  // While playing, the trace and the decision panel follow the cursor in a background render (the store's update
  // is synchronous: it would draw them inside the playback's animation frame); a step or a pick shows at once.
  const liveCursor = usePlayback((s) => s.cursor);
  const playing = usePlayback((s) => s.playing);
  const deferredCursor = useDeferredValue(liveCursor);
  const cursor = playing ? deferredCursor : liveCursor;
  const selectedStep = usePlayback((s) => s.selectedStep);
  const hideOracle = useOracleHidden();
  const lambda = useParams((s) => s.params.lambda);
  const T = result?.config.T ?? null;
  const step = effectiveStep({ selectedStep, cursor }, T);
  // The panel's prompt; the trace's pressed row (`step`) is the newest one played, even between the panel's redraws.
  const panelCursor = useThrottled(cursor, DECISION_REDRAW_MS, playing);
  const panelStep = effectiveStep({ selectedStep, cursor: panelCursor }, T);
  // The trace shown (a job of its own, after the run): until the new run's trace is in, the last one of the same
  // world, with the world it names and its λ.
  const trace = useLab((s) => s.trace);
  const runStatus = useLab((s) => s.status);
  const wantedTrace = useParams((s) => s.params.traceAlgo);
  const row = panelStep !== null ? (trace.rows[panelStep] ?? null) : null;
  const traceAlgo = trace.algo ?? undefined;
  const traceLabel = traceAlgo ? algoLabel(catalog, traceAlgo) : undefined;
  return (
    <div className="grid-trace">
      <Card
        title="Escalation trace"
        sub="Each prompt: the models asked in order until one succeeded, beside the oracle's plan. Click a prompt to see why."
        testId="card-trace"
        state={trace.status}
        aside={<TracePicker />}
      >
        {trace.status === 'error' && <p className="error-text">The trace failed: {trace.error}</p>}
        <EscalationTrace
          rows={trace.rows}
          cursor={cursor}
          arms={trace.world?.arms ?? []}
          categories={trace.world?.categories ?? []}
          coming={traceComingText(trace.status, runStatus, algoLabel(catalog, wantedTrace))}
          selectedStep={step}
          onSelect={(s) => dispatch({ type: 'select-step', step: s === selectedStep ? null : s })}
          algoLabel={traceLabel}
          visible={rows}
          pinnedStep={playing ? null : selectedStep}
          hideOracle={hideOracle}
        />
      </Card>
      <Card title="Why this model?" sub="The learner's estimates at each query of the selected prompt, and the truth." testId="card-decision">
        <DecisionPanel
          row={row}
          arms={trace.world?.arms ?? []}
          lambda={trace.config?.params.lambda ?? lambda}
          algo={traceAlgo}
          algoLabel={traceLabel}
          categories={trace.world?.categories}
          hideOracle={hideOracle}
          lastOnly={rows !== undefined}
        />
      </Card>
    </div>
  );
}
