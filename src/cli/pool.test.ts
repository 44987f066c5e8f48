import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runSimulation } from '../engine/simulate';
import { builtinWorld } from '../engine/worlds/builtins';
import { runTrials } from './pool';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pw-pool-'));
const argv = [
  '--world',
  'sudoku',
  '--algos',
  'promptwise,greedy,random,oracle,linucb,lin-thompson-ts,eps-greedy,pilot-ts,cascade',
  '--T',
  '60',
  '--trials',
  '6',
];
const options = {
  algos: ['promptwise', 'greedy', 'random', 'oracle', 'linucb', 'lin-thompson-ts', 'eps-greedy', 'pilot-ts', 'cascade'],
  T: 60,
  trials: 6,
  seed: 0,
  params: {},
};
const world = () => builtinWorld('sudoku');

/**
 * A stand-in trial worker (a real worker thread running this code): it claims `claims` trials, writes `signal`,
 * then exits with code 3.
 */
function dyingWorker(claims: number, signal: string): string {
  const path = join(dir, `dying-${claims}.mjs`);
  writeFileSync(
    path,
    `import { writeFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
const next = new Int32Array(workerData.next);
for (let i = 0; i < ${claims}; i++) Atomics.add(next, 0, 1);
writeFileSync(${JSON.stringify(signal)}, 'claimed');
process.exit(3);
`,
  );
  return path;
}

/** The world, once `signal` exists: this thread starts claiming only after the worker has claimed its trials. */
function worldAfter(signal: string) {
  return () => {
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let waited = 0; !existsSync(signal) && waited < 30_000; waited += 10) Atomics.wait(pause, 0, 0, 10);
    return world();
  };
}

afterEach(() => {
  delete process.env.PROMPTWISE_TRIAL_WORKER;
});

describe('the CLI trial pool (runTrials)', () => {
  it('gives the in-process result for 1, 2 and 3 lanes, whichever lane runs which trial', async () => {
    const alone = runSimulation(world(), options);
    for (const lanes of [1, 2, 3]) {
      const pooled = await runTrials(options, argv, lanes, world);
      for (const id of options.algos) {
        const { seconds: _a, ...a } = pooled.results[id];
        const { seconds: _b, ...b } = alone.results[id];
        expect(a, `${lanes} lanes, ${id}`).toEqual(b);
      }
    }
  });

  it('finishes without a worker that dies before claiming a trial: this thread is a lane and runs them all', async () => {
    const signal = join(dir, 'claimed-0');
    process.env.PROMPTWISE_TRIAL_WORKER = dyingWorker(0, signal);
    const pooled = await runTrials(options, argv, 2, worldAfter(signal));
    expect(pooled.results.promptwise.utility).toEqual(runSimulation(world(), options).results.promptwise.utility);
  });

  it('fails with one message when a worker dies holding a trial, instead of waiting for it forever', async () => {
    const signal = join(dir, 'claimed-1');
    process.env.PROMPTWISE_TRIAL_WORKER = dyingWorker(1, signal);
    await expect(runTrials(options, argv, 2, worldAfter(signal))).rejects.toThrow('trial worker exited with code 3 before answering');
  });
});

describe('bin/sim.mjs (`npm run sim`)', () => {
  const stamp = join(repo, 'node_modules/.cache/promptwise-sim/stamp.json');
  const sim = () => spawnSync(process.execPath, ['bin/sim.mjs', '--world', 't2i', '--T', '5', '--trials', '1'], { cwd: repo, encoding: 'utf8' });
  const bundleDir = () => JSON.parse(readFileSync(stamp, 'utf8')).dir as string;

  it('reuses its bundle while no input changed, and rebuilds it when a source file changes', () => {
    expect(sim().status).toBe(0);
    const first = bundleDir();
    expect(Object.keys(JSON.parse(readFileSync(stamp, 'utf8')).inputs)).toContain('src/engine/simulate.ts');
    expect(sim().status).toBe(0);
    expect(bundleDir()).toBe(first);
    // A new modification time on one engine source (its content unchanged) is a change, as for make.
    const source = join(repo, 'src/engine/rng.ts');
    const later = new Date(Date.now() + 1000);
    utimesSync(source, later, later);
    const p = sim();
    expect(p.stderr).toBe('');
    expect(p.status).toBe(0);
    expect(bundleDir()).not.toBe(first);
  });
});
