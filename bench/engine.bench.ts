/**
 * `npm run bench`: wall times of the engine on this machine, printed as numbers (not a test).
 * Targets (2-core machine): PromptWise one trial at d = 384 ≤ 2 s; the full t2i table ≤ 3 s.
 */
import { cpus } from 'node:os';
import { nodeWorldIo } from '../src/cli/main';
import { algorithmIds } from '../src/engine/policies/registry';
import { runSimulation } from '../src/engine/simulate';
import { loadWorld } from '../src/engine/worlds/load';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn: () => void, repeats: number): number {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    fn();
    times.push((performance.now() - t0) / 1000);
  }
  return median(times);
}

console.log(`# engine benchmark — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`);
console.log('');
console.log('| case | median wall time (s) | target |');
console.log('| --- | ---: | --- |');

for (const fitIterations of [null, 1]) {
  for (const d of [5, 64, 384]) {
    const world = loadWorld('logistic', nodeWorldIo, { d });
    const params = { fitIterations };
    const s = time(() => runSimulation(world, { algos: ['promptwise'], T: 1000, trials: 1, seed: 0, params }), d === 384 ? 3 : 5);
    const fit = fitIterations === null ? 'exact MLE after every pull' : `--fit-iters ${fitIterations}`;
    console.log(`| PromptWise, 1 trial, K=5, T=1000, d=${d} (random unit-ball contexts), ${fit} | ${s.toFixed(3)} | ${d === 384 ? '≤ 2' : ''} |`);
  }
}

const t2i = loadWorld('t2i', nodeWorldIo, {});
let perAlgo: Record<string, number> = {};
const total = time(() => {
  const r = runSimulation(t2i, { algos: algorithmIds, T: 1000, trials: 20, seed: 0, params: {} });
  perAlgo = Object.fromEntries(Object.entries(r.results).map(([id, v]) => [id, v.seconds]));
}, 3);
console.log(`| full t2i table: ${algorithmIds.length} algorithms × 20 trials × T=1000 | ${total.toFixed(3)} | ≤ 3 |`);
console.log('');
console.log('t2i table, seconds per algorithm (last repeat):');
for (const [id, s] of Object.entries(perAlgo).sort((a, b) => b[1] - a[1])) console.log(`  ${id.padEnd(20)} ${s.toFixed(3)}`);
