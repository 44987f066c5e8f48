/**
 * What the controls show about a dataset world before it runs (models, prices, prompts, tasks), asked of the
 * simulation worker once per world and kept here; a failed load is asked again next time.
 */
import { create } from 'zustand';
import { messageOf } from '../engine/messageOf';
import { datasetInfo } from '../workers/simBridge';

type DatasetInfo = Awaited<ReturnType<typeof datasetInfo>>;

interface Entry {
  info: DatasetInfo | null;
  error: string | null;
}

export const useDatasetInfo = create<{ byWorld: Record<string, Entry> }>(() => ({ byWorld: {} }));

const put = (world: string, entry: Entry) => useDatasetInfo.setState((s) => ({ byWorld: { ...s.byWorld, [world]: entry } }));

/** Loads the info of `world` unless it is loaded or loading. */
export function loadDatasetInfo(world: string): void {
  const known = useDatasetInfo.getState().byWorld[world];
  if (known && known.error === null) return;
  put(world, { info: null, error: null });
  datasetInfo(world).then(
    (info) => put(world, { info, error: null }),
    (e: unknown) => put(world, { info: null, error: messageOf(e) }),
  );
}
