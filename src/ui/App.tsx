import { lazy, memo, type ReactNode, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { AlgoCurves } from '../engine/lab/types';
import { algoLabel } from '../state/catalog';
import { connectLab, effectiveStep, pageLabConfig, runKey, sweepValues, useLab } from '../state/labStore';
import { useParams } from '../state/params';
import { isDatasetWorldName } from '../state/urlCodec';
import { connectUrl } from '../state/urlSync';
import { ControlsPanel } from './controls/ControlsPanel';
import { HELP } from './controls/help';
import { RunStatus } from './controls/RunStatus';
import { Transport } from './controls/Transport';
import { useKeyboard } from './controls/useKeyboard';
import { PresetMenu } from './presets/PresetMenu';
import { ResultsTable } from './ResultsTable';
import { Summary } from './Summary';
import { CopyLink } from './share/CopyLink';
import { ExportMenu } from './share/ExportMenu';
import { ArmUsagePanel } from './views/ArmUsagePanel';
import { CurvesPanel } from './views/CurvesPanel';
import { DecisionPanel } from './views/DecisionPanel';
import { EscalationTrace } from './views/EscalationTrace';
import { LambdaSweepPlot } from './views/LambdaSweepPlot';
import type { AlgoInfo } from './views/props';
import { Teach } from './views/Teach';
import { TradeoffPlot } from './views/TradeoffPlot';

// Below the fold and not needed for the first picture: loaded after it (the import parser alone is papaparse
// plus the world-format schemas).
const ImportPanel = lazy(() => import('./import/ImportPanel').then((m) => ({ default: m.ImportPanel })));
const PlaygroundPanel = lazy(() => import('./playground/PlaygroundPanel').then((m) => ({ default: m.PlaygroundPanel })));
const AblationPanel = lazy(() => import('./ablation/AblationPanel').then((m) => ({ default: m.AblationPanel })));
const EmbeddingPanel = lazy(() => import('./embed/EmbeddingPanel').then((m) => ({ default: m.EmbeddingPanel })));

/** Drives the playback cursor with requestAnimationFrame while playing. */
function usePlaybackClock(): void {
  const playing = useLab((s) => s.playback.playing);
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function loop(now) {
      // Cap a frame's step: a background tab resumes where it was rather than jumping to the end.
      useLab.getState().tick(Math.min(100, now - last));
      last = now;
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);
}

function Card({
  title,
  sub,
  children,
  className = '',
  testId,
  aside,
  state,
}: {
  title: ReactNode;
  sub?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  aside?: ReactNode;
  /** What the card's data is doing (data-state), for tests and styling. */
  state?: string;
}) {
  return (
    <section className={`card ${className}`} data-testid={testId} data-state={state}>
      <div className="card-head">
        <div className="card-titles">
          <h2>{title}</h2>
          {sub && <p className="card-sub">{sub}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Notices() {
  const notices = useParams((s) => s.notices);
  const dismiss = useParams((s) => s.dismissNotice);
  const dismissAll = useParams((s) => s.dismissAllNotices);
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="alert" data-testid="notices">
      <div className="notices-head">
        <strong>Some settings in the link were not valid</strong>
        <button type="button" className="btn link" onClick={dismissAll}>
          Dismiss all
        </button>
      </div>
      <ul>
        {notices.map((n) => (
          <li key={n.id} data-testid="notice" data-field={n.field}>
            <span>{n.text}</span>
            <button type="button" className="notice-close" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TracePicker() {
  const algos = useParams((s) => s.params.algos);
  const traceAlgo = useParams((s) => s.params.traceAlgo);
  const set = useParams((s) => s.set);
  const catalog = useLab((s) => s.catalog);
  return (
    <label className="inline-select" title={HELP.trace}>
      <span>Trace of</span>
      <select value={traceAlgo} data-testid="trace-algo" onChange={(e) => set({ traceAlgo: e.target.value })}>
        {algos.map((id) => (
          <option key={id} value={id}>
            {algoLabel(catalog, id)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Algorithms of the shown result, with their labels. */
function useResultAlgos(): AlgoInfo[] {
  const algos = useLab((s) => s.result?.config.algos);
  const catalog = useLab((s) => s.catalog);
  return useMemo(() => (algos ?? []).map((id) => ({ id, label: algoLabel(catalog, id) })), [algos, catalog]);
}

function TraceSection() {
  const result = useLab((s) => s.result);
  const catalog = useLab((s) => s.catalog);
  // While playing, the trace and the decision panel follow the cursor in a background render (the store's update
  // is synchronous: it would draw them inside the playback's animation frame); a step or a pick shows at once.
  const liveCursor = useLab((s) => s.playback.cursor);
  const playing = useLab((s) => s.playback.playing);
  const deferredCursor = useDeferredValue(liveCursor);
  const cursor = playing ? deferredCursor : liveCursor;
  const selectedStep = useLab((s) => s.selectedStep);
  const selectStep = useLab((s) => s.selectStep);
  const lambda = useParams((s) => s.params.lambda);
  const step = effectiveStep({ result, selectedStep, playback: { cursor, playing: false, speed: 1 } });
  const row = result && step !== null ? (result.trace[step] ?? null) : null;
  const traceAlgo = result?.config.traceAlgo;
  const traceLabel = traceAlgo ? algoLabel(catalog, traceAlgo) : undefined;
  return (
    <div className="grid-trace">
      <Card
        title="Escalation trace"
        sub="Each prompt: the models asked in order until one succeeded, beside the oracle's plan. Click a prompt to see why."
        testId="card-trace"
        aside={<TracePicker />}
      >
        <EscalationTrace
          rows={result?.trace ?? []}
          cursor={cursor}
          arms={result?.world.arms ?? []}
          categories={result?.world.categories ?? []}
          selectedStep={step}
          onSelect={(s) => selectStep(s === selectedStep ? null : s)}
          algoLabel={traceLabel}
        />
      </Card>
      <Card title="Why this model?" sub="The learner's estimates at each query of the selected prompt, and the truth." testId="card-decision">
        <DecisionPanel
          row={row}
          arms={result?.world.arms ?? []}
          lambda={result?.config.params.lambda ?? lambda}
          algo={traceAlgo}
          algoLabel={traceLabel}
          categories={result?.world.categories}
        />
      </Card>
    </div>
  );
}

/**
 * `value`, but while `throttle` is on, updated at most every `ms` (and always to the latest value): the four
 * curve charts cost far more to re-draw than the trace, so they follow a playing cursor a few times a second.
 */
function useThrottled<T>(value: T, ms: number, throttle: boolean): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (!throttle) {
      last.current = 0;
      setShown(value);
      return;
    }
    const wait = last.current + ms - performance.now();
    if (wait <= 0) {
      last.current = performance.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = performance.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms, throttle]);
  return throttle ? shown : value;
}

const EMPTY_CURVES: Record<string, AlgoCurves> = {};

/** While playing, the curves are re-drawn at most this often. */
const CURVES_REDRAW_MS = 250;

function CurvesSection() {
  const result = useLab((s) => s.result);
  const catalog = useLab((s) => s.catalog);
  const playing = useLab((s) => s.playback.playing);
  const cursor = useThrottled(
    useLab((s) => s.playback.cursor),
    CURVES_REDRAW_MS,
    playing,
  );
  const running = useLab((s) => s.status === 'running');
  const partial = useLab((s) => s.progress.partial);
  const config = useLab((s) => s.config);
  const resultAlgos = useResultAlgos();
  // While a run computes, the curves show its partial results (the trials finished so far), in full.
  const live = running && partial ? partial : null;
  const liveAlgos = useMemo(() => (config?.algos ?? []).map((id) => ({ id, label: algoLabel(catalog, id) })), [config, catalog]);
  const T = live ? (config?.T ?? 0) : (result?.config.T ?? 0);
  const curves = live ? live.curves : (result?.curves ?? EMPTY_CURVES);
  const algos = live ? liveAlgos : resultAlgos;
  const drawn = useMemo(() => ({ curves, algos, cursor: live ? T : cursor, T }), [curves, algos, live, T, cursor]);
  // New curves (a run's partial results, a finished run) are drawn in a background render that yields to the
  // page every few milliseconds, rather than in one long task.
  const shown = useDeferredValue(drawn);
  return (
    <Card
      title="Learning curves"
      sub={
        live ? 'Computing: the trials finished so far.' : 'Running averages per prompt (regret: cumulative), mean ± std over trials, up to the playback cursor.'
      }
      testId="card-curves"
      className="chart-card"
    >
      <CurvesPanel curves={shown.curves} algos={shown.algos} cursor={shown.cursor} T={shown.T} />
    </Card>
  );
}

function SweepsSection() {
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

function UsageSection() {
  const result = useDeferredValue(useLab((s) => s.result));
  const algos = useResultAlgos();
  return (
    <Card
      title="Which models get asked"
      sub="Queries per prompt of each model, by prompt category, over all trials."
      testId="card-usage"
      className="chart-card"
    >
      <ArmUsagePanel usage={result?.usage ?? {}} algos={algos} arms={result?.world.arms ?? []} categories={result?.world.categories ?? []} />
    </Card>
  );
}

function ResultsSection() {
  const result = useDeferredValue(useLab((s) => s.result));
  const status = useLab((s) => s.status);
  const catalog = useLab((s) => s.catalog);
  const label = useCallback((id: string) => algoLabel(catalog, id), [catalog]);
  return (
    <Card
      title="Results"
      sub="Utility, cost and success are per-prompt averages over the T prompts; regret is cumulative, against the finite-budget oracle."
      testId="card-results"
    >
      {result ? (
        <ResultsTable result={result.summary} trials={result.config.trials} label={label} />
      ) : (
        <p className="empty" data-testid="results-empty">
          {status === 'error' ? 'No results: the simulation failed.' : status === 'cancelled' ? 'No results: the run was cancelled.' : 'Simulating…'}
        </p>
      )}
    </Card>
  );
}

function SummarySection() {
  const result = useDeferredValue(useLab((s) => s.result));
  const catalog = useLab((s) => s.catalog);
  const params = useParams((s) => s.params);
  const stale = result !== null && runKey(result.config) !== runKey(pageLabConfig(params));
  return <Summary result={result} catalog={catalog} stale={stale} />;
}

/** The featurizer ablation, for dataset worlds only (built-in worlds have no prompt texts to featurise). */
function AblationSection() {
  const world = useParams((s) => s.params.world);
  if (!isDatasetWorldName(world)) return null;
  return (
    <Card title="Featurizer ablation" sub="The same dataset, seed and algorithms with each way of turning prompts into contexts." testId="card-ablation">
      <Suspense fallback={null}>
        <AblationPanel />
      </Suspense>
    </Card>
  );
}

const TeachSection = memo(function TeachSection({ compact }: { compact: boolean }) {
  return (
    <Card title="The ideas in four cards" testId="card-teach">
      <Teach compact={compact} />
    </Card>
  );
});

function Sidebar() {
  const params = useParams((s) => s.params);
  const [open, setOpen] = useState(false);
  return (
    <aside className="sidebar" data-testid="controls" data-open={open} aria-label="Parameters">
      <button
        type="button"
        className="controls-toggle"
        aria-expanded={open}
        aria-controls="controls-body"
        onClick={() => setOpen((o) => !o)}
        data-testid="controls-toggle"
      >
        <span>Parameters</span>
        <span className="muted toggle-summary">
          {params.world} · λ {params.lambda} · τ<sub>max</sub> {params.tauMax}
        </span>
        <span aria-hidden="true" className="chevron">
          ▾
        </span>
      </button>
      <div id="controls-body" className="sidebar-body">
        <ControlsPanel />
      </div>
    </aside>
  );
}

export function App() {
  const present = useParams((s) => s.present);
  const setPresent = useParams((s) => s.setPresent);

  useEffect(() => connectLab(), []);
  useEffect(() => connectUrl(), []);
  usePlaybackClock();
  const leavePresentation = useCallback(() => {
    if (useParams.getState().present) useParams.getState().setPresent(false);
  }, []);
  useKeyboard(leavePresentation);

  return (
    <div className={present ? 'app present' : 'app'} data-present={present || undefined}>
      <header className="topbar">
        <div className="brand">
          <img className="logo" src="./favicon.svg" alt="" width={32} height={32} />
          <div>
            <h1>PromptWise Lab</h1>
            <p className="tagline">Cost-aware routing of prompts to generative models, as a contextual bandit</p>
          </div>
        </div>
        <div className="top-actions">
          <button
            type="button"
            className={present ? 'btn secondary small on' : 'btn secondary small'}
            aria-pressed={present}
            onClick={() => setPresent(!present)}
            data-testid="present-toggle"
            title="Presentation mode: hide the controls, enlarge the charts (Esc leaves)"
          >
            {present ? 'Exit presentation' : 'Present'}
          </button>
          <PresetMenu />
          <CopyLink />
          <ExportMenu />
        </div>
      </header>

      <Notices />

      <div className="layout">
        {!present && <Sidebar />}
        <main className="content">
          <RunStatus />
          <SummarySection />
          <div className="transport-bar">
            <Transport />
            <p className="kbd-hint muted">
              <kbd>Space</kbd> play/pause · <kbd>→</kbd> one prompt
            </p>
          </div>
          <TraceSection />
          <CurvesSection />
          <SweepsSection />
          <UsageSection />
          <ResultsSection />
          {!present && <AblationSection />}
          {!present && (
            <Card title="Prompt playground" sub="Ask the learner about one prompt; answer ✓/✗ and watch it update." testId="card-playground">
              <Suspense fallback={null}>
                <PlaygroundPanel />
              </Suspense>
            </Card>
          )}
          {!present && (
            <Suspense fallback={null}>
              <ImportPanel />
            </Suspense>
          )}
          <TeachSection compact={present} />
          {!present && (
            <Suspense fallback={null}>
              <EmbeddingPanel />
            </Suspense>
          )}
        </main>
      </div>

      <footer className="footer">Runs locally: no data leaves this page. Engine in a Web Worker · seeded and reproducible · every state is a link.</footer>
    </div>
  );
}
