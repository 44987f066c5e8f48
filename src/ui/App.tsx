import { useEffect } from 'react';
import { useRunStore } from '../state/runStore';
import { ResultsTable } from './ResultsTable';
import { RunPanel } from './RunPanel';

export function App() {
  const loadCatalog = useRunStore((s) => s.loadCatalog);
  const result = useRunStore((s) => s.result);
  const config = useRunStore((s) => s.config);
  const status = useRunStore((s) => s.status);

  useEffect(() => {
    void loadCatalog();
  }, [loadCatalog]);

  return (
    <div className="page">
      <header className="masthead">
        <img className="logo" src="./favicon.svg" alt="" width={36} height={36} />
        <div>
          <h1>PromptWise Lab</h1>
          <p className="tagline">Cost-aware prompt assignment as a contextual bandit</p>
        </div>
      </header>

      <main>
        <p className="intro">
          Each prompt can be sent to several generative models, one after another, until one succeeds. Cheap models
          often suffice; dear ones are more reliable. PromptWise learns which model to try first for each kind of
          prompt, trading success against cost. This lab simulates it against baselines and an oracle that knows the
          true success rates, entirely in your browser.
        </p>

        <RunPanel />

        <section className="card" aria-labelledby="results-title">
          <div className="card-head">
            <h2 id="results-title">Results</h2>
            <p className="card-sub">
              Utility, cost and success are per-prompt averages over the T steps; regret is cumulative, against the
              finite-budget oracle.
            </p>
          </div>
          {result && config ? (
            <ResultsTable result={result} trials={config.trials} />
          ) : (
            <p className="empty" data-testid="results-empty">
              {status === 'running' ? 'Simulating…' : 'No results yet: run a simulation to fill this table.'}
            </p>
          )}
        </section>
      </main>

      <footer className="footer">
        Runs locally: no data leaves this page. Engine in a Web Worker · seeded and reproducible.
      </footer>
    </div>
  );
}
