/**
 * Smoke test of the built app in Chromium: a short simulation runs through the real worker, and the
 * numbers behind the results table equal the engine's own result computed here in Node, and its cells write them as the
 * headline's cards do.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { METRIC_FORMAT } from '../src/engine/lab/format';
import { runSimulation } from '../src/engine/simulate';
import { builtinWorld } from '../src/engine/worlds/builtins';
import { contentSecurityPolicy } from '../vite/headers';
import { assertNoExternalRequests } from './browser';
import { ALGO_ROWS, METRICS, openLab, suiteBrowser, waitForCurrentResult } from './lab';
import { traceMainThread } from './mainThread';

const WORLD = 't2i';
/** The lab's bound for any main-thread task (CPU time, e2e/mainThread.ts), and the attempts it gets (as lab-results.e2e.ts). */
const LONG_TASK_LIMIT_MS = 100;
const MAX_ATTEMPTS = 3;
const CONFIG = {
  algos: ['promptwise', 'random', 'oracle'],
  T: 200,
  trials: 2,
  seed: 7,
  params: {},
};
/**
 * A results cell: its exact value (data-value) is the engine's within float noise (Math.exp's last digits differ
 * between Chromium and Node), and its text is that value as the headline's cards write it (METRIC_FORMAT).
 */
function expectCell(cell: { text: string; value: string }, exact: number, metric: keyof typeof METRIC_FORMAT, what: string): void {
  const value = Number(cell.value);
  expect(Number.isFinite(value), `${what}: data-value "${cell.value}" is not a number`).toBe(true);
  expect(Math.abs(value - exact), `${what}: page ${cell.value}, engine ${exact}`).toBeLessThanOrEqual(Math.abs(exact) * 1e-12 + 1e-15);
  expect(cell.text, what).toBe(METRIC_FORMAT[metric](value));
}

describe('PromptWise Lab in Chromium', () => {
  const suite = suiteBrowser();
  let page: Page;

  it('runs a simulation in the worker and shows the engine’s numbers', async () => {
    const hash = `#world=${WORLD}&algos=${CONFIG.algos.join(',')}&T=${CONFIG.T}&trials=${CONFIG.trials}&seed=${CONFIG.seed}`;
    page = await openLab(suite.browser, hash);
    await expect(page.title()).resolves.toBe('PromptWise Lab');

    // The controls show what the link asked for.
    expect(await page.getByTestId('world').inputValue()).toBe(WORLD);
    for (const id of CONFIG.algos) expect(await page.getByTestId(`algo-${id}`).isChecked()).toBe(true);
    expect(await page.getByTestId('algo-greedy').isChecked()).toBe(false);

    // It runs by itself: the key result appears without touching anything.
    await waitForCurrentResult(page);
    expect(await page.getByTestId('run-status').textContent()).toMatch(/^Done/);

    const expected = runSimulation(builtinWorld(WORLD), CONFIG);
    expect(Object.keys(expected.results)).toEqual(CONFIG.algos);
    const rows = page.locator(ALGO_ROWS);
    expect(await rows.count()).toBe(CONFIG.algos.length);
    for (const algo of CONFIG.algos) {
      for (const metric of METRICS) {
        const stat = expected.results[algo][metric];
        const cell = async (part: 'mean' | 'std') => {
          const el = page.getByTestId(`${metric}-${algo}-${part}`);
          return { text: (await el.textContent()) ?? '', value: (await el.getAttribute('data-value')) ?? '' };
        };
        expectCell(await cell('mean'), stat.mean, metric, `${algo} ${metric} mean`);
        expectCell(await cell('std'), stat.std, metric, `${algo} ${metric} std`);
      }
    }
    // The summary cards show the same run, written as the table writes it: PromptWise's utility to 4 decimals.
    expect(await page.getByTestId('summary-featured-utility').textContent()).toBe(METRIC_FORMAT.utility(expected.results.promptwise.utility.mean));
    expect(await page.getByTestId('utility-promptwise-mean').textContent()).toBe(METRIC_FORMAT.utility(expected.results.promptwise.utility.mean));

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/smoke.png', fullPage: true });

    expect(suite.browser.errors, 'console errors').toEqual([]);
    assertNoExternalRequests(suite.browser);
    // What the footer promises, which the request log above holds for a run (e2e/live.e2e.ts: a live run's key
    // goes to its endpoint only).
    expect(await page.getByTestId('footer').textContent()).toMatch(/^Runs in this browser: what you load or type stays here, but for the prompts and keys/);
    // The worker really ran: its script was requested from the preview server.
    expect(suite.browser.requests.some((r) => /sim\.worker.*\.js/.test(r.url))).toBe(true);
  });

  it('is served with the Content-Security-Policy and hardening headers, and breaks none of it (issue 14, item 10)', async () => {
    // The page and a worker script: a dedicated worker's policy comes with its own script's response.
    const workerUrl = page
      .workers()
      .find((w) => /sim\.worker/.test(w.url()))
      ?.url();
    expect(workerUrl).toBeDefined();
    for (const url of [inject('baseURL'), workerUrl!]) {
      const headers = (await fetch(url)).headers;
      expect(headers.get('content-security-policy'), url).toBe(contentSecurityPolicy({ dev: false }));
      expect(headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(headers.get('cross-origin-opener-policy'), url).toBe('same-origin');
    }
    expect(contentSecurityPolicy({ dev: false })).toContain("frame-ancestors 'none'");
    // The run above compiled the engine's WebAssembly in the worker under this policy, and nothing was refused:
    // a violation is logged as a console error in the page or the worker.
    expect(suite.browser.errors.filter((e) => /Content.Security.Policy|Refused to/i.test(e))).toEqual([]);
  });

  // What a first visit feels like (issue 43, item 7): how the page keeps its tasks short (the chunks it loads apart,
  // when it starts the workers, the busy flag) is its own business; that no task is long is the behaviour held.
  it(`a first visit, from navigation to the run's final headline: no main-thread task takes ${LONG_TASK_LIMIT_MS} ms of CPU`, async () => {
    const worst: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const lab = await suite.browser.context.newPage();
      const tasks = await traceMainThread(suite.browser.context, lab, async () => {
        await lab.goto(inject('baseURL'));
        await waitForCurrentResult(lab);
      });
      await lab.close();
      worst.push(Math.max(...tasks.map((t) => t.cpuMs)));
      console.log(
        `first visit, attempt ${attempt}: ${tasks.length} main-thread tasks, the slowest ${worst.at(-1)!.toFixed(0)} ms CPU; load average ${loadavg()[0].toFixed(1)}`,
      );
      if (worst.at(-1)! < LONG_TASK_LIMIT_MS) break;
    }
    expect(Math.min(...worst), `the slowest task's CPU time on each attempt: ${worst.map((w) => w.toFixed(0)).join(', ')} ms`).toBeLessThan(LONG_TASK_LIMIT_MS);
  });

  it('a tab that draws no frame (opened in the background) runs and shows its run', async () => {
    const lab = await suite.browser.context.newPage();
    // This headless Chromium draws background tabs too, so the test takes their frames away as the page's script
    // sees them: animation-frame callbacks never run, as in a hidden tab.
    await lab.addInitScript(() => {
      window.requestAnimationFrame = () => 0;
    });
    await lab.goto(inject('baseURL'));
    await waitForCurrentResult(lab);
    expect(await lab.locator(ALGO_ROWS).count()).toBeGreaterThan(0);
    await lab.close();
  });

  it('a hidden tab, whose timers may fire a second late, runs and shows its run', async () => {
    const lab = await suite.browser.context.newPage();
    // This headless Chromium shows every tab, so the page's script is told it is hidden.
    await lab.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'hidden', { get: () => true });
    });
    await lab.goto(inject('baseURL'));
    await waitForCurrentResult(lab, 30_000);
    expect(await lab.locator(ALGO_ROWS).count()).toBeGreaterThan(0);
    await lab.close();
  });

  it('says so when the page’s chunk does not load, instead of staying blank', async () => {
    const before = suite.browser.errors.length;
    const lab = await suite.browser.context.newPage();
    await lab.route(/\/assets\/mount-[^/]+\.js$/, (route) => route.abort());
    await lab.goto(inject('baseURL'));
    const alert = lab.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch(/^The lab's page did not load \(.+\)\. Reload to try again\.$/);
    await lab.close();
    // The refused request is the one console error this page may log (the suite checks the rest at its end).
    const logged = suite.browser.errors.splice(before);
    expect(
      logged.filter((e) => !/Failed to load resource|ERR_FAILED/.test(e)),
      'other console errors',
    ).toEqual([]);
  });

  it('runs in a browser with nothing else rendering beside the page (the timings and the benches measure the lab)', async () => {
    // This Chromium's toolbar preloads its omnibox popups as WebUI renderers unless CHROMIUM_ARGS turns them off:
    // about 1.1 s of CPU beside every first visit (e2e/browser.ts). A Chromium that renames the features fails here.
    const cdp = await suite.browser.context.browser()?.newBrowserCDPSession();
    expect(cdp, 'a browser-level DevTools session').toBeDefined();
    const { targetInfos } = (await cdp?.send('Target.getTargets')) ?? { targetInfos: [] };
    expect(targetInfos.length, 'the page and its worker at least').toBeGreaterThan(1);
    expect(targetInfos.filter((t) => t.type === 'browser_ui' || t.url.startsWith('chrome')).map((t) => `${t.type} ${t.url}`)).toEqual([]);
  });
});
