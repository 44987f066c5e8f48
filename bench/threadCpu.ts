/**
 * CPU seconds per thread of the running Chromium processes, from Linux's /proc (the bench machine's OS): where
 * a page's seconds go between two snapshots — its simulation workers, its main thread, and the renderer's
 * thread pool (V8's optimising compilers, background parsing, raster). Thread names are Chromium's
 * (`DedicatedWorker thread`, `CrRendererMain`, `ThreadPoolForegroundWorker`); /proc shows them cut to 15 characters.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ: 100 on Linux's common builds). */
const TICKS = 100;

export type ThreadCpu = Map<string, { group: string; seconds: number }>;

/** What a thread is for, from its process type and name. */
function groupOf(processType: string, name: string): string {
  if (processType !== 'renderer') return 'other processes (browser, GPU, network)';
  if (name.startsWith('DedicatedWorker')) return 'workers';
  if (name === 'chromium' || name === 'chrome' || name.startsWith('CrRendererMain')) return 'main thread';
  if (name.startsWith('ThreadPool')) return 'renderer thread pool';
  return 'renderer, other threads';
}

/** Every Chromium thread's CPU time so far (user + system), by process/thread id. */
export function chromiumThreads(): ThreadCpu {
  const out: ThreadCpu = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!/chrom/i.test(readFileSync(`/proc/${pid}/comm`, 'utf8'))) continue;
      const type = /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser';
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        // Fields after the parenthesised name: utime and stime are the 12th and 13th.
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out.set(`${pid}/${tid}`, { group: groupOf(type, name), seconds: (Number(f[11]) + Number(f[12])) / TICKS });
      }
    } catch {
      // The process or thread ended while being read.
    }
  }
  return out;
}

/** CPU seconds by group between two snapshots, largest first (threads that started in between count from 0). */
export function cpuBetween(before: ThreadCpu, after: ThreadCpu): [string, number][] {
  const by = new Map<string, number>();
  for (const [id, t] of after) {
    const d = t.seconds - (before.get(id)?.seconds ?? 0);
    if (d > 0) by.set(t.group, (by.get(t.group) ?? 0) + d);
  }
  return [...by].sort((a, b) => b[1] - a[1]);
}
