import { useMemo } from 'react';
import type { AlgoCurves } from '../../engine/lab/types';
import { algoLabel } from '../../state/catalog';
import { useCatalog } from '../../state/catalogStore';
import { useLab, usePlayback } from '../../state/labStore';
import { useResultAlgos } from '../hooks/useResultAlgos';
import { useThrottled } from '../hooks/useThrottled';
import { Card } from '../layout/Card';
import { CurvesPanel } from '../views/lazyCharts';

const EMPTY_CURVES: Record<string, AlgoCurves> = {};

/** While playing, the curves are re-drawn at most this often. */
const CURVES_REDRAW_MS = 250;

export function CurvesSection() {
  const result = useLab((s) => s.result);
  const catalog = useCatalog((s) => s.catalog);
  const playing = usePlayback((s) => s.playing);
  const cursor = useThrottled(
    usePlayback((s) => s.cursor),
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
  // New curves are rendered with the update that brings them: the panel hands them to its four charts one per turn
  // (useStaggered), which is where the drawing's cost is. As a deferred value they waited for a background render
  // that every progress message and formula restarted: on a first visit the partial curves were never drawn.
  return (
    <Card
      title="Learning curves"
      sub={
        live ? 'Computing: the trials finished so far.' : 'Running averages per prompt (regret: cumulative), mean ± std over trials, up to the playback cursor.'
      }
      testId="card-curves"
      className="chart-card"
    >
      <CurvesPanel curves={curves} algos={algos} cursor={live ? T : cursor} T={T} />
    </Card>
  );
}
