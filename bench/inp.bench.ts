/**
 * `npm run bench`, input responsiveness (issue 43, "Goal"): Interaction to Next Paint, from the Event Timing API,
 * for the arrow keys on the λ and τ_max sliders while the simulation runs, this build beside the code before issue
 * 43, alternated visit by visit in one process so that the machine's drift hits both alike.
 *
 * A visit opens the default link in a fresh page, waits for its headline, and then presses the arrow keys on the λ
 * and τ_max sliders, INPUTS of them, INTERVAL_MS apart. Each press starts a new run and aborts the last one, so a
 * simulation computes throughout. Each interaction's latency is the longest `event` entry of its interactionId:
 * from the key's timestamp to the next paint after its handlers, as Chrome's INP counts it. A visit's figure is
 * the 98th percentile of its interactions; the table gives each build's median over its visits. Target: p98 ≤ 100 ms.
 *
 * The baseline is built from BENCH_BASELINE (a commit; default the last one before issue 43's work) in a git
 * worktree that shares this checkout's node_modules. BENCH_INP_VISITS sets the visits per build (default 10).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PreviewServer, preview } from 'vite';
import { launchBrowser, waitForPage } from '../e2e/browser';
import { median } from './sideBySide';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The last commit before issue 43's work (6aa1eff: "hostReach: a HEAD request without the cache option"). */
const BASELINE = process.env.BENCH_BASELINE ?? '6aa1eff';
const VISITS = Math.max(1, Number(process.env.BENCH_INP_VISITS ?? 10));
const INPUTS = 60;
const INTERVAL_MS = 150;
const TARGET_MS = 100;
const log = (s: string) => process.stderr.write(`${s}\n`);

function build(from: string, outDir: string): void {
  const r = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: from, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) throw new Error(`vite build in ${from} failed (exit ${r.status ?? r.signal})`);
}

async function serve(from: string, outDir: string): Promise<{ server: PreviewServer; url: string }> {
  const server = await preview({ root: from, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, open: false } });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/` };
}

/**
 * Collects every interaction's latency (the longest event entry of its interactionId), from the page's start. A
 * string: the bench's typecheck has no DOM.
 */
const OBSERVE_INTERACTIONS = `
  window.__interactions = new Map();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      window.__interactions.set(e.interactionId, Math.max(window.__interactions.get(e.interactionId) ?? 0, e.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

/** One visit: the interactions' latencies (ms), one per key press that the page answered. */
async function visit(browser: Awaited<ReturnType<typeof launchBrowser>>, url: string): Promise<number[]> {
  const page = await browser.context.newPage();
  await page.addInitScript(OBSERVE_INTERACTIONS);
  await page.goto(url);
  await waitForPage(page, `document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status') === 'done'`, { timeout: 60_000 });
  for (let i = 0; i < INPUTS; i++) {
    const slider = i % 2 === 0 ? 'lambda' : 'tau-max';
    await page.getByTestId(slider).focus();
    await page.keyboard.press(Math.floor(i / 2) % 4 < 2 ? 'ArrowRight' : 'ArrowLeft');
    await page.waitForTimeout(INTERVAL_MS);
  }
  await page.waitForTimeout(500); // the last entries are reported after their paint
  // Interactions under 16 ms report no entry: they count as 0 ms among the presses.
  const seen = await page.evaluate<number[]>('[...window.__interactions.values()]');
  await page.close();
  return [...seen, ...new Array(Math.max(0, INPUTS - seen.length)).fill(0)];
}

const work = mkdtempSync(join(tmpdir(), 'pw-inp-'));
const baselineTree = join(work, 'baseline');
execFileSync('git', ['worktree', 'add', '--detach', baselineTree, BASELINE], { cwd: root, stdio: ['ignore', 'ignore', 2] });
const servers: PreviewServer[] = [];
try {
  symlinkSync(join(root, 'node_modules'), join(baselineTree, 'node_modules'));
  log(`building this checkout and ${BASELINE}…`);
  build(root, join(work, 'current'));
  build(baselineTree, join(work, 'before'));
  const current = await serve(root, join(work, 'current'));
  const before = await serve(baselineTree, join(work, 'before'));
  servers.push(current.server, before.server);
  const p98 = { current: [] as number[], before: [] as number[] };
  const browser = await launchBrowser();
  try {
    for (let v = 0; v < VISITS; v++) {
      // Alternated, the order flipped each round, so neither build always goes first after a pause.
      const order = v % 2 === 0 ? (['current', 'before'] as const) : (['before', 'current'] as const);
      for (const which of order) {
        const latencies = await visit(browser, which === 'current' ? current.url : before.url);
        p98[which].push(percentile(latencies, 98));
        log(`visit ${v + 1} ${which}: p98 ${percentile(latencies, 98).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`);
      }
    }
  } finally {
    await browser.close();
  }
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const cell = (xs: number[]) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
  console.log(`\n### Input responsiveness: INP p98 of ${INPUTS} slider keys, ${INTERVAL_MS} ms apart, during a running simulation`);
  console.log(`${VISITS} alternated visits per build; load average ${load} on ${cpus().length} cores\n`);
  console.log('| build | INP p98, median (range) over visits | target | ratio to before |');
  console.log('|---|---|---|---|');
  const ratio = median(p98.current) / Math.max(1, median(p98.before));
  console.log(`| this checkout | ${cell(p98.current)} | ≤ ${TARGET_MS} ms${median(p98.current) > TARGET_MS ? ' (missed)' : ''} | ${ratio.toFixed(2)}× |`);
  console.log(`| before issue 43 (${BASELINE}) | ${cell(p98.before)} | ≤ ${TARGET_MS} ms | 1 |`);
} finally {
  for (const s of servers) await s.close();
  execFileSync('git', ['worktree', 'remove', '--force', baselineTree], { cwd: root, stdio: 'ignore' });
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
