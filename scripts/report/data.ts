/**
 * Where the report's worlds come from: built-in worlds by name, recorded datasets read from ../shared/data
 * (relative to the repo root, as the CLI's `--world ../shared/data/FOLDER` reads them).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatasetChoice, datasetWorldOf, folderSource } from '../../src/engine/lab/datasetSource';
import type { Preset } from '../../src/engine/lab/presets';
import type { World } from '../../src/engine/types';
import { builtinWorld } from '../../src/engine/worlds/builtins';
import type { DatasetWorld } from '../../src/engine/worlds/dataset';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DATA_ROOT = resolve(REPO_ROOT, '../shared/data');

/** Folder text is read once per process: MMLU-Pro's prompts file is large and several tables share it. */
const folderTexts = new Map<string, { models: string; prompts: string }>();

function readFolder(folder: string): { models: string; prompts: string } {
  let texts = folderTexts.get(folder);
  if (!texts) {
    const dir = join(DATA_ROOT, folder);
    texts = { models: readFileSync(join(dir, 'models.json'), 'utf8'), prompts: readFileSync(join(dir, 'prompts.jsonl'), 'utf8') };
    folderTexts.set(folder, texts);
  }
  return texts;
}

/** The world the CLI builds for `--world ../shared/data/FOLDER` with the same choices. */
export function datasetWorld(folder: string, choice: DatasetChoice): DatasetWorld {
  const { models, prompts } = readFolder(folder);
  return datasetWorldOf(folderSource(folder, models, prompts), choice);
}

export function presetWorld(preset: Preset): World {
  const w = preset.world;
  if (typeof w === 'string') return builtinWorld(w);
  const { folder, ...choice } = w;
  return datasetWorld(folder, choice);
}

/** One prompt row as the report's data summaries need it. */
interface Row {
  outcomes: Record<string, number>;
  costs: Record<string, number> | null;
}

function rows(folder: string): { models: string[]; rows: Row[] } {
  const { models, prompts } = readFolder(folder);
  const names = (JSON.parse(models) as { name: string }[]).map((m) => m.name);
  const out: Row[] = [];
  for (const line of prompts.split('\n')) {
    if (line.trim() === '') continue;
    const r = JSON.parse(line) as { outcomes: Record<string, number>; cost_usd?: Record<string, number>; cost_usd_est?: Record<string, number> };
    out.push({ outcomes: r.outcomes, costs: r.cost_usd ?? r.cost_usd_est ?? null });
  }
  return { models: names, rows: out };
}

/** Expected per-prompt numbers of a fixed routing rule over the whole file (prompts drawn uniformly). */
export interface DataPoint {
  label: string;
  /** Expected success under the lab's reading: a score s in [0, 1] succeeds with probability s. */
  success: number;
  /** Mean recorded cost per prompt, µ$. */
  cost: number;
  utility: number;
}

/**
 * The best single model over the whole file (highest expected success; ties: cheaper), under the lab's
 * reading of scores, with costs in µ$ and utility at λ: what always asking that one model would score.
 */
export function bestSingleModel(folder: string, lambda: number): DataPoint & { model: string } {
  const { models, rows: rs } = rows(folder);
  let best: (DataPoint & { model: string }) | null = null;
  for (const m of models) {
    let s = 0;
    let c = 0;
    for (const r of rs) {
      s += r.outcomes[m];
      c += r.costs ? r.costs[m] * 1e6 : NaN;
    }
    const point = { label: `best single model: ${m}`, model: m, success: s / rs.length, cost: c / rs.length, utility: (s - lambda * c) / rs.length };
    if (!best || point.success > best.success || (point.success === best.success && point.cost < best.cost)) best = point;
  }
  return best!;
}
