/**
 * `npm run sim -- sweep FILE [--plan] [--shard i/N --out DIR] [--json PATH] [--jobs N]` and
 * `npm run sim -- merge DIR --json PATH [--partial]` (issue 46; docs/SWEEPS.md): a grid of runs handed to the
 * scheduler one already has (GNU parallel, a Slurm array, a Kubernetes Indexed Job: recipes/), one deterministic
 * slice per shard, merged into the file an unsharded run writes, byte for byte. Progress goes to stderr.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { checkOptions, runSimulation } from '../engine/simulate';
import { type CellOutcome, cellResults, fileText, mergeShards, shardFile, shardName, sweepFile } from '../engine/sweep/merge';
import { cellArgv, cellAt, cellCount, parseShard, parseSweep, type SweepCell, SweepError, type SweepSpec, shardCells, sweepHash } from '../engine/sweep/spec';
import { isBuiltinWorld } from '../engine/worlds/builtins';
import { jsonPath, parseCliArgs, strictFlags, UsageError } from './args';
import type { Io } from './main';
import { defaultLanes, runTrials } from './pool';
import { worldFor } from './world';

const sweepUsage = `usage: npm run sim -- sweep FILE [--plan] [--shard i/N --out DIR] [--json PATH] [--jobs N]
       npm run sim -- merge DIR --json PATH [--partial]`;

/** Writes `text` to `path` through a temporary file and a rename: a reader (or a rerun) sees the old file or the new. */
function writeAtomically(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

function readSweep(file: string | undefined): { spec: SweepSpec; where: (world: string) => string } {
  if (file === undefined || file.startsWith('--')) throw new UsageError('sweep: name the sweep file first (npm run sim -- sweep --help)');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    const spec = parseSweep(text);
    // Worlds that are paths are relative to the sweep file, as a world file's prompts are to it.
    return { spec, where: (w) => (isBuiltinWorld(w) ? w : resolve(dirname(file), w)) };
  } catch (e) {
    if (e instanceof SweepError) throw new UsageError(`${file}: ${e.message}`);
    throw e;
  }
}

/** Runs one cell as `npm run sim` runs its command line (its trials shared among `jobs` lanes: the same numbers). */
async function runCell(cell: SweepCell, where: (world: string) => string, jobs: number | undefined): Promise<CellOutcome> {
  const argv = cellArgv(cell, where);
  if (jobs !== undefined) argv.push('--jobs', String(jobs));
  let opts: ReturnType<typeof parseCliArgs>;
  try {
    opts = parseCliArgs(argv);
  } catch (e) {
    throw new UsageError(`cell ${cell.index} (${cell.world}): ${(e as Error).message}`);
  }
  const options = { algos: opts.algos, T: opts.T, trials: opts.trials, seed: opts.seed, params: opts.params };
  checkOptions(options);
  const result = await runTrials(options, argv, jobs ?? defaultLanes(opts.trials), () => worldFor(opts), jobs === undefined ? 'if-worth-it' : 'now');
  return { ...cell, results: cellResults(result.results) };
}

/** The plan: how many cells, and a cost estimate from a short run of each world's first cell on this machine. */
function plan(spec: SweepSpec, where: (world: string) => string, io: Io): void {
  const total = cellCount(spec);
  const perWorld = total / spec.worlds.length;
  io.out(`${total} cells: ${[`${spec.worlds.length} worlds`, ...spec.axes.map(([k, v]) => `${v.length} ${k}`)].join(' × ')}`);
  let seconds = 0;
  let steps = 0;
  for (let w = 0; w < spec.worlds.length; w++) {
    const cells = Array.from({ length: perWorld }, (_, j) => parseCliArgs(cellArgv(cellAt(spec, w * perWorld + j), where)));
    const [opts] = cells;
    const probeT = Math.min(opts.T, 100);
    const started = performance.now();
    runSimulation(worldFor(opts), { algos: opts.algos, T: probeT, trials: 1, seed: opts.seed, params: opts.params });
    const perStep = (performance.now() - started) / 1000 / (probeT * opts.algos.length);
    for (const c of cells) {
      const n = c.algos.length * c.trials * c.T;
      steps += n;
      seconds += n * perStep;
    }
  }
  io.out(`${steps.toLocaleString('en-US')} prompt-steps (algorithm × trial × T); about ${Math.ceil(seconds)} s of one core on this machine`);
  io.out(`sweep ${sweepHash(spec)}`);
}

const wantsHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h');

export async function sweepMain(argv: string[], io: Io): Promise<number> {
  if (wantsHelp(argv)) {
    io.out(sweepUsage);
    return 0;
  }
  const { spec, where } = readSweep(argv[0]);
  const values = strictFlags(argv.slice(1), {
    plan: { type: 'boolean', default: false },
    shard: { type: 'string' },
    out: { type: 'string' },
    json: { type: 'string' },
    jobs: { type: 'string' },
  } as const);
  if (values.plan) {
    plan(spec, where, io);
    return 0;
  }
  const jobs = values.jobs === undefined ? undefined : Number(values.jobs);
  if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1)) throw new UsageError(`--jobs: must be a positive integer (got "${values.jobs}")`);
  if (values.shard !== undefined && values.out === undefined) throw new UsageError('--shard: give the folder its file goes to with --out DIR');
  if (values.shard === undefined && values.out === undefined && values.json === undefined)
    throw new UsageError('sweep: give --json PATH, --shard i/N --out DIR, or --plan');
  const json = jsonPath(values.json);
  let shard = 0;
  let of = 1;
  if (values.shard !== undefined) {
    try {
      ({ shard, of } = parseShard(values.shard));
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  if (values.out !== undefined) mkdirSync(values.out, { recursive: true });
  const cells = shardCells(spec, shard, of);
  const outcomes: CellOutcome[] = [];
  for (const [k, cell] of cells.entries()) {
    const started = performance.now();
    outcomes.push(await runCell(cell, where, jobs));
    io.err(`sweep ${shard}/${of}: cell ${cell.index} (${k + 1} of ${cells.length}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  if (values.out !== undefined) {
    const path = join(values.out, shardName(shard, of));
    writeAtomically(path, fileText(shardFile(spec, shard, of, outcomes)));
    io.out(`wrote ${path}`);
  }
  if (json !== undefined) {
    if (of !== 1) throw new UsageError('--json: a shard writes its file to --out; merge the shards into one file with `merge DIR --json PATH`');
    writeAtomically(json, fileText(sweepFile(spec, outcomes)));
    io.out(`wrote ${json}`);
  }
  return 0;
}

export function mergeMain(argv: string[], io: Io): number {
  if (wantsHelp(argv)) {
    io.out(sweepUsage);
    return 0;
  }
  const dir = argv[0];
  if (dir === undefined || dir.startsWith('--')) throw new UsageError('merge: name the folder of shard files first (npm run sim -- merge --help)');
  const values = strictFlags(argv.slice(1), { json: { type: 'string' }, partial: { type: 'boolean', default: false } } as const);
  const json = jsonPath(values.json);
  if (json === undefined) throw new UsageError('merge: give --json PATH for the merged file');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`merge: ${JSON.stringify(dir)} is not a folder`);
  const files = new Map<string, string>();
  // The shards' own names (shardName): the merged file, or anything else kept beside them, is not read.
  for (const name of readdirSync(dir)) {
    if (/^shard-\d+-of-\d+\.json$/.test(name)) files.set(join(dir, name), readFileSync(join(dir, name), 'utf8'));
  }
  const merged = mergeShards(files, values.partial);
  if (merged.file === null) {
    for (const line of merged.problems) io.err(line);
    return 2;
  }
  writeAtomically(json, fileText(merged.file));
  io.out(`wrote ${json} (${merged.file.cells.length} cells)`);
  for (const m of merged.missing) io.err(`missing ${m}`);
  return 0;
}
