import { useContext } from 'react';
import { fmtCounted, formatSeconds, formatSig, METRIC_FORMAT, rawNumber } from '../engine/lab/format';
import type { AlgoSummary, SimResult, Stat } from '../engine/simulate';
import { REGRET_BENCHMARK_ID } from '../state/catalog';
import { algoColor } from './palette';
import { CostUnitContext } from './views/costUnit';

type Metric = 'utility' | 'cost' | 'success' | 'regret';

const COLUMNS: { key: Metric; label: string; hint: string }[] = [
  { key: 'utility', label: 'Utility', hint: 'per prompt: success − λ·Σ cost, averaged over the T steps (higher is better)' },
  { key: 'cost', label: 'Cost', hint: 'per prompt: total cost of the pulls made, averaged over the T steps' },
  { key: 'success', label: 'Success', hint: 'share of the T prompts answered successfully' },
  {
    key: 'regret',
    label: 'Cum. regret',
    hint: 'Σ over the T steps of the finite-budget oracle’s expected utility minus the utility obtained (lower is better)',
  },
];

function StatCell({ algo, metric, label, stat }: { algo: string; metric: Metric; label: string; stat: Stat }) {
  const id = `${metric}-${algo}`;
  // The benchmark's own "regret" is its realised against its expected utility: zero-mean noise, not a result.
  const noise = metric === 'regret' && algo === REGRET_BENCHMARK_ID;
  return (
    // data-label: on a narrow screen each row is a card and each cell says what it is (styles.css).
    <td
      className={noise ? 'num muted' : 'num'}
      data-testid={id}
      data-label={label}
      // Six significant digits on hover, for a reader comparing with the CLI's file.
      title={`${formatSig(stat.mean)} ± ${formatSig(stat.std)}${noise ? ': the benchmark itself, its realised utility against its expected utility, so this is outcome noise around 0, not a loss.' : ''}`}
    >
      {/* Written as the headline's cards write it; the exact value is in data-value (tests, and the exports). */}
      <span data-testid={`${id}-mean`} data-value={rawNumber(stat.mean)}>
        {METRIC_FORMAT[metric](stat.mean)}
      </span>
      <span className="pm"> ± </span>
      <span className="std" data-testid={`${id}-std`} data-value={rawNumber(stat.std)}>
        {METRIC_FORMAT[metric](stat.std)}
      </span>
      {noise && <span className="regret-noise"> (noise)</span>}
    </td>
  );
}

/** A model asked alone (one query per prompt): a reference row under the algorithms. */
export interface ReferenceRow {
  model: string;
  /** Why it is a reference, e.g. "the most accurate model". */
  role: string;
  summary: Pick<AlgoSummary, 'utility' | 'cost' | 'success'>;
}

/**
 * The summary of a run, one row per algorithm (labels from `label`, ids kept for tests and exports), then the
 * stakeholder line's single-model references, which have no regret or time of their own.
 */
export function ResultsTable({
  result,
  trials,
  label = (id) => id,
  references = [],
}: {
  result: SimResult;
  trials: number;
  label?: (id: string) => string;
  references?: readonly ReferenceRow[];
}) {
  const rows = Object.entries(result.results) as [string, AlgoSummary][];
  const unit = useContext(CostUnitContext);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be focusable to be scrolled by keyboard (WCAG 2.1.1)
    <section className="table-wrap" tabIndex={0} aria-label="Results table">
      <table className="results" data-testid="results-table">
        <caption>
          World <strong>{result.world}</strong> · mean ± std over {fmtCounted(trials, 'trial')}
        </caption>
        <thead>
          <tr>
            <th scope="col">Algorithm</th>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" className="num" title={c.hint}>
                {c.label}
                {c.key === 'cost' && unit && (
                  <>
                    {' '}
                    <span className="unit">({unit})</span>
                  </>
                )}
              </th>
            ))}
            <th scope="col" className="num" title="the time its trials took, summed over the workers that ran them: not the run's wall time">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([algo, summary]) => (
            <tr key={algo} data-testid={`row-${algo}`}>
              <th scope="row" className="algo">
                <span className="swatch" style={{ background: algoColor(algo) }} aria-hidden="true" />
                <span title={algo}>{label(algo)}</span>
              </th>
              {COLUMNS.map((c) => (
                <StatCell key={c.key} algo={algo} metric={c.key} label={c.label} stat={summary[c.key]} />
              ))}
              <td className="num muted" data-label="Time">
                {formatSeconds(summary.seconds * 1000)}
              </td>
            </tr>
          ))}
        </tbody>
        {references.length > 0 && (
          <tbody className="references" data-testid="results-references">
            <tr>
              <th scope="colgroup" colSpan={COLUMNS.length + 2} className="references-head">
                Each model alone, one query per prompt (the stakeholder line’s references)
              </th>
            </tr>
            {references.map((r) => (
              <tr key={r.model} data-testid={`row-alone-${r.model}`}>
                <th scope="row" className="algo">
                  <span className="swatch reference" aria-hidden="true" />
                  <span>{r.model} alone</span>
                  <span className="reference-role muted">{r.role}</span>
                </th>
                {COLUMNS.map((c) =>
                  c.key === 'regret' ? (
                    <td key={c.key} className="num muted" data-label={c.label} title="not measured for a model alone">
                      —
                    </td>
                  ) : (
                    <StatCell key={c.key} algo={`alone-${r.model}`} metric={c.key} label={c.label} stat={r.summary[c.key]} />
                  ),
                )}
                <td className="num muted" data-label="Time">
                  —
                </td>
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </section>
  );
}
