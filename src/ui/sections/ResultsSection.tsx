import { useCallback, useMemo } from 'react';
import { algoLabel } from '../../state/catalog';
import { useCatalog } from '../../state/catalogStore';
import { useLab } from '../../state/labStore';
import { referenceRows } from '../../state/stakeholder';
import { Card } from '../layout/Card';
import { ResultsTable } from '../ResultsTable';

/**
 * The results table, drawn with the result that fills it (as the headline is, SummarySection.tsx): a dozen rows
 * cost little, and a deferred table waited for the charts' redraw while the headline above it already showed the
 * new run.
 */
export function ResultsSection() {
  const result = useLab((s) => s.result);
  const status = useLab((s) => s.status);
  const catalog = useCatalog((s) => s.catalog);
  const label = useCallback((id: string) => algoLabel(catalog, id), [catalog]);
  const references = useMemo(() => (result ? referenceRows(result, label) : []), [result, label]);
  return (
    <Card
      title="Results"
      sub="Utility, cost and success are per-prompt averages over the T prompts; regret is cumulative, against the finite-budget oracle."
      testId="card-results"
    >
      {result ? (
        <ResultsTable result={result.summary} trials={result.config.trials} label={label} references={references} />
      ) : (
        <p className="empty" data-testid="results-empty">
          {status === 'error' ? 'No results: the simulation failed.' : status === 'cancelled' ? 'No results: the run was cancelled.' : 'Simulating…'}
        </p>
      )}
    </Card>
  );
}
