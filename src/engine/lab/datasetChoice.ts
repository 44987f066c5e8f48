/**
 * The choices a run makes on a recorded dataset, as plain constants and types importing only the parameter
 * registry (plain data), so the page's main bundle (links, controls) can use them without pulling in the
 * engine (see datasetSource.ts).
 */
import { NUMBER_PARAMS } from '../params';

export type FeatureType = 'task-onehot' | 'hashed-ngrams' | 'embedding';
export const FEATURE_TYPES: readonly FeatureType[] = ['task-onehot', 'hashed-ngrams', 'embedding'];
export type CostMode = 'prices' | 'per-query';
export const COST_MODES: readonly CostMode[] = ['prices', 'per-query'];

/** The dimension n-gram and projected embedding features get in the lab unless one is chosen (engine/params.ts). */
export const DEFAULT_FEATURE_DIM = NUMBER_PARAMS.dim.lab.default;

/** Recorded per-query USD costs are charged in µ$, on the scale of the $-per-1M-token prices (see costScale). */
export const PER_QUERY_COST_SCALE = 1e6;

/** The unit a run's costs are in, for labels. */
export function costUnit(choice: { costs: CostMode }): string {
  return choice.costs === 'per-query' ? 'µ$ per query (recorded)' : '$ per 1M tokens (set price)';
}

/** A model or task that joins a dataset run at a given step (the paper's adaptation experiments). */
export interface StartEntry {
  name: string;
  /** 0-based step from which it is available. */
  step: number;
}

const START_ENTRY = /^([^,:]{1,120}):(\d{1,7})$/;

/**
 * "qwen-plus:0,gemini-2.5-flash-preview:200" → entries: the one format of the link keys `modelStart`/`taskStart`
 * and the CLI's `--model-start`/`--task-start`. Names not listed start at step 0. Returns a message on bad input.
 */
export function parseStartList(text: string): StartEntry[] | { error: string } {
  const entries: StartEntry[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const m = START_ENTRY.exec(item);
    if (m === null) return { error: `"${item.slice(0, 60)}" is not NAME:STEP (a name and a step index ≥ 0)` };
    const name = m[1].trim();
    if (entries.some((e) => e.name === name)) return { error: `${name} is given more than once` };
    entries.push({ name, step: Number(m[2]) });
  }
  return entries;
}

/** The inverse of parseStartList. */
export function formatStartList(entries: readonly StartEntry[]): string {
  return entries.map((e) => `${e.name}:${e.step}`).join(',');
}
