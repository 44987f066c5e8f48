/**
 * Smoke test of the built app in Chromium: a short simulation runs through the real worker, and the
 * numbers behind the results table equal the engine's own result computed here in Node, and its cells write them as the
 * headline's cards do.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { METRIC_FORMAT } from '../src/engine/lab/format';
import { runSimulation } from '../src/engine/simulate';
import { builtinWorld } from '../src/engine/worlds/builtins';
import { contentSecurityPolicy } from '../vite/headers';
import { assertNoExternalRequests } from './browser';
import { ALGO_ROWS, METRICS, openLab, suiteBrowser, waitForCurrentResult } from './lab';

const WORLD = 't2i';
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

/** When each simulation worker's script was requested (ms since navigation, resource timing). */
function workerScriptStarts(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/sim\.worker-[^/]+\.js$/.test(e.name))
      .map((e) => e.startTime),
  );
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

  it('loads the charts apart from the page’s first script, and draws them (issue 13: the first task’s length)', async () => {
    const base = inject('baseURL');
    const html = await (await fetch(base)).text();
    const initial = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(initial.length, 'the entry script and its preloads').toBeGreaterThan(0);
    for (const file of initial) {
      expect(await (await fetch(`${base}${file}`)).text(), `${file} holds recharts`).not.toContain('recharts-wrapper');
    }
    // The page above drew its curves: the chart code came in a chunk of its own.
    expect(await page.locator('[data-testid="card-curves"] .recharts-wrapper').count()).toBeGreaterThan(0);
    // Before them, a chart was drawn off the page in small turns and dropped (ui/views/chartWarmUp.tsx): once,
    // and nothing of it is left in the document.
    expect(await page.evaluate(`performance.getEntriesByName('pw:charts-warmed-up').length`)).toBe(1);
    expect(await page.evaluate(`[...document.querySelectorAll('.recharts-wrapper')].filter((w) => !w.closest('.card')).length`)).toBe(0);
  });

  it('evaluates React DOM and the views in a task after the first script, which starts the run (issue 13: the first task’s length)', async () => {
    const base = inject('baseURL');
    const html = await (await fetch(base)).text();
    const initial = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    // React DOM's own property key on the root element: in the page's chunk, never in the entry or its preloads.
    for (const file of initial) {
      expect((await (await fetch(`${base}${file}`)).text()).includes('__reactContainer$'), `${file} holds React DOM`).toBe(false);
    }
    expect(await page.evaluate(`Object.keys(document.getElementById('root')).some((k) => k.startsWith('__reactContainer$'))`)).toBe(true);
  });

  it('starts the simulation workers only after the frame that draws the page’s first commit (issue 13: that frame’s length)', async () => {
    const lab = await suite.browser.context.newPage();
    // When the first commit puts the run's status in the document, and the next animation frame after it: the
    // frame that draws it.
    await lab.addInitScript(() => {
      const w = window as unknown as { __commit?: number; __frame?: number };
      const seen = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="run-status"]')) return;
        seen.disconnect();
        w.__commit = performance.now();
        requestAnimationFrame(() => (w.__frame = performance.now()));
      });
      seen.observe(document, { subtree: true, childList: true });
    });
    await lab.goto(inject('baseURL'));
    await waitForCurrentResult(lab);
    const { commit, frame } = await lab.evaluate(() => {
      const w = window as unknown as { __commit?: number; __frame?: number };
      return { commit: w.__commit, frame: w.__frame };
    });
    const workers = await workerScriptStarts(lab);
    await lab.close();
    expect(commit, 'the first commit').toBeGreaterThan(0);
    expect(frame, 'the frame after it').toBeGreaterThanOrEqual(commit!);
    // Each worker's script (the pool has at least one) is requested after that frame (main.tsx, startWorkersAfter).
    expect(workers.length).toBeGreaterThan(0);
    for (const start of workers) expect(start, `a worker's script requested at ${start.toFixed(0)} ms`).toBeGreaterThan(frame!);
  });

  it('starts the simulation workers after a second when the page draws no frame (a tab opened in the background), and shows the run', async () => {
    const lab = await suite.browser.context.newPage();
    // This headless Chromium draws background tabs too, so the test takes their frames away as the page's script
    // sees them: animation-frame callbacks never run, as in a hidden tab.
    await lab.addInitScript(() => {
      window.requestAnimationFrame = () => 0;
    });
    await lab.goto(inject('baseURL'));
    await waitForCurrentResult(lab);
    const workers = await workerScriptStarts(lab);
    await lab.close();
    // main.tsx's FIRST_FRAME_WAIT_MS: the gate opens 1 s after the entry script ran, without the frame.
    expect(workers.length).toBeGreaterThan(0);
    for (const start of workers) expect(start, `a worker's script requested at ${start.toFixed(0)} ms`).toBeGreaterThanOrEqual(1000);
  });

  it('asks for the learning curves’ chart code before the first render, not from it (issue 13: the first frame’s length)', async () => {
    // A page of its own, so that the mark and the resource entries are those of one navigation.
    const lab = await suite.browser.context.newPage();
    await lab.goto(inject('baseURL'));
    await waitForCurrentResult(lab);
    const { render, curves } = await lab.evaluate(() => {
      const mark = performance.getEntriesByName('pw:first-render')[0];
      const chunk = performance.getEntriesByType('resource').find((e) => /\/assets\/CurvesPanel-[^/]+\.js$/.test(e.name));
      return { render: mark?.startTime, curves: chunk?.startTime };
    });
    await lab.close();
    expect(render, 'the first render began').toBeGreaterThan(0);
    expect(curves, 'the curves chunk was loaded').toBeGreaterThan(0);
    // Asked for by the render itself (when it reached the card), the chunk came 50–90 ms after this mark, and
    // recharts' parse on a background thread fell in the page's first frame (ui/views/lazyCharts.tsx).
    expect(curves!, `curves chunk asked for at ${curves!.toFixed(1)} ms, the first render at ${render!.toFixed(1)} ms`).toBeLessThanOrEqual(render!);
  });

  it('raises the workers’ busy flag while it draws a run’s new figures, and lowers it again (issue 13: tasks beside computing workers)', async () => {
    const lab = await suite.browser.context.newPage();
    await lab.goto(inject('baseURL'));
    await waitForCurrentResult(lab);
    // The flag lives in a SharedArrayBuffer, which needs the page cross-origin isolated (vite/headers.ts).
    expect(await lab.evaluate('crossOriginIsolated')).toBe(true);
    const busyMarks = () => lab.evaluate(() => performance.getEntriesByType('mark').flatMap((m) => (m.name.startsWith('pw:busy-') ? [m.name.slice(8)] : [])));
    // A run of two trials or more draws partial figures after its first trial, then the finished run's.
    expect((await busyMarks()).filter((m) => m === 'up').length).toBeGreaterThanOrEqual(2);
    // It comes down by itself (two frames, or 150 ms), so no worker is left waiting once the page has drawn.
    await expect.poll(async () => (await busyMarks()).at(-1), { timeout: 10_000 }).toBe('down');
    await lab.close();
  });

  it('loads the second simulation worker beside trial 0, not beside the drawing of its figures (issue 13: tasks beside computing workers)', async () => {
    const lab = await suite.browser.context.newPage();
    // A seed of its own, so that the run is computed, on both workers.
    await lab.goto(`${inject('baseURL')}#world=${WORLD}&algos=${CONFIG.algos.join(',')}&T=${CONFIG.T}&trials=6&seed=11`);
    await waitForCurrentResult(lab);
    const workers = await workerScriptStarts(lab);
    const firstFigures = await lab.evaluate(() => performance.getEntriesByName('pw:busy-up')[0]?.startTime);
    await lab.close();
    expect(workers).toHaveLength(2);
    expect(firstFigures, 'trial 0’s figures were drawn').toBeGreaterThan(0);
    // Asked for once trial 0 was done, the second worker's script compiled and its module evaluated while the
    // page drew trial 0's figures; it now loads beside trial 0 and takes its first trial after they are drawn.
    for (const start of workers)
      expect(start, `a worker's script requested at ${start.toFixed(0)} ms, the first figures at ${firstFigures!.toFixed(0)} ms`).toBeLessThan(firstFigures!);
  });

  it('leaves the busy flag down in a hidden tab, whose timers may fire a second late (the workers would wait for nothing)', async () => {
    const lab = await suite.browser.context.newPage();
    // This headless Chromium shows every tab, so the page's script is told it is hidden.
    await lab.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'hidden', { get: () => true });
    });
    await lab.goto(inject('baseURL'));
    await waitForCurrentResult(lab);
    const raised = await lab.evaluate(() => performance.getEntriesByName('pw:busy-up').length);
    await lab.close();
    expect(raised).toBe(0);
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
