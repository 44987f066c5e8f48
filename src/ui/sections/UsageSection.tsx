import { useDeferredValue } from 'react';
import { pageLabConfig, useLab } from '../../state/labStore';
import { useParams } from '../../state/params';
import { useResultAlgos } from '../hooks/useResultAlgos';
import { Card } from '../layout/Card';
import { ArmUsagePanel } from '../views/ArmUsagePanel';
import { usageNote } from './summaryNote';

export function UsageSection() {
  const result = useDeferredValue(useLab((s) => s.result));
  const algos = useResultAlgos();
  const params = useParams((s) => s.params);
  const note = usageNote(result, pageLabConfig(params));
  return (
    <Card
      title="Which models get asked"
      sub="Queries per prompt of each model, by prompt category, over all trials."
      testId="card-usage"
      className="chart-card"
    >
      {note && (
        <p className="muted" data-testid="usage-note">
          {note}
        </p>
      )}
      <ArmUsagePanel usage={result?.usage ?? {}} algos={algos} arms={result?.world.arms ?? []} categories={result?.world.categories ?? []} />
    </Card>
  );
}
