/**
 * A live run's recording (issue 44, items 5–6): a header saying what was run, then one line per finished query
 * (JSON Lines, appended as each query ends). A run given its recording resumes where it stopped; a recording of
 * another configuration is refused, naming what differs. `exportDataset` turns it into a dataset in the world
 * format (../shared/spec/world-format.md) that the lab's import and the CLI replay.
 */

import { type LivePrompt, type QueryRecord, recordKey } from './loop';
import type { LiveModel } from './models';

/** What a recording was made with: a resumed run must match it. No key, ever (only the variable's name). */
export interface RecordingHeader {
  type: 'promptwise-live';
  version: 1;
  /** `collect` (every model once per prompt) or the learner's algorithm id. */
  mode: 'collect' | 'learn';
  algo: string | null;
  grader: string;
  params: { lambda: number; tauMax: number; seed: number } | null;
  models: { name: string; base_url: string; model: string; input_price_per_1M: number; output_price_per_1M: number }[];
  /** The prompts file, as given. */
  prompts: string;
  started: string;
}

export function headerOf(h: Omit<RecordingHeader, 'type' | 'version' | 'models' | 'started'>, models: readonly LiveModel[]): RecordingHeader {
  return {
    type: 'promptwise-live',
    version: 1,
    ...h,
    models: models.map((m) => ({
      name: m.name,
      base_url: m.baseUrl,
      model: m.model,
      input_price_per_1M: m.inputPrice,
      output_price_per_1M: m.outputPrice,
    })),
    started: new Date().toISOString(),
  };
}

/** What differs between a recording's header and the run that would resume it (empty: the same run). */
export function headerMismatch(recorded: RecordingHeader, run: RecordingHeader): string[] {
  const out: string[] = [];
  for (const key of ['mode', 'algo', 'grader', 'params', 'models', 'prompts'] as const) {
    if (JSON.stringify(recorded[key]) !== JSON.stringify(run[key])) out.push(key);
  }
  return out;
}

/** Reads a recording's text: its header and its queries by `recordKey`. A torn last line (a crash mid-write) is dropped. */
export function readRecording(text: string): { header: RecordingHeader; queries: Map<string, QueryRecord> } {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new Error('the recording is empty');
  let header: RecordingHeader;
  try {
    header = JSON.parse(lines[0]) as RecordingHeader;
  } catch {
    throw new Error('line 1: not a recording header (JSON)');
  }
  if (header.type !== 'promptwise-live' || header.version !== 1) throw new Error('line 1: not a PromptWise live recording (version 1)');
  const queries = new Map<string, QueryRecord>();
  for (let i = 1; i < lines.length; i++) {
    let q: QueryRecord;
    try {
      q = JSON.parse(lines[i]) as QueryRecord;
    } catch {
      if (i === lines.length - 1) break; // cut short by a crash while it was written: that query is asked again
      throw new Error(`line ${i + 1}: not JSON`);
    }
    queries.set(recordKey(q.promptId, q.model, q.k), q);
  }
  return { header, queries };
}

/** The recording's line for one query. */
export const queryLine = (q: QueryRecord): string => `${JSON.stringify(q)}\n`;

/**
 * A recording as a dataset in the world format: `prompts.jsonl` (each prompt every model answered, with its
 * outcomes and each query's `cost_usd`) and `models.json` (prices and where the outcomes came from). A prompt some
 * model did not answer cannot be replayed for every algorithm: it is left out and counted (a learner answers only
 * what it asks; collection mode asks every model).
 */
export function exportDataset(
  header: RecordingHeader,
  queries: ReadonlyMap<string, QueryRecord>,
  prompts: readonly Pick<LivePrompt, 'id' | 'text' | 'task' | 'answer'>[],
): { promptsJsonl: string; modelsJson: string; kept: number; leftOut: number } {
  const names = header.models.map((m) => m.name);
  const rows: string[] = [];
  let leftOut = 0;
  const seen = new Set<string>();
  for (const p of prompts) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const answers = names.map((n) => queries.get(recordKey(p.id, n)));
    if (answers.some((a) => a === undefined)) {
      if (answers.some((a) => a !== undefined)) leftOut++;
      continue;
    }
    const by = <T>(f: (q: QueryRecord) => T) => Object.fromEntries(names.map((n, i) => [n, f(answers[i]!)]));
    rows.push(JSON.stringify({ id: p.id, text: p.text, task: p.task, answer: p.answer, outcomes: by((q) => q.grade), cost_usd: by((q) => q.costUsd) }));
  }
  const models = header.models.map((m) => ({
    name: m.name,
    input_price_per_1M: m.input_price_per_1M,
    output_price_per_1M: m.output_price_per_1M,
    price_basis: `set in the live run's models (${m.model} at ${new URL(m.base_url).host})`,
    per_query_cost: 'measured: usage tokens × prices, or estimated from lengths where the endpoint gave no usage',
    outcomes: `graded by ${header.grader} in a PromptWise live run (${header.mode}) started ${header.started}`,
  }));
  return { promptsJsonl: rows.length ? `${rows.join('\n')}\n` : '', modelsJson: `${JSON.stringify(models, null, 1)}\n`, kept: rows.length, leftOut };
}
