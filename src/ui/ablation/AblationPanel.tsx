/**
 * The featurizer ablation: the current dataset run with task one-hot, hashed n-grams and embedding contexts
 * side by side (same seed, algorithms, λ and τ_max), one row per featurizer and algorithm.
 */
import { DATASET_PARAMS, FEATURE_TYPES, type FeatureType } from '../../engine/lab/datasetChoice';
import { fmt, fmtPct } from '../../engine/lab/format';
import { ablationIntents, ablationKey, useAblation } from '../../state/ablationStore';
import { algoLabel, STATIC_CATALOG } from '../../state/catalog';
import { useParams } from '../../state/params';
import { algoColor } from '../palette';
import './ablation.css';

/** The registry's labels (engine/lab/datasetChoice.ts); embeddings are projected by PCA here as in a run. */
const FEATURE_LABELS: Record<FeatureType, string> = Object.fromEntries(
  FEATURE_TYPES.map((f) => [f, `${DATASET_PARAMS.features.options[f].label}${f === 'embedding' ? ' (PCA)' : ''}`]),
) as Record<FeatureType, string>;

export function AblationPanel() {
  const params = useParams((s) => s.params);
  const { status, progress, error, result, key, features } = useAblation();
  const stale = result !== null && key !== ablationKey(params, result.features);
  const best = result ? Math.max(...result.points.map((p) => p.utility)) : 0;
  const worst = result ? Math.min(0, ...result.points.map((p) => p.utility)) : 0;
  return (
    <div className="ablation" data-testid="ablation" data-status={status} data-stale={stale}>
      <fieldset className="ablation-choices">
        <legend>Featurizers</legend>
        {FEATURE_TYPES.map((f) => (
          <label key={f}>
            <input type="checkbox" checked={features.includes(f)} onChange={() => ablationIntents.toggle(f)} data-testid={`ablation-${f}`} />{' '}
            {FEATURE_LABELS[f]}
          </label>
        ))}
      </fieldset>
      <div className="ablation-actions">
        <button
          type="button"
          className="btn primary"
          data-testid="ablation-run"
          disabled={status === 'running' || features.length === 0}
          onClick={() => void ablationIntents.run(params)}
        >
          Run the ablation
        </button>
        {status === 'running' && (
          <>
            <progress max={1} value={progress} aria-label="Ablation progress" />
            <button type="button" className="btn secondary" onClick={() => ablationIntents.cancel()}>
              Cancel
            </button>
          </>
        )}
        {stale && <span className="muted">Parameters changed since this ran.</span>}
      </div>
      {error && (
        <p className="ablation-error" role="alert" data-testid="ablation-error">
          {error}
        </p>
      )}
      {result && result.failed.length > 0 && (
        // A featurizer that failed is named with its reason; the others' results stand (issue 41, item 8).
        <ul className="ablation-error" role="alert" data-testid="ablation-failed">
          {result.failed.map((f) => (
            <li key={f.features} data-testid={`ablation-failed-${f.features}`}>
              {FEATURE_LABELS[f.features]} could not run: {f.error}
            </li>
          ))}
        </ul>
      )}
      {result && (
        <div className="ablation-table-wrap">
          <table className="ablation-table" data-testid="ablation-table">
            <caption className="sr-only">Mean over trials per featurizer and algorithm</caption>
            <thead>
              <tr>
                <th scope="col">Featurizer</th>
                <th scope="col">Algorithm</th>
                <th scope="col">utility</th>
                <th scope="col">cost ({result.costUnit})</th>
                <th scope="col">success</th>
                <th scope="col">regret</th>
              </tr>
            </thead>
            <tbody>
              {result.points.map((p) => (
                <tr key={`${p.features}/${p.algo}`} data-testid={`ablation-row-${p.features}-${p.algo}`}>
                  <th scope="row">
                    {FEATURE_LABELS[p.features]}
                    <span className="muted">
                      {' '}
                      d = {p.dim}
                      {p.explainedVariance !== undefined ? `, ${fmtPct(p.explainedVariance)} variance` : ''}
                    </span>
                  </th>
                  <td>
                    <span className="ablation-algo" style={{ borderColor: algoColor(p.algo) }}>
                      {algoLabel(STATIC_CATALOG, p.algo)}
                    </span>
                  </td>
                  <td className="ablation-bar-cell">
                    <span
                      className="ablation-bar"
                      aria-hidden="true"
                      style={{ width: `${best > worst ? (100 * (p.utility - worst)) / (best - worst) : 0}%`, background: algoColor(p.algo) }}
                    />
                    <span className="ablation-value">{fmt(p.utility)}</span>
                  </td>
                  <td>{fmt(p.cost)}</td>
                  <td>{fmtPct(p.success)}</td>
                  <td>{fmt(p.regret)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
