/**
 * `npm run bench`, sharded sweeps (issue 46): a 200-cell sweep as one shard against the same sweep as two shards
 * run at once on this machine, each the wall time of `npm run sim` processes from start to exit, beside the
 * machine's ceiling for that: the same one-shard sweep twice at once against once (two independent processes).
 * Alternated repeats, medians; the load average with every figure.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordForDocs } from './docTables';
import { median } from './sideBySide';

recordForDocs('sweep');

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pw-sweep-bench-'));
const sweep = join(dir, 'sweep.json');
// 10 λ × 5 τ_max × 4 seeds = 200 cells on t2i.
writeFileSync(
  sweep,
  JSON.stringify({
    worlds: ['t2i'],
    axes: { lambda: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1], tauMax: [1, 2, 3, 5, 8], seeds: [0, 1, 2, 3] },
    fixed: { T: 300, trials: 2, algos: ['promptwise', 'greedy'] },
  }),
);

/** Seconds until every one of these `npm run sim` processes has exited (they start together). */
async function processes(argvs: string[][]): Promise<number> {
  const started = performance.now();
  await Promise.all(
    argvs.map(
      (args) =>
        new Promise<void>((resolve, reject) => {
          const p = spawn('node', ['bin/sim.mjs', ...args], { cwd: root, stdio: 'ignore' });
          p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`sim ${args.join(' ')} exited ${code}`))));
        }),
    ),
  );
  return (performance.now() - started) / 1000;
}

const shard = (i: number, n: number, out: string) => ['sweep', sweep, '--shard', `${i}/${n}`, '--out', join(dir, out), '--jobs', '1'];
await processes([shard(0, 1, 'warm')]); // the CLI's bundle built, the disk cache warm
const one: number[] = [];
const two: number[] = [];
const pairAlone: number[] = [];
for (let r = 0; r < 3; r++) {
  one.push(await processes([shard(0, 1, `one-${r}`)]));
  two.push(await processes([shard(0, 2, `two-${r}`), shard(1, 2, `two-${r}`)]));
  pairAlone.push(await processes([shard(0, 1, `a-${r}`), shard(0, 1, `b-${r}`)]));
}
rmSync(dir, { recursive: true, force: true });
const [t1, t2, tPair] = [median(one), median(two), median(pairAlone)];
const speedup = t1 / t2;
const ceiling = (2 * t1) / tPair;
console.log('| case | one shard (s) | two shards at once (s) | speed-up | ceiling: 2 × one ÷ two one-shard runs at once | speed-up ÷ ceiling | load |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
console.log(
  `| 200 cells (t2i, 10 λ × 5 τ_max × 4 seeds; 2 algorithms × 2 trials × T=300), \`--jobs 1\` | ${t1.toFixed(2)} | ${t2.toFixed(2)} | ${speedup.toFixed(2)}× | ${ceiling.toFixed(2)}× | ${(speedup / ceiling).toFixed(2)} | ${loadavg()[0].toFixed(2)} |`,
);
console.log('');
console.log('Medians of 3 alternated repeats, wall time from the processes’ start to the last exit.');
