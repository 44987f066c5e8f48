/**
 * The Slurm recipe (recipes/slurm-sweep.sbatch, docs/SWEEPS.md) on a real scheduler: a throwaway one-node Slurm
 * cluster (Debian's munge, slurmctld and slurmd, which .ci/run installs as it installs Chromium) with its own
 * configuration, ports, key and spool under a temporary folder, so that nothing of the machine's is read or
 * changed. The array is submitted with the recipe's own command line, the merge as the job that depends on it, and
 * the merged file must be the unsharded run's, byte for byte.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './freePort';
import { SMALL_SWEEP } from './smallSweep';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const INSTALL = 'apt-get install -y --no-install-recommends slurmctld slurmd slurm-client munge (.ci/run installs them)';
const DAEMONS = { munged: '/usr/sbin/munged', slurmctld: '/usr/sbin/slurmctld', slurmd: '/usr/sbin/slurmd' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The cluster's slurm.conf: no cgroups, accounting or MPI, which a container or a laptop has not set up. */
function slurmConf(dir: string, socket: string, ports: { ctld: number; node: number }, node: string): string {
  const user = userInfo().username;
  return [
    'ClusterName=promptwise-test',
    `SlurmctldHost=${node}(127.0.0.1)`,
    `SlurmctldPort=${ports.ctld}`,
    `SlurmdPort=${ports.node}`,
    'AuthType=auth/munge',
    'CredType=cred/munge',
    `AuthInfo=socket=${socket}`,
    `SlurmUser=${user}`,
    `SlurmdUser=${user}`,
    `StateSaveLocation=${join(dir, 'state')}`,
    `SlurmdSpoolDir=${join(dir, 'spool')}`,
    `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
    `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
    'ProctrackType=proctrack/linuxproc',
    'TaskPlugin=task/none',
    'JobAcctGatherType=jobacct_gather/none',
    'AccountingStorageType=accounting_storage/none',
    'MpiDefault=none',
    'SelectType=select/cons_tres',
    'SelectTypeParameters=CR_CPU',
    // The recipe asks 2 CPUs a task: the node offers at least that, whatever the machine has.
    'SlurmdParameters=config_overrides',
    'ReturnToService=2',
    // The main scheduling loop every second, not every minute: a test waits for the tasks and the merge after them.
    'SchedulerParameters=sched_interval=1',
    `NodeName=${node} NodeAddr=127.0.0.1 CPUs=${Math.max(2, cpus().length)} State=UNKNOWN`,
    'PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP',
    '',
  ].join('\n');
}

describe('the Slurm array recipe on a one-node Slurm cluster', { tags: ['slow'] }, () => {
  // Made when the suite starts (a run without the slow tests makes none); a short path: munge's socket must fit
  // a Unix socket's 108 bytes.
  let dir = '';
  const env: NodeJS.ProcessEnv & { SLURM_CONF: string } = { ...process.env, SLURM_CONF: '' };
  const run = (command: string, args: string[], timeout = 60_000) => spawnSync(command, args, { cwd: repo, env, encoding: 'utf8', timeout });
  const daemons: ChildProcess[] = [];

  /** Starts a daemon in the foreground; what it says is kept for a failure's message. */
  function daemon(path: string, args: string[]): { log: () => string } {
    const child = spawn(path, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout?.on('data', (b) => (log += b));
    child.stderr?.on('data', (b) => (log += b));
    daemons.push(child);
    // Should the test process end without its afterAll (a crash, an interrupt), no daemon outlives it.
    process.once('exit', () => child.kill('SIGKILL'));
    return { log: () => log };
  }

  // In the suite, so that a run without the slow tests starts no cluster.
  beforeAll(async () => {
    for (const [name, path] of Object.entries(DAEMONS)) expect(existsSync(path), `${name} not found: ${INSTALL}`).toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'pw-slurm-'));
    env.SLURM_CONF = join(dir, 'slurm.conf');
    for (const sub of ['state', 'spool']) mkdirSync(join(dir, sub));
    chmodSync(dir, 0o755); // munged wants its socket's folder searchable by all
    const key = join(dir, 'munge.key');
    writeFileSync(key, randomBytes(1024), { mode: 0o400 });
    const socket = join(dir, 'munge.sock');
    const node = hostname().split('.')[0];
    const ctldPort = await freePort();
    let nodePort = await freePort();
    while (nodePort === ctldPort) nodePort = await freePort(); // two picks in a row may be the same free port
    writeFileSync(env.SLURM_CONF, slurmConf(dir, socket, { ctld: ctldPort, node: nodePort }, node));
    const munge = daemon(DAEMONS.munged, [
      '--foreground',
      '--force',
      `--key-file=${key}`,
      `--socket=${socket}`,
      `--pid-file=${join(dir, 'munged.pid')}`,
      `--log-file=${join(dir, 'munged.log')}`,
      `--seed-file=${join(dir, 'munged.seed')}`,
    ]);
    for (let i = 0; i < 40 && !existsSync(socket); i++) await sleep(250);
    expect(existsSync(socket), `munged did not start: ${munge.log()}`).toBe(true);
    const ctld = daemon(DAEMONS.slurmctld, ['-D', '-c', '-i']);
    const slurmd = daemon(DAEMONS.slurmd, ['-D', '-N', node]);
    // Idle once the controller and the node's daemon have met: at most 30 s.
    let state = '';
    for (let i = 0; i < 60 && state !== 'idle'; i++) {
      await sleep(500);
      state = run('sinfo', ['-h', '-o', '%T']).stdout?.trim() ?? '';
    }
    expect(state, `the test cluster's node is not idle.\nslurmctld: ${ctld.log()}\nslurmd: ${slurmd.log()}`).toBe('idle');
  }, 60_000);

  afterAll(async () => {
    for (const child of daemons) child.kill('SIGTERM');
    await Promise.all(daemons.map((child) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((r) => child.once('exit', r)))));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The 12-cell grid and its unsharded run's file, once. */
  const grid = () => {
    const sweep = join(dir, 'sweep.json');
    const whole = join(dir, 'whole.json');
    if (!existsSync(whole)) {
      writeFileSync(sweep, JSON.stringify(SMALL_SWEEP));
      expect(run('node', ['bin/sim.mjs', 'sweep', sweep, '--json', whole]).status).toBe(0);
    }
    return { sweep, whole };
  };

  /**
   * Submits `line` (an array of the recipe, from the repository's root, with --parsable), then the merge its header
   * names as the job that starts once every task has ended well (cancelled otherwise); what the tasks logged.
   */
  function arrayThenMerge(line: string, work: string, shards: string): { jobId: string; merged: string; logs: string[]; said: string } {
    const array = run('bash', ['-c', line]);
    expect(array.status, array.stderr).toBe(0);
    const jobId = array.stdout.trim().split(';')[0];
    expect(jobId).toMatch(/^\d+$/);
    const merged = join(work, 'merged.json');
    const merge = run(
      'sbatch',
      [
        '--wait',
        `--dependency=afterok:${jobId}`,
        '--kill-on-invalid-dep=yes',
        `--chdir=${repo}`,
        `--output=${join(work, 'merge.log')}`,
        `--wrap=npm run sim -- merge ${shards}/ --json ${merged}`,
      ],
      120_000,
    );
    const logs = readdirSync(work).filter((f) => f.startsWith('promptwise-sweep-'));
    const said = logs.map((f) => readFileSync(join(work, f), 'utf8')).join('\n');
    // A merge cancelled because a task failed ends sbatch --wait with 0 too: its file says whether it ran.
    expect(merge.status, `${merge.stderr}\n${said}`).toBe(0);
    expect(existsSync(merged), `the merge did not run; the tasks said:\n${said}`).toBe(true);
    return { jobId, merged, logs: logs.sort(), said };
  }

  it('runs each shard as an array task and merges, as the job after it, byte-identical to the unsharded run', () => {
    const { sweep, whole } = grid();
    const work = join(dir, 'documented');
    mkdirSync(work);
    // The submit line of the recipe's header, as a user types it from the repository's root, for 3 shards; --chdir
    // only puts the tasks' logs here rather than in the repository.
    const submit = readFileSync(join(repo, 'recipes/slurm-sweep.sbatch'), 'utf8').match(/^#\s+(SHARDS=\d+; SWEEP=sweep\.json OUT=shards\/ sbatch .*)$/m)?.[1];
    expect(submit, "the recipe's header shows its submit line").toBeDefined();
    const shards = join(work, 'shards');
    const line = (submit ?? '')
      .replace(/^SHARDS=\d+;/, 'SHARDS=3;')
      .replace('SWEEP=sweep.json OUT=shards/ sbatch ', `SWEEP=${sweep} OUT=${shards}/ sbatch --parsable --chdir=${work} `);
    const { jobId, merged, logs, said } = arrayThenMerge(line, work, shards);

    // One log per task, as the recipe names them, each task having written its own shard.
    expect(logs).toEqual([0, 1, 2].map((i) => `promptwise-sweep-${jobId}_${i}.log`));
    for (let i = 0; i < 3; i++) expect(said).toContain(`wrote ${shards}/shard-${i}-of-3.json`);
    expect(readFileSync(merged, 'utf8')).toBe(readFileSync(whole, 'utf8'));
  });

  it('without SHARDS, the array’s size is the number of shards', () => {
    const { sweep, whole } = grid();
    const work = join(dir, 'by-array-size');
    mkdirSync(work);
    const shards = join(work, 'shards');
    const line = `SWEEP=${sweep} OUT=${shards}/ sbatch --parsable --chdir=${work} --array=0-1 --export=ALL recipes/slurm-sweep.sbatch`;
    const { merged, said } = arrayThenMerge(`unset SHARDS; ${line}`, work, shards);
    for (let i = 0; i < 2; i++) expect(said).toContain(`wrote ${shards}/shard-${i}-of-2.json`);
    expect(readFileSync(merged, 'utf8')).toBe(readFileSync(whole, 'utf8'));
  });
});
