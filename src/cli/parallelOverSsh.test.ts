/**
 * The GNU parallel recipe (recipes/gnu-parallel.sh, docs/SWEEPS.md) over ssh, as on several machines: an ssh server
 * of the test's own (Debian's OpenSSH, which .ci/run installs; host key, authorized key, port and client config in a
 * temporary folder, so that nothing of the machine's ssh is read or changed) stands in for another machine, and
 * every shard goes to it through parallel's --sshlogin, given in $PARALLEL as the recipe says.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './freePort';
import { SMALL_SWEEP } from './smallSweep';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const INSTALL = 'apt-get install -y --no-install-recommends openssh-server openssh-client parallel (.ci/run installs them)';
const SSHD = '/usr/sbin/sshd';

describe('the GNU parallel recipe over ssh', { tags: ['slow'] }, () => {
  let dir = '';
  let sshd: ChildProcess | null = null;
  /** What the server logged: each login, and why it refused one. */
  const sshdLog = () => (existsSync(join(dir, 'sshd.log')) ? readFileSync(join(dir, 'sshd.log'), 'utf8') : '');

  // In the suite, so that a run without the slow tests starts no server.
  beforeAll(async () => {
    for (const tool of [SSHD, '/usr/bin/ssh', '/usr/bin/ssh-keygen', '/usr/bin/parallel']) expect(existsSync(tool), `${tool} not found: ${INSTALL}`).toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'pw-ssh-'));
    for (const key of ['host', 'client']) expect(spawnSync('/usr/bin/ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, key)]).status).toBe(0);
    writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'client.pub')));
    const port = await freePort();
    writeFileSync(
      join(dir, 'sshd_config'),
      [
        `Port ${port}`,
        'ListenAddress 127.0.0.1',
        `HostKey ${join(dir, 'host')}`,
        `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
        'StrictModes no', // the key lies in a temporary folder, not in a home's .ssh
        'PermitRootLogin prohibit-password', // CI runs as root
        'PasswordAuthentication no',
        'KbdInteractiveAuthentication no',
        'UsePAM no',
        `PidFile ${join(dir, 'sshd.pid')}`,
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'ssh_config'),
      [
        'Host other-machine',
        '  HostName 127.0.0.1',
        `  Port ${port}`,
        `  User ${userInfo().username}`,
        `  IdentityFile ${join(dir, 'client')}`,
        '  IdentitiesOnly yes',
        '  BatchMode yes',
        '  StrictHostKeyChecking no',
        '  UserKnownHostsFile /dev/null',
        '  LogLevel ERROR',
        '',
      ].join('\n'),
    );
    // sshd run as root wants its privilege separation folder, which a booted system makes (systemd-tmpfiles).
    if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true });
    // Its log in a file: a login is logged by the process that serves it, whose stderr is not the server's.
    sshd = spawn(SSHD, ['-D', '-f', join(dir, 'sshd_config'), '-E', join(dir, 'sshd.log')], { stdio: 'ignore' });
    process.once('exit', () => sshd?.kill('SIGKILL'));
    let answered = false;
    for (let i = 0; i < 40 && !answered; i++) {
      await new Promise((r) => setTimeout(r, 250));
      answered = spawnSync('/usr/bin/ssh', ['-F', join(dir, 'ssh_config'), 'other-machine', 'true']).status === 0;
    }
    expect(answered, `the test's ssh server did not answer: ${sshdLog()}`).toBe(true);
  }, 30_000);

  afterAll(async () => {
    if (sshd && sshd.exitCode === null && sshd.signalCode === null) {
      const ended = new Promise((r) => sshd?.once('exit', r));
      sshd.kill('SIGTERM');
      await ended;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs every shard on the other machine, given --sshlogin in $PARALLEL, and merges byte-identical to the unsharded run', () => {
    const sweep = join(dir, 'sweep.json');
    writeFileSync(sweep, JSON.stringify(SMALL_SWEEP)); // 12 cells
    const whole = join(dir, 'whole.json');
    expect(spawnSync('node', ['bin/sim.mjs', 'sweep', sweep, '--json', whole], { cwd: repo }).status).toBe(0);

    const logins = () => (sshdLog().match(/Accepted publickey/g) ?? []).length;
    const before = logins();
    const merged = join(dir, 'merged.json');
    // Called by a relative path from the repository, as a user would: the shards start in the other machine's home.
    const r = spawnSync('bash', ['recipes/gnu-parallel.sh', sweep, '3', join(dir, 'shards'), merged], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 90_000,
      env: { ...process.env, PARALLEL: `--ssh 'ssh -F ${join(dir, 'ssh_config')}' --sshlogin other-machine` },
    });
    expect(r.status, r.stderr).toBe(0);
    // Each of the 3 shards went through the ssh server (parallel also asks it how many cores it has).
    expect(logins() - before).toBeGreaterThanOrEqual(3);
    expect(readFileSync(merged, 'utf8')).toBe(readFileSync(whole, 'utf8'));
  });
});
