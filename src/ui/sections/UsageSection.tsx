import { useDeferredValue } from 'react';
import { useLab } from '../../state/labStore';
import { useResultAlgos } from '../hooks/useResultAlgos';
import { Card } from '../layout/Card';
import { ArmUsagePanel } from '../views/ArmUsagePanel';

export function UsageSection() {
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
