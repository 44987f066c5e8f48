import { lazy, Suspense } from 'react';
import { useParams } from '../../state/params';
import { isDatasetWorldName } from '../../state/urlCodec';
import { Card } from '../layout/Card';

// Below the fold: loaded after the first picture.
const AblationPanel = lazy(() => import('../ablation/AblationPanel').then((m) => ({ default: m.AblationPanel })));

/** The featurizer ablation, for dataset worlds only (built-in worlds have no prompt texts to featurise). */
export function AblationSection() {
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
