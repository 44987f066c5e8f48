/**
 * A sweep's shard files and their merge (issue 46): each shard carries the sweep (its canonical spec and hash), its
 * index and its cells' results; `mergeShards` joins them into the file an unsharded run writes, byte for byte, and
 * refuses, one line each, a file that is not a shard, a shard of another sweep, two shards that disagree on a cell,
 * and the cells no shard holds (unless `partial`). Pure: the CLI reads the files (cli/sweep.ts).
 */
import type { AlgoSummary } from '../simulate';
import { cellCount, type SweepCell, type SweepSpec, sweepHash } from './spec';

/** A cell's results: per algorithm its summary, without the seconds (the same on every machine). */
type CellResults = Record<string, Omit<AlgoSummary, 'seconds'>>;

export interface CellOutcome extends SweepCell {
  results: CellResults;
}

/** A run's per-algorithm summaries as a cell keeps them: without the seconds, so every machine writes the same bytes. */
export function cellResults(results: Record<string, AlgoSummary>): CellResults {
  return Object.fromEntries(Object.entries(results).map(([id, { seconds: _, ...summary }]) => [id, summary]));
}

/**
 * The files' version: 2 since the reward draws stopped depending on τ_max (engine/simulate.ts rewardIndex). A cell at
 * τ_max ≠ 5 of a version-1 file has other numbers than this engine gives for its settings, so such a file is refused
 * rather than merged beside cells of this engine, or drawn with links to runs that no longer give its numbers.
 */
const FILE_VERSION = 2;

/** Why a file of an earlier version is refused, and what to do. */
export const EARLIER_ENGINE = 'written by an earlier engine, whose draws at τ_max ≠ 5 differ from this one’s (docs/ENGINE.md, reading 6): run its sweep again';

export interface ShardFile {
  type: 'promptwise-sweep-shard';
  version: typeof FILE_VERSION;
  sweep: string;
  spec: SweepSpec;
  shard: number;
  of: number;
  cells: CellOutcome[];
}

export interface SweepFile {
  type: 'promptwise-sweep';
  version: typeof FILE_VERSION;
  sweep: string;
  spec: SweepSpec;
  cells: CellOutcome[];
}

/** A file's text as written: two-space JSON and a newline. */
export const fileText = (file: ShardFile | SweepFile): string => `${JSON.stringify(file, null, 2)}\n`;

export function shardFile(spec: SweepSpec, shard: number, of: number, cells: CellOutcome[]): ShardFile {
  return { type: 'promptwise-sweep-shard', version: FILE_VERSION, sweep: sweepHash(spec), spec, shard, of, cells };
}

export function sweepFile(spec: SweepSpec, cells: CellOutcome[]): SweepFile {
  return { type: 'promptwise-sweep', version: FILE_VERSION, sweep: sweepHash(spec), spec, cells: [...cells].sort((a, b) => a.index - b.index) };
}

/** A shard's file name in the output folder. */
export const shardName = (shard: number, of: number): string => `shard-${shard}-of-${of}.json`;

/**
 * Whether a parsed file is a shard or a merged sweep (`type`) of this version; `earlier`: of version 1, refused with
 * EARLIER_ENGINE; null: not one at all. The merge reads shards with it, the surface merged files.
 */
export function fileVersion(f: { type?: unknown; version?: unknown } | null, type: (ShardFile | SweepFile)['type']): 'current' | 'earlier' | null {
  if (f?.type !== type) return null;
  return f.version === FILE_VERSION ? 'current' : f.version === 1 ? 'earlier' : null;
}

export interface MergeResult {
  file: SweepFile | null;
  /** One line per problem (refusals), naming the file or the cell. */
  problems: string[];
  /** Cells no shard holds, named by the shards that should have (listed also under `partial`). */
  missing: string[];
}

/** Reads one shard's text; a file that is not one is a problem line naming it. */
function readShard(name: string, text: string): ShardFile | string {
  let f: Partial<ShardFile>;
  try {
    f = JSON.parse(text) as Partial<ShardFile>;
  } catch {
    return `${name}: not a sweep shard (not JSON: cut short or corrupt)`;
  }
  const version = fileVersion(f, 'promptwise-sweep-shard');
  if (version === 'earlier') return `${name}: ${EARLIER_ENGINE}`;
  if (version !== 'current' || !Array.isArray(f.cells) || typeof f.sweep !== 'string' || !f.spec) {
    return `${name}: not a sweep shard (no "type": "promptwise-sweep-shard", version ${FILE_VERSION}, with its sweep and cells)`;
  }
  if (sweepHash(f.spec) !== f.sweep) return `${name}: corrupt (its sweep ${f.sweep} is not the hash of the spec it carries)`;
  return f as ShardFile;
}

/**
 * Joins shard files (name → text). The sweep is the one most files are of; a file of another sweep is refused.
 * With `partial`, the cells that are there are merged and the rest listed; without, missing cells refuse the merge.
 */
export function mergeShards(files: ReadonlyMap<string, string>, partial = false): MergeResult {
  const problems: string[] = [];
  const shards: [string, ShardFile][] = [];
  for (const [name, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const s = readShard(name, text);
    if (typeof s === 'string') problems.push(s);
    else shards.push([name, s]);
  }
  if (shards.length === 0) return { file: null, problems: problems.length ? problems : ['no shard files'], missing: [] };
  // The sweep most files are of (ties: the first by name) is the one merged; the others are foreign.
  const votes = new Map<string, number>();
  for (const [, s] of shards) votes.set(s.sweep, (votes.get(s.sweep) ?? 0) + 1);
  const most = Math.max(...votes.values());
  const [firstName, first] = shards.find(([, s]) => votes.get(s.sweep) === most)!;
  const cells = new Map<number, { from: string; cell: CellOutcome; text: string }>();
  const ofs = new Set<number>();
  for (const [name, s] of shards) {
    if (s.sweep !== first.sweep) {
      problems.push(`${name}: a shard of another sweep (${s.sweep}; ${firstName} is of ${first.sweep})`);
      continue;
    }
    ofs.add(s.of);
    for (const cell of s.cells) {
      const text = JSON.stringify(cell);
      const seen = cells.get(cell.index);
      if (seen && seen.text !== text) problems.push(`cell ${cell.index} (${cell.world}, ${JSON.stringify(cell.settings)}): ${seen.from} and ${name} disagree`);
      else if (!seen) cells.set(cell.index, { from: name, cell, text });
    }
  }
  const missing: string[] = [];
  const total = cellCount(first.spec);
  const lacking = Array.from({ length: total }, (_, i) => i).filter((i) => !cells.has(i));
  if (lacking.length > 0) {
    // Named by the shards that hold them, where every file was cut alike (the usual case); else by cell.
    if (ofs.size === 1) {
      const of = first.of;
      const byShard = new Map<number, number[]>();
      for (const i of lacking) byShard.set(i % of, [...(byShard.get(i % of) ?? []), i]);
      for (const [shard, list] of byShard) missing.push(`shard ${shard}/${of} (${shardName(shard, of)}): cells ${list.join(', ')}`);
    } else missing.push(`cells ${lacking.join(', ')}`);
    if (!partial) problems.push(...missing.map((m) => `missing ${m}`));
  }
  if (problems.length > 0) return { file: null, problems, missing };
  return {
    file: sweepFile(
      first.spec,
      [...cells.values()].map((c) => c.cell),
    ),
    problems,
    missing,
  };
}
