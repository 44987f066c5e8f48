/**
 * The trade-off surface of a merged sweep (issue 46, item 5): per algorithm, a λ × τ_max grid of one metric, with
 * the cells where PromptWise is beaten. Pure: the lab's Sweep surface card draws it (ui/sweep/SweepSurface.tsx).
 */

import { diffStandardError, type Stat } from '../metrics';
import { NUMBER_PARAMS } from '../params';
import { algorithmSpec } from '../policies/algorithms';
import { type CellOutcome, EARLIER_ENGINE, fileVersion, type SweepFile } from './merge';
import { sweepHash } from './spec';

/** A merged sweep file's text, checked enough to draw: its type, its spec's hash, cells with results. */
export function readSweepFile(text: string): SweepFile {
  let f: Partial<SweepFile>;
  try {
    f = JSON.parse(text) as Partial<SweepFile>;
  } catch {
    throw new Error('not JSON: a merged sweep file is what `npm run sim -- merge DIR --json FILE` writes');
  }
  if (f?.type === ('promptwise-sweep-shard' as string)) throw new Error('a single shard: merge the shards first (`npm run sim -- merge DIR --json FILE`)');
  const version = fileVersion(f, 'promptwise-sweep');
  if (version === 'earlier') throw new Error(`${EARLIER_ENGINE}, and merge its shards`);
  if (version !== 'current' || !f.spec || !Array.isArray(f.cells)) {
    throw new Error('not a merged sweep file (no "type": "promptwise-sweep" of this version, with its spec and cells)');
  }
  if (sweepHash(f.spec) !== f.sweep) throw new Error(`corrupt: its sweep ${f.sweep} is not the hash of the spec it carries`);
  const axes = f.spec.axes.map(([k]) => k);
  if (!axes.includes('lambda') || !axes.includes('tauMax')) {
    throw new Error(`the surface needs a lambda axis and a tauMax axis (this sweep's axes: ${axes.join(', ') || 'none'})`);
  }
  return f as SweepFile;
}

export type SurfaceMetric = 'utility' | 'cost' | 'success';

/** The axes a surface is not drawn over: the world and every axis but λ, τ_max and the algorithms, each held at one value. */
export function sliceAxes(file: SweepFile): { key: string; values: (number | string)[] }[] {
  const others = file.spec.axes.filter(([k]) => k !== 'lambda' && k !== 'tauMax' && k !== 'algos').map(([key, values]) => ({ key, values }));
  return [{ key: 'world', values: file.spec.worlds }, ...others];
}

interface SurfaceCell {
  stat: Stat;
  /** The cell's configuration, as the sweep ran it (its link opens it as a run). */
  cell: CellOutcome;
  /** This algorithm's utility is above PromptWise's by more than BEATS_SE standard errors (PromptWise's own: some learner's is). */
  beatsPromptWise: boolean;
}

export interface Surface {
  lambdas: number[];
  taus: number[];
  /** Per algorithm (the sweep's order), grid[τ index][λ index]; null where no cell holds it. */
  grids: { algo: string; grid: (SurfaceCell | null)[][] }[];
  /** The metric's range over every grid (one colour scale for all). */
  min: number;
  max: number;
}

const trialsOf = (cell: CellOutcome): number => Number(cell.settings.trials ?? NUMBER_PARAMS.trials.default);

/** A learner beats PromptWise in a cell where its utility is above PromptWise's by more than this many standard errors. */
export const BEATS_SE = 2;

function beats(other: Stat, pw: Stat, trials: number): boolean {
  return other.mean - pw.mean > BEATS_SE * diffStandardError(other, pw, trials);
}

/** The surface of `metric` at the slice `at` (a value per slice axis; the first value where one is missing). */
export function sweepSurface(file: SweepFile, metric: SurfaceMetric, at: Record<string, number | string>): Surface {
  const axis = (k: string) => (file.spec.axes.find(([key]) => key === k)?.[1] ?? []) as number[];
  const lambdas = axis('lambda');
  const taus = axis('tauMax');
  const wanted = Object.fromEntries(sliceAxes(file).map(({ key, values }) => [key, at[key] ?? values[0]]));
  const inSlice = (c: CellOutcome) => Object.entries(wanted).every(([k, v]) => (k === 'world' ? c.world === v : c.settings[k === 'seeds' ? 'seed' : k] === v));
  const algos: string[] = [];
  const byAlgo = new Map<string, Map<string, CellOutcome>>();
  for (const c of file.cells) {
    if (!inSlice(c)) continue;
    for (const algo of Object.keys(c.results)) {
      if (!byAlgo.has(algo)) {
        algos.push(algo);
        byAlgo.set(algo, new Map());
      }
      byAlgo.get(algo)?.set(`${c.settings.tauMax}|${c.settings.lambda}`, c);
    }
  }
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const pwAt = byAlgo.get('promptwise');
  const grids = algos.map((algo) => {
    const cells = byAlgo.get(algo)!;
    const grid = taus.map((tau) =>
      lambdas.map((lambda): SurfaceCell | null => {
        const key = `${tau}|${lambda}`;
        const cell = cells.get(key);
        if (!cell) return null;
        const stat = cell.results[algo][metric];
        min = Math.min(min, stat.mean);
        max = Math.max(max, stat.mean);
        const pwCell = pwAt?.get(key);
        const pw = pwCell?.results.promptwise.utility;
        let beaten = false;
        if (pw && algo !== 'promptwise') beaten = !algorithmSpec(algo)?.knowsQ && beats(cell.results[algo].utility, pw, trialsOf(cell));
        if (pw && algo === 'promptwise')
          beaten = algos.some((other) => {
            const o = byAlgo.get(other)?.get(key);
            return other !== 'promptwise' && o !== undefined && !algorithmSpec(other)?.knowsQ && beats(o.results[other].utility, pw, trialsOf(cell));
          });
        return { stat, cell, beatsPromptWise: beaten };
      }),
    );
    return { algo, grid };
  });
  return { lambdas, taus, grids, min, max };
}
