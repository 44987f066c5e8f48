/**
 * Smoke test of the built app in Chromium: a short simulation runs through the real worker, and the
 * numbers on the page equal the engine's own result computed here in Node, to the digits shown.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runSimulation } from '../src/engine/simulate';
import { builtinWorld } from '../src/engine/worlds/builtins';
import { contentSecurityPolicy } from '../vite/headers';
import { assertNoExternalRequests, type LabBrowser, launchBrowser } from './browser';
import { METRICS, openLab, parseShown, waitForCurrentResult } from './lab';

const WORLD = 't2i';
const CONFIG = {
  algos: ['promptwise', 'random', 'oracle'],
  T: 200,
  trials: 2,
  seed: 7,
  params: {},
};
const DIGITS = 6;

/** |shown − exact| within half a unit in the last of DIGITS significant digits (plus float slack). */
function expectShownEqual(shown: string, exact: number, what: string): void {
  const value = parseShown(shown);
  expect(Number.isFinite(value), `${what}: "${shown}" is not a number`).toBe(true);
  if (exact === 0) {
    expect(value, what).toBe(0);
    return;
  }
  const ulp = 10 ** (Math.floor(Math.log10(Math.abs(exact))) - (DIGITS - 1));
  expect(Math.abs(value - exact), `${what}: shown ${shown}, engine ${exact}`).toBeLessThanOrEqual(ulp / 2 + Math.abs(exact) * 1e-12);
  // Enough digits shown: rounding the exact value to DIGITS significant digits gives what is shown.
  expect(value, `${what}: shown ${shown}, engine ${exact}`).toBeCloseTo(Number(exact.toPrecision(DIGITS)), 12);
}

describe('PromptWise Lab in Chromium', () => {
  let browser: LabBrowser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('runs a simulation in the worker and shows the engine’s numbers', async () => {
    const hash = `#world=${WORLD}&algos=${CONFIG.algos.join(',')}&T=${CONFIG.T}&trials=${CONFIG.trials}&seed=${CONFIG.seed}`;
    page = await openLab(browser, hash);
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
    const rows = page.locator('[data-testid^="row-"]');
    expect(await rows.count()).toBe(CONFIG.algos.length);
    for (const algo of CONFIG.algos) {
      for (const metric of METRICS) {
        const stat = expected.results[algo][metric];
        const mean = await page.getByTestId(`${metric}-${algo}-mean`).textContent();
        const std = await page.getByTestId(`${metric}-${algo}-std`).textContent();
        expectShownEqual(mean ?? '', stat.mean, `${algo} ${metric} mean`);
        expectShownEqual(std ?? '', stat.std, `${algo} ${metric} std`);
      }
    }
    // The summary cards show the same run: PromptWise's utility to 4 decimals.
    expect(await page.getByTestId('summary-featured-utility').textContent()).toBe(expected.results.promptwise.utility.mean.toFixed(4));

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/smoke.png', fullPage: true });

    expect(browser.errors, 'console errors').toEqual([]);
    assertNoExternalRequests(browser);
    // The worker really ran: its script was requested from the preview server.
    expect(browser.requests.some((r) => /sim\.worker.*\.js/.test(r.url))).toBe(true);
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
    expect(browser.errors.filter((e) => /Content.Security.Policy|Refused to/i.test(e))).toEqual([]);
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
  });
});
