/**
 * The Sweep surface card's state (issue 46, item 5): the merged sweep file loaded (by its file input or a drop),
 * kept in IndexedDB so that a reload shows it again, the metric shown and the slice of the other axes. A cell's link
 * opens its configuration as a normal run.
 */
import { get, set } from 'idb-keyval';
import { create } from 'zustand';
import { repairingStore } from '../data/idbStore';
import type { Ground } from '../engine/lab/datasetChoice';
import { messageOf } from '../engine/messageOf';
import { type CellOutcome, cellResults, fileText, type SweepFile, sweepFile } from '../engine/sweep/merge';
import { cellAt, type SweepSpec } from '../engine/sweep/spec';
import { readSweepFile, type SurfaceMetric } from '../engine/sweep/surface';
import { isBuiltinWorld } from '../engine/worlds/builtins';
import { runLab } from '../workers/simBridge';
import { pageLabConfig } from './labStore';
import { useParams } from './params';
import { costUnitOf } from './stakeholder';
import { DEFAULT_HASH_STATE, decodeHash, encodeHash, formatNumber, type LabParams } from './urlCodec';

interface SweepSurfaceState {
  file: SweepFile | null;
  /** The loaded file's name. */
  name: string | null;
  error: string | null;
  metric: SurfaceMetric;
  /** The value each slice axis is held at (sliceAxes). */
  at: Record<string, number | string>;
  /** A grid run in the page's workers: cells done of all, or why it stopped. */
  grid: { status: 'idle' | 'running' | 'error'; done: number; of: number; error: string | null };
}

export const useSweepSurface = create<SweepSurfaceState>()(() => ({
  file: null,
  name: null,
  error: null,
  metric: 'utility',
  at: {},
  grid: { status: 'idle', done: 0, of: 0, error: null },
}));

const store = repairingStore('promptwise-sweep', 'file');
const KEY = 'loaded';

async function show(file: SweepFile, text: string, name: string): Promise<void> {
  useSweepSurface.setState({ file, name, error: null, at: {} });
  await set(KEY, { text, name }, store).catch(() => {}); // storage disabled: shown until the tab closes
}

/** Reads a dropped or chosen file; a file that is not a merged sweep is one message, the shown sweep unchanged. */
export async function loadSweepFile(text: string, name: string): Promise<void> {
  try {
    await show(readSweepFile(text), text, name);
  } catch (e) {
    useSweepSurface.setState({ error: `${name}: ${messageOf(e)}` });
  }
}

/**
 * The sweep loaded before the reload, if any. One this version no longer reads (a file of an earlier engine) is not
 * dropped without a word: it is the card's message, as when it was chosen.
 */
export async function restoreSweepFile(): Promise<void> {
  let kept: { text: string; name: string } | undefined;
  try {
    kept = await get<{ text: string; name: string }>(KEY, store);
  } catch {
    return; // storage unavailable
  }
  if (!kept || useSweepSurface.getState().file !== null) return;
  try {
    useSweepSurface.setState({ file: readSweepFile(kept.text), name: kept.name });
  } catch (e) {
    useSweepSurface.setState({ error: `${kept.name}: ${messageOf(e)}` });
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
 * Where a cell's numbers stand: its world as the lab names it (one the lab does not serve: as the sweep does) and the
 * unit of its costs per prompt (stakeholder.ts costUnitOf, from the world and a dataset's costs). A world the lab does
 * not serve says its unit only through a dataset's costs setting; else (a world file) its costs are units of its own.
 */
export function cellGround(cell: CellOutcome): { world: string; costUnit: string } {
  const world = labWorld(cell.world);
  const { costs } = cell.settings;
  const dataset: Ground['dataset'] = costs === 'per-query' || costs === 'prices' ? { costs } : undefined;
  if (world === null) return { world: cell.world, costUnit: dataset ? costUnitOf({ world: cell.world, dataset }) : 'cost units' };
  return { world, costUnit: costUnitOf({ world, dataset }) };
}

/**
 * The lab's link (the hash) that runs the cell's configuration with `algos`, or why there is none: a world file or
 * an import the lab does not serve, or a setting the lab has no control for, or a value beyond a control's range
 * (run those with `npm run sim`). The cell's settings enter the lab as a link does, through its one decoder: a
 * setting the link would refuse is the reason, in the link's words.
 */
export function cellLink(cell: CellOutcome, algos: readonly string[]): { hash: string } | { why: string } {
  const world = labWorld(cell.world);
  if (world === null) return { why: `${cell.world} is not a world the lab serves: run this cell with npm run sim` };
  const text = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : Array.isArray(v) ? v.join(',') : String(v));
  const { algos: _, ...settings } = cell.settings;
  const query = new URLSearchParams([['world', world], ['algos', algos.join(',')], ...Object.entries(settings).map(([k, v]) => [k, text(v)])]);
  const { state, notices } = decodeHash(`#${query}`, DEFAULT_HASH_STATE);
  return notices.length > 0 ? { why: `the lab cannot run it as swept (${notices[0].text}): run this cell with npm run sim` } : { hash: encodeHash(state) };
}

/** Cells a grid in the page may have: a small one (a bigger sweep is the CLI's, sharded: docs/SWEEPS.md). */
export const MAX_PAGE_GRID = 36;

/**
 * The sweep the page's current run spans over `lambdas` × `taus`: the world as the CLI names it (a served dataset
 * as `../shared/data/<folder>`, relative to the repository root), the page's other settings fixed.
 */
function pageSweep(p: LabParams, lambdas: number[], taus: number[]): SweepSpec {
  const folder = /^data:(.+)$/.exec(p.world)?.[1];
  if (p.world.startsWith('import:')) throw new Error('an imported world: the CLI runs it from its file (npm run sim -- sweep, docs/SWEEPS.md)');
  if (folder && p.features === 'embedding')
    throw new Error('embedding features are computed in the browser and the CLI cannot run them: choose task one-hot or n-grams');
  const fixed: SweepSpec['fixed'] = { T: p.T, trials: p.trials, seed: p.seed, tauExp: p.tauExp, algos: [...p.algos] };
  if (p.alpha !== null) fixed.alpha = p.alpha;
  if (folder) {
    fixed.features = p.features;
    fixed.costs = p.costs;
    if (p.features !== 'task-onehot') fixed.dim = p.dim;
    if (p.tasks.length > 0) fixed.tasks = [...p.tasks];
  }
  return {
    worlds: [folder ? `../shared/data/${folder}` : p.world],
    axes: [
      ['lambda', lambdas],
      ['tauMax', taus],
    ],
    fixed,
  };
}

let gridRun: AbortController | null = null;

/** Runs `lambdas` × `taus` around the page's settings in its workers, cell by cell, and shows the surface (the CLI's file format). */
export async function runPageGrid(lambdas: number[], taus: number[]): Promise<void> {
  const fail = (error: string) => useSweepSurface.setState({ grid: { status: 'error', done: 0, of: 0, error } });
  const p = useParams.getState().params;
  let spec: SweepSpec;
  try {
    spec = pageSweep(p, lambdas, taus);
  } catch (e) {
    return fail(messageOf(e));
  }
  const n = lambdas.length * taus.length;
  if (n > MAX_PAGE_GRID) return fail(`${n} cells: the page runs at most ${MAX_PAGE_GRID}; a bigger grid is the CLI's (npm run sim -- sweep, docs/SWEEPS.md)`);
  gridRun?.abort();
  const controller = new AbortController();
  gridRun = controller;
  useSweepSurface.setState({ grid: { status: 'running', done: 0, of: n, error: null } });
  const cells: CellOutcome[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const cell = cellAt(spec, i);
      const config = pageLabConfig({ ...p, lambda: cell.settings.lambda as number, tauMax: cell.settings.tauMax as number });
      const { summary } = await runLab({ ...config, traceSteps: 0 }, { signal: controller.signal });
      cells.push({ ...cell, results: cellResults(summary.results) });
      useSweepSurface.setState({ grid: { status: 'running', done: i + 1, of: n, error: null } });
    }
    const file = sweepFile(spec, cells);
    await show(file, fileText(file), 'the grid run on this page');
    useSweepSurface.setState({ grid: { status: 'idle', done: n, of: n, error: null } });
  } catch (e) {
    if (controller.signal.aborted) useSweepSurface.setState({ grid: { status: 'idle', done: 0, of: 0, error: null } });
    else fail(messageOf(e));
  } finally {
    if (gridRun === controller) gridRun = null;
  }
}

export const cancelPageGrid = (): void => gridRun?.abort();
