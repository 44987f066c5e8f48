// `npm run sim`: runs the CLI as an esbuild bundle in plain Node. Run through tsx instead, the same engine code is
// about 1.3× slower once a CommonJS dependency (ml-matrix, for PCA) is in the module graph (docs/BENCHMARKS.md,
// "The CLI's 1.3× regression"); a bundle also starts faster than tsx transforming every source.
//
// The bundle (the CLI and its trial worker) is cached under node_modules/.cache and rebuilt, about 0.35 s, only
// when one of the files it was built from has changed size or modification time since: esbuild's metafile lists
// them, so an edit anywhere in src/ or an upgraded dependency is seen, as `make` would see it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = fileURLToPath(new URL('../', import.meta.url));
// Inside node_modules, so that the bundle resolves its one external package (esbuild, which pool.ts imports).
const cache = join(repo, 'node_modules/.cache/promptwise-sim');
const stampFile = join(cache, 'stamp.json');
// esbuild is imported only to rebuild: parsing its CommonJS entry costs about 0.1 s of every run's start.
const esbuildVersion = JSON.parse(readFileSync(join(repo, 'node_modules/esbuild/package.json'), 'utf8')).version;

/** The cached bundle's folder, if every input it was built from is unchanged. */
function cachedBundle() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
  if (stamp.esbuild !== esbuildVersion || stamp.node !== process.version) return null;
  for (const [path, [mtimeMs, size]] of Object.entries(stamp.inputs)) {
    try {
      const s = statSync(join(repo, path));
      if (s.mtimeMs !== mtimeMs || s.size !== size) return null;
    } catch {
      return null;
    }
  }
  return join(cache, stamp.dir);
}

/** Bundles into a new folder and points the stamp at it (a rename, so a concurrent run reads one or the other). */
async function rebuild() {
  const { buildSync } = await import('esbuild');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'bundle-'));
  const result = buildSync({
    entryPoints: { sim: join(repo, 'src/cli/sim.ts'), trialWorker: join(repo, 'src/cli/trialWorker.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['esbuild'],
    logLevel: 'error',
    absWorkingDir: repo,
    metafile: true,
  });
  const inputs = {};
  for (const path of Object.keys(result.metafile.inputs)) {
    const s = statSync(join(repo, path));
    inputs[path] = [s.mtimeMs, s.size];
  }
  const dir = out.slice(cache.length + 1);
  const tmp = `${stampFile}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify({ esbuild: esbuildVersion, node: process.version, dir, inputs }));
  renameSync(tmp, stampFile);
  // Older bundles go, except any a run started in the last minute may still be loading.
  for (const name of readdirSync(cache)) {
    const path = join(cache, name);
    if (name.startsWith('bundle-') && name !== dir && Date.now() - statSync(path).mtimeMs > 60_000) {
      rmSync(path, { recursive: true, force: true });
    }
  }
  return out;
}

const bundle = cachedBundle() ?? (await rebuild());
// The pool's workers load this bundle instead of bundling the worker again (src/cli/pool.ts).
process.env.PROMPTWISE_TRIAL_WORKER = join(bundle, 'trialWorker.mjs');
await import(pathToFileURL(join(bundle, 'sim.mjs')).href);
