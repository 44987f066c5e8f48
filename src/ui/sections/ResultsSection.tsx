import { useCallback, useDeferredValue, useMemo } from 'react';
import { algoLabel } from '../../state/catalog';
import { useCatalog } from '../../state/catalogStore';
import { useLab } from '../../state/labStore';
import { referenceRows } from '../../state/stakeholder';
import { Card } from '../layout/Card';
import { ResultsTable } from '../ResultsTable';

export function ResultsSection() {
  const result = useDeferredValue(useLab((s) => s.result));
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
