/**
 * `npm run bench`, what a user waits for and feels (issue 43, "Goal"), this checkout beside other builds of the
 * lab, alternated visit by visit in one process so that the machine's drift hits every build alike.
 *
 * A visit opens the default link in a fresh page and measures, from navigation: the first headline (partial
 * figures), the finished headline, and "settled" (both sweeps computed, scrolled to as soon as the headline is
 * final, as a user would). Then, back at the top, it presses INPUTS arrow keys on the λ and τ_max sliders,
 * INTERVAL_MS apart: each starts a new run and aborts the last, so a simulation computes throughout. Each
 * interaction's latency is the longest Event Timing entry of its interactionId, from the key's timestamp to the next
 * paint after its handlers, as Chrome's INP counts it; the visit's figure is their 98th percentile. The page's main
 * thread is traced for the whole visit: its longest task by CPU time (which load cannot stretch, e2e/mainThread.ts).
 *
 * BENCH_BUILDS: the builds, comma-separated git revisions, `.` for this checkout (default `6aa1eff,.`: the last
 * commit before issue 43's work, then this checkout). Each is compared with the first listed: for every figure, the
 * difference of the means and its standard error (√(se₁² + se₂²)); "worse" means more than 2 standard errors in
 * the bad direction (every figure here is better lower). BENCH_GOAL_VISITS sets the visits per build (default 10). Each revision is built in a git worktree
 * that shares this checkout's node_modules.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { type PreviewServer, preview } from 'vite';
import { type LabBrowser, launchBrowser, waitForPage } from '../e2e/browser';
import { waitForSweeps } from '../e2e/lab';
import { traceMainThread } from '../e2e/mainThread';
import { recordForDocs } from './docTables';
import { median } from './sideBySide';

recordForDocs('goal');

const root = fileURLToPath(new URL('..', import.meta.url));
const BUILDS = (process.env.BENCH_BUILDS ?? '6aa1eff,.').split(',').map((b) => b.trim());
const VISITS = Math.max(2, Number(process.env.BENCH_GOAL_VISITS ?? 10));
const INPUTS = 64;
const INTERVAL_MS = 150;
const log = (s: string) => process.stderr.write(`${s}\n`);

/** The figures of one visit, and their targets (issue 43's goal). */
const FIGURES = {
  first: { label: 'navigation → first headline', unit: 's', target: 1.5 },
  final: { label: 'navigation → finished headline', unit: 's', target: 3 },
  settled: { label: 'navigation → settled (both sweeps)', unit: 's', target: 10 },
  inp: { label: `INP p98, ${INPUTS} slider keys during a run`, unit: 'ms', target: 100 },
  longestCpu: { label: 'longest main-thread task, CPU, whole visit', unit: 'ms', target: 100 },
} as const;
type Figure = keyof typeof FIGURES;
type Visit = Record<Figure, number>;

/**
 * Installed before the page's scripts: the settings the last visit left in the origin's storage are cleared (a
 * first visit), and it marks when the headline first shows, turns final, and the sweeps are done, and records every
 * interaction's latency.
 */
const INIT_SCRIPT = `
localStorage.clear();
window.__marks = {};
window.__interactions = new Map();
const mark = (k) => { if (!(k in window.__marks)) window.__marks[k] = performance.now(); };
new MutationObserver(() => {
  const q = (s) => document.querySelector(s);
  const status = q('[data-testid="run-status"]')?.getAttribute('data-status');
  const summary = q('[data-testid="summary"]')?.getAttribute('data-state');
  if (summary === 'partial' || (summary === 'current' && status === 'done')) mark('first');
  if (summary === 'current' && status === 'done') mark('final');
  if (q('[data-testid="card-tradeoff"]')?.getAttribute('data-state') === 'done'
      && q('[data-testid="card-lambda"]')?.getAttribute('data-state') === 'done') mark('settled');
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status', 'data-state'] });
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

async function pressSliders(page: Page): Promise<number[]> {
  await page.evaluate('window.scrollTo(0, 0); window.__interactions.clear()');
  for (let i = 0; i < INPUTS; i++) {
    await page.getByTestId(i % 2 === 0 ? 'lambda' : 'tau-max').focus();
    await page.keyboard.press(Math.floor(i / 2) % 4 < 2 ? 'ArrowRight' : 'ArrowLeft');
    await page.waitForTimeout(INTERVAL_MS);
  }
  await page.waitForTimeout(500); // the last entries are reported after their paint
  // Interactions under 16 ms report no entry: they count as 0 ms among the presses.
  const seen = await page.evaluate<number[]>('[...window.__interactions.values()]');
  return [...seen, ...new Array(Math.max(0, INPUTS - seen.length)).fill(0)];
}

async function visit(browser: LabBrowser, url: string): Promise<Visit> {
  const page = await browser.context.newPage();
  await page.addInitScript({ content: INIT_SCRIPT });
  let latencies: number[] = [];
  const tasks = await traceMainThread(browser.context, page, async () => {
    await page.goto(url);
    await waitForPage(page, `'final' in window.__marks`, { timeout: 120_000, polling: 50 });
    await waitForSweeps(page, 120_000, 50);
    await waitForPage(page, `'settled' in window.__marks`, { timeout: 10_000, polling: 50 });
    latencies = await pressSliders(page);
  });
  const marks = await page.evaluate<Record<string, number>>('window.__marks');
  await page.close();
  return {
    first: marks.first / 1000,
    final: marks.final / 1000,
    settled: marks.settled / 1000,
    inp: percentile(latencies, 98),
    longestCpu: tasks.reduce((m, t) => Math.max(m, t.cpuMs), 0),
  };
}

/** Builds `rev` (`.`: this checkout) into `work` and serves it; the worktree is removed by `cleanUp`. */
async function serveBuild(rev: string, work: string, cleanUp: (() => void)[]): Promise<{ server: PreviewServer; url: string }> {
  let from = root;
  if (rev !== '.') {
    from = join(work, `tree-${rev}`);
    execFileSync('git', ['worktree', 'add', '--detach', from, rev], { cwd: root, stdio: ['ignore', 'ignore', 2] });
    cleanUp.push(() => execFileSync('git', ['worktree', 'remove', '--force', from], { cwd: root, stdio: 'ignore' }));
    symlinkSync(join(root, 'node_modules'), join(from, 'node_modules'));
  }
  const outDir = join(work, `dist-${rev === '.' ? 'checkout' : rev}`);
  const r = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: from, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) throw new Error(`vite build of ${rev} failed (exit ${r.status ?? r.signal})`);
  const server = await preview({ root: from, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, open: false } });
  const address = server.httpServer.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const stdError = (xs: number[]) => Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1) / xs.length);

function report(visits: Map<string, Visit[]>): void {
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const name = (rev: string) =>
    rev === '.' ? `this checkout (${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim()})` : rev;
  const pairs = BUILDS.slice(1).map((rev) => [BUILDS[0], rev] as const);
  console.log(`\n**${BUILDS.map(name).join(' vs ')}**`);
  console.log(`${VISITS} alternated visits per build, default link, Chromium headless; load average ${load} on ${cpus().length} cores\n`);
  console.log(`| figure | target | ${BUILDS.map(name).join(' | ')} | ${pairs.map(([a, b]) => `${name(b)} − ${name(a)}`).join(' | ')} |`);
  console.log(`|---|---|${BUILDS.map(() => '---|').join('')}${pairs.map(() => '---|').join('')}`);
  for (const [key, f] of Object.entries(FIGURES) as [Figure, (typeof FIGURES)[Figure]][]) {
    const digits = f.unit === 's' ? 2 : 0;
    const of = (rev: string) => visits.get(rev)!.map((v) => v[key]);
    const cell = (rev: string) => {
      const xs = of(rev);
      const missed = median(xs) > f.target ? ' (missed)' : '';
      return `${median(xs).toFixed(digits)} ${f.unit}${missed}, mean ${mean(xs).toFixed(digits)} ± ${stdError(xs).toFixed(digits)}`;
    };
    const diff = ([before, after]: readonly [string, string]) => {
      const d = mean(of(after)) - mean(of(before));
      const se = Math.hypot(stdError(of(after)), stdError(of(before)));
      const verdict = d > 2 * se ? 'worse' : d < -2 * se ? 'better' : 'within 2 SE';
      return `${d >= 0 ? '+' : ''}${d.toFixed(digits)} ± ${se.toFixed(digits)} ${f.unit}: ${verdict}`;
    };
    console.log(`| ${f.label} | ≤ ${f.target} ${f.unit} | ${BUILDS.map(cell).join(' | ')} | ${pairs.map(diff).join(' | ')} |`);
  }
}

const work = mkdtempSync(join(tmpdir(), 'pw-goal-'));
const cleanUp: (() => void)[] = [() => rmSync(work, { recursive: true, force: true })];
const servers: PreviewServer[] = [];
try {
  const urls = new Map<string, string>();
  for (const rev of BUILDS) {
    log(`building ${rev}…`);
    const { server, url } = await serveBuild(rev, work, cleanUp);
    servers.push(server);
    urls.set(rev, url);
  }
  const visits = new Map(BUILDS.map((rev) => [rev, [] as Visit[]]));
  const browser = await launchBrowser();
  try {
    for (let v = 0; v < VISITS; v++) {
      // Alternated, the order rotated each round, so that no build always goes first after a pause.
      const order = BUILDS.map((_, i) => BUILDS[(i + v) % BUILDS.length]);
      for (const rev of order) {
        const figures = await visit(browser, urls.get(rev)!);
        visits.get(rev)!.push(figures);
        log(
          `visit ${v + 1} ${rev}: ${Object.entries(figures)
            .map(([k, x]) => `${k} ${x.toFixed(k === 'inp' || k === 'longestCpu' ? 0 : 2)}`)
            .join(', ')}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  report(visits);
} finally {
  for (const s of servers) await s.close();
  for (const f of cleanUp.reverse()) f();
}
