import { lazy, useCallback } from 'react';
import { useParams } from '../state/params';
import { SLIDES } from '../state/slides';
import { PlaybackClock } from './controls/PlaybackClock';
import { RunStatus } from './controls/RunStatus';
import { Transport } from './controls/Transport';
import { useKeyboard } from './controls/useKeyboard';
import { CostUnitProvider } from './hooks/CostUnitProvider';
import { Card } from './layout/Card';
import { Notices } from './layout/Notices';
import { PanelBoundary } from './layout/PanelBoundary';
import { Sidebar } from './layout/Sidebar';
import { SlideDeck } from './present/SlideDeck';
import { PresetMenu } from './presets/PresetMenu';
import { AblationSection } from './sections/AblationSection';
import { CurvesSection } from './sections/CurvesSection';
import { ResultsSection } from './sections/ResultsSection';
import { SummarySection } from './sections/SummarySection';
import { SweepsSection } from './sections/SweepsSection';
import { TeachSection } from './sections/TeachSection';
import { TraceSection } from './sections/TraceSection';
import { UsageSection } from './sections/UsageSection';
import { CopyLink } from './share/CopyLink';
import { ExportMenu } from './share/ExportMenu';
import { leaveTour, TourButton, TourPanel } from './tour/TourPanel';

// Below the fold and not needed for the first picture: their code loads apart from the page's (the import parser
// alone is papaparse plus the world-format schemas).
const ImportPanel = lazy(() => import('./import/ImportPanel').then((m) => ({ default: m.ImportPanel })));
const PlaygroundPanel = lazy(() => import('./playground/PlaygroundPanel').then((m) => ({ default: m.PlaygroundPanel })));
const LivePanel = lazy(() => import('./live/LivePanel').then((m) => ({ default: m.LivePanel })));
const SweepSurfacePanel = lazy(() => import('./sweep/SweepSurfacePanel').then((m) => ({ default: m.SweepSurfacePanel })));
const EmbeddingPanel = lazy(() => import('./embed/EmbeddingPanel').then((m) => ({ default: m.EmbeddingPanel })));

export function App() {
  const present = useParams((s) => s.present);
  const setPresent = useParams((s) => s.setPresent);
  // Esc closes what is open: the tour first (it floats over the page), else presentation mode.
  const leavePresentation = useCallback(() => {
    if (useParams.getState().tour !== null) leaveTour();
    else if (useParams.getState().present) useParams.getState().setPresent(false);
  }, []);
  // In presentation mode the arrows move between slides (state/slides.ts).
  const moveSlide = useCallback((to: 'next' | 'prev' | 'first' | 'last') => {
    const { slide, goToSlide } = useParams.getState();
    goToSlide(to === 'next' ? slide + 1 : to === 'prev' ? slide - 1 : to === 'first' ? 0 : SLIDES.length - 1);
  }, []);
  useKeyboard(leavePresentation, present ? moveSlide : undefined);

  return (
    <div className={present ? 'app present' : 'app'} data-present={present || undefined}>
      <PlaybackClock />
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
            title="Presentation mode: one view per screen, enlarged; ←/→ move between them (Esc leaves)"
          >
            {present ? 'Exit presentation' : 'Present'}
          </button>
          <TourButton />
          <PresetMenu />
          <CopyLink />
          <ExportMenu />
        </div>
      </header>

      <Notices />

      <div className="layout">
        {!present && (
          <PanelBoundary name="controls">
            <Sidebar />
          </PanelBoundary>
        )}
        <main className="content">
          <CostUnitProvider>
            {present ? (
              <SlideDeck />
            ) : (
              <>
                <PanelBoundary name="status">
                  <RunStatus />
                </PanelBoundary>
                <PanelBoundary name="summary">
                  <SummarySection />
                </PanelBoundary>
                <PanelBoundary name="playback">
                  <div className="transport-bar">
                    <Transport />
                    <p className="kbd-hint muted">
                      <kbd>Space</kbd> play/pause · <kbd>→</kbd> one prompt
                    </p>
                  </div>
                </PanelBoundary>
                <PanelBoundary name="trace">
                  <TraceSection />
                </PanelBoundary>
                <PanelBoundary name="learning curves">
                  <CurvesSection />
                </PanelBoundary>
                <PanelBoundary name="sweeps">
                  <SweepsSection />
                </PanelBoundary>
                <PanelBoundary name="model usage">
                  <UsageSection />
                </PanelBoundary>
                <PanelBoundary name="results">
                  <ResultsSection />
                </PanelBoundary>
                <PanelBoundary name="featurizer ablation">
                  <AblationSection />
                </PanelBoundary>
                <Card title="Prompt playground" sub="Ask the learner about one prompt; answer ✓/✗ and watch it update." testId="card-playground">
                  <PanelBoundary name="prompt playground">
                    <PlaygroundPanel />
                  </PanelBoundary>
                </Card>
                <Card title="Live routing" sub="Route real prompts to your own models, graded and paid for as they answer (docs/LIVE.md)." testId="card-live">
                  <PanelBoundary name="live routing">
                    <LivePanel />
                  </PanelBoundary>
                </Card>
                <Card
                  title="Sweep surface"
                  sub="A sweep's λ × τ_max surface per algorithm, from a merged sweep file (docs/SWEEPS.md)."
                  testId="card-sweep-surface"
                >
                  <PanelBoundary name="sweep surface">
                    <SweepSurfacePanel />
                  </PanelBoundary>
                </Card>
                <PanelBoundary name="import">
                  <ImportPanel />
                </PanelBoundary>
                <PanelBoundary name="explanations">
                  <TeachSection compact={false} />
                </PanelBoundary>
                <PanelBoundary name="embeddings">
                  <EmbeddingPanel />
                </PanelBoundary>
              </>
            )}
          </CostUnitProvider>
        </main>
      </div>

      <TourPanel />

      <footer className="footer" data-testid="footer">
        Runs in this browser: what you load or type stays here, but for the prompts and keys you send to your own model endpoints (Live routing). Simulations in
        Web Workers · seeded and reproducible · every simulation is a link.
      </footer>
    </div>
  );
}
