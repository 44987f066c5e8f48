// `npm run sim`: bundles the CLI and its trial worker with esbuild (about 0.3 s) and runs the bundle in plain
// Node. Run through tsx instead, the same engine code is about 1.3× slower once a CommonJS dependency
// (ml-matrix, for PCA) is in the module graph (docs/BENCHMARKS.md, "The CLI's 1.3× regression"); the bundle
// also starts faster than tsx transforming every source.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

const src = fileURLToPath(new URL('../src/cli/', import.meta.url));
// Inside node_modules, so that the bundle resolves its one external package (esbuild, which pool.ts imports).
const cache = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(join(cache, 'promptwise-sim-'));
process.on('exit', () => rmSync(out, { recursive: true, force: true }));
buildSync({
  entryPoints: { sim: join(src, 'sim.ts'), trialWorker: join(src, 'trialWorker.ts') },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['esbuild'],
  logLevel: 'error',
});
// The pool's workers load this bundle instead of bundling the worker again (src/cli/pool.ts).
process.env.PROMPTWISE_TRIAL_WORKER = join(out, 'trialWorker.mjs');
await import(pathToFileURL(join(out, 'sim.mjs')).href);
