/**
 * Sharded sweeps end to end (issue 46): a 2 × 3 × 2 grid run unsharded, and as 1, 3 and 5 shards through real GNU
 * parallel (installed by .ci/run from Debian, as Chromium is), merged byte for byte; the Kubernetes recipe's own
 * command line run with its index variable set for each shard (the Slurm recipe runs on a real Slurm cluster:
 * slurmRecipe.test.ts); and the merge's refusals, one line each.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SMALL_SWEEP } from './smallSweep';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pw-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sweep = join(dir, 'sweep.json');
writeFileSync(sweep, JSON.stringify(SMALL_SWEEP));

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(command, args, { cwd: repo, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const sim = (...args: string[]) => run('node', ['bin/sim.mjs', ...args]);

describe('a sharded sweep', () => {
  const whole = join(dir, 'whole.json');
  const unsharded = sim('sweep', sweep, '--json', whole);

  it('runs unsharded into one file, progress on stderr', () => {
    expect(unsharded.code, unsharded.err).toBe(0);
    expect(unsharded.err.trim().split('\n')).toHaveLength(12);
    expect(JSON.parse(readFileSync(whole, 'utf8')).cells).toHaveLength(12);
  });

  it.each([1, 3, 5])('as %i shards through GNU parallel, merges byte-identical to the unsharded run', (n) => {
    expect(existsSync('/usr/bin/parallel'), 'GNU parallel (apt-get install parallel; .ci/run installs it)').toBe(true);
    const out = join(dir, `parallel-${n}`);
    const merged = join(dir, `merged-${n}.json`);
    const r = run('bash', ['recipes/gnu-parallel.sh', sweep, String(n), out, merged, '2']);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(merged, 'utf8')).toBe(readFileSync(whole, 'utf8'));
  });

  it('the Kubernetes Indexed Job recipe: its container command, with JOB_COMPLETION_INDEX set for each pod, gives the same merge', () => {
    const job = parse(readFileSync(join(repo, 'recipes/k8s-sweep-job.yaml'), 'utf8'));
    expect(job.kind).toBe('Job');
    expect(job.spec.completionMode).toBe('Indexed');
    const container = job.spec.template.spec.containers[0];
    const env = Object.fromEntries(container.env.map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(Number(env.SHARDS)).toBe(job.spec.completions);
    const out = join(dir, 'k8s');
    for (let i = 0; i < job.spec.completions; i++) {
      const r = run(container.command[0], [...container.command.slice(1), ...container.args], {
        ...env,
        SWEEP: sweep,
        OUT: out,
        JOB_COMPLETION_INDEX: String(i),
      });
      expect(r.code, r.err).toBe(0);
    }
    const merged = join(dir, 'merged-k8s.json');
    expect(sim('merge', out, '--json', merged).code).toBe(0);
    expect(readFileSync(merged, 'utf8')).toBe(readFileSync(whole, 'utf8'));
  });

  it('a shard run again overwrites its own file; the merge refuses a missing, a corrupt, a foreign and a disagreeing shard, one line each', () => {
    const out = join(dir, 'refusals');
    for (let i = 0; i < 3; i++) expect(sim('sweep', sweep, '--shard', `${i}/3`, '--out', out).code).toBe(0);
    expect(sim('sweep', sweep, '--shard', '1/3', '--out', out).code).toBe(0);
    const merged = join(dir, 'merged-refusals.json');
    expect(sim('merge', out, '--json', merged).code).toBe(0);
    expect(readFileSync(merged, 'utf8')).toBe(readFileSync(whole, 'utf8'));

    const bad = join(dir, 'bad');
    cpSync(join(dir, 'parallel-5'), bad, { recursive: true });
    rmSync(join(bad, 'shard-4-of-5.json'));
    writeFileSync(join(bad, 'shard-3-of-5.json'), readFileSync(join(bad, 'shard-3-of-5.json'), 'utf8').slice(0, 200));
    const foreign = join(dir, 'foreign.json');
    writeFileSync(foreign, readFileSync(sweep, 'utf8').replace('"T":150', '"T":151'));
    expect(sim('sweep', foreign, '--shard', '0/9', '--out', bad).code).toBe(0);
    const twin = JSON.parse(readFileSync(join(bad, 'shard-1-of-5.json'), 'utf8'));
    twin.cells[0].results.greedy.utility.mean += 0.001;
    writeFileSync(join(bad, 'shard-1-of-6.json'), JSON.stringify({ ...twin, of: 6 }));
    const r = sim('merge', bad, '--json', join(dir, 'never.json'));
    expect(r.code).toBe(2);
    expect(existsSync(join(dir, 'never.json'))).toBe(false);
    const lines = r.err.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/shard-3-of-5\.json: not a sweep shard \(not JSON: cut short or corrupt\)$/);
    expect(lines[1]).toMatch(/shard-0-of-9\.json: a shard of another sweep/);
    expect(lines[2]).toMatch(/^cell 1 \(t2i, .*\): .*shard-1-of-5\.json and .*shard-1-of-6\.json disagree$/);
    expect(lines[3]).toBe('missing cells 3, 4, 8, 9');
    // --partial merges what is there and names what is missing.
    rmSync(join(bad, 'shard-0-of-9.json'));
    rmSync(join(bad, 'shard-1-of-6.json'));
    rmSync(join(bad, 'shard-3-of-5.json'));
    const partial = sim('merge', bad, '--json', join(dir, 'partial.json'), '--partial');
    expect(partial.code).toBe(0);
    expect(partial.err.trim().split('\n')).toEqual(['missing shard 3/5 (shard-3-of-5.json): cells 3, 8', 'missing shard 4/5 (shard-4-of-5.json): cells 4, 9']);
    expect(JSON.parse(readFileSync(join(dir, 'partial.json'), 'utf8')).cells).toHaveLength(8);
  });

  it('plans: the number of cells and an estimate of their cost', () => {
    const r = sim('sweep', sweep, '--plan');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^12 cells: 1 worlds × 2 lambda × 3 tauMax × 2 seeds\n/);
    expect(r.out).toMatch(/\n7,200 prompt-steps \(algorithm × trial × T\); about \d+ s of one core on this machine\n/);
  });

  it('names a bad field of the sweep file in one line, before running anything', () => {
    const badSweep = join(dir, 'bad-sweep.json');
    writeFileSync(badSweep, JSON.stringify({ worlds: ['t2i'], axes: { lambda: [0.01, -1] } }));
    const r = sim('sweep', badSweep, '--json', join(dir, 'x.json'));
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${badSweep}: axes.lambda[1]: must be a non-negative number (got -1)\n`);
  });
});
