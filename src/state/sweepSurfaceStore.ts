/**
 * The Sweep surface card's state (issue 46, item 5): the merged sweep file loaded (by its file input or a drop),
 * kept in IndexedDB so that a reload shows it again, the metric shown and the slice of the other axes. A cell's link
 * opens its configuration as a normal run.
 */
import { get, set } from 'idb-keyval';
import { create } from 'zustand';
import { repairingStore } from '../data/idbStore';
import { messageOf } from '../engine/messageOf';
import type { CellOutcome, SweepFile } from '../engine/sweep/merge';
import { readSweepFile, type SurfaceMetric } from '../engine/sweep/surface';
import { isBuiltinWorld } from '../engine/worlds/builtins';
import { DEFAULT_PARAMS, encodeHash, LAB_NUMBER_KEYS, type LabNumberKey, type LabParams, LIMITS } from './urlCodec';

interface SweepSurfaceState {
  file: SweepFile | null;
  /** The loaded file's name. */
  name: string | null;
  error: string | null;
  metric: SurfaceMetric;
  /** The value each slice axis is held at (sliceAxes). */
  at: Record<string, number | string>;
}

export const useSweepSurface = create<SweepSurfaceState>()(() => ({ file: null, name: null, error: null, metric: 'utility', at: {} }));

const store = repairingStore('promptwise-sweep', 'file');
const KEY = 'loaded';

/** Reads a dropped or chosen file; a file that is not a merged sweep is one message, the shown sweep unchanged. */
export async function loadSweepFile(text: string, name: string): Promise<void> {
  try {
    const file = readSweepFile(text);
    useSweepSurface.setState({ file, name, error: null, at: {} });
    await set(KEY, { text, name }, store).catch(() => {}); // storage disabled: shown until the tab closes
  } catch (e) {
    useSweepSurface.setState({ error: `${name}: ${messageOf(e)}` });
  }
}

/** The sweep loaded before the reload, if any. */
export async function restoreSweepFile(): Promise<void> {
  try {
    const kept = await get<{ text: string; name: string }>(KEY, store);
    if (kept && useSweepSurface.getState().file === null) useSweepSurface.setState({ file: readSweepFile(kept.text), name: kept.name });
  } catch {
    // nothing kept, or storage unavailable
  }
}

export const setSurfaceMetric = (metric: SurfaceMetric) => useSweepSurface.setState({ metric });
export const setSurfaceAt = (key: string, value: number | string) => useSweepSurface.setState((s) => ({ at: { ...s.at, [key]: value } }));

/** A data folder's world as the lab names it (`../shared/data/mmlu-pro-tigerlab` → `data:mmlu-pro-tigerlab`), or null. */
function labWorld(world: string): string | null {
  if (isBuiltinWorld(world)) return world;
  const m = /(?:^|\/)shared\/data\/([\w.-]+)\/?$/.exec(world);
  return m ? `data:${m[1]}` : null;
}

/**
 * The lab's link (the hash) that runs the cell's configuration with `algos`, or why there is none: a world file or
 * an import the lab does not serve, or a setting the lab has no control for (run those with `npm run sim`).
 */
export function cellLink(cell: CellOutcome, algos: readonly string[]): { hash: string } | { why: string } {
  const world = labWorld(cell.world);
  if (world === null) return { why: `${cell.world} is not a world the lab serves: run this cell with npm run sim` };
  const params: LabParams = { ...DEFAULT_PARAMS, world, algos: [...algos], alpha: null, traceAlgo: algos.includes('promptwise') ? 'promptwise' : algos[0] };
  for (const [key, v] of Object.entries(cell.settings)) {
    if (key === 'algos') continue;
    if (key === 'features' || key === 'costs') (params as Record<string, unknown>)[key] = v;
    else if (key === 'tasks') params.tasks = [...(v as string[])];
    else if ((LAB_NUMBER_KEYS as readonly string[]).includes(key)) {
      const range = LIMITS[key as LabNumberKey];
      if (typeof v !== 'number' || v < range.min || v > range.max)
        return { why: `${key} = ${v} is beyond the lab's ${range.min}–${range.max}: run this cell with npm run sim` };
      (params as Record<string, unknown>)[key] = v;
    } else return { why: `the lab has no control for ${key}: run this cell with npm run sim` };
  }
  return { hash: encodeHash({ params, present: false, step: null }) };
}
