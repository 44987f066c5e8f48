/**
 * Smoke test of the built app in Chromium: a short simulation runs through the real worker, and the
 * numbers on the page equal the engine's own result computed here in Node, to the digits shown.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { simulateBuiltin, type SimConfig } from '../src/engine/simulate';
import { assertNoExternalRequests, launchBrowser, type LabBrowser } from './browser';

const CONFIG: SimConfig = {
  world: 't2i',
  algos: ['promptwise', 'random', 'oracle'],
  T: 200,
  trials: 2,
  seed: 7,
  params: {},
};
const METRICS = ['utility', 'cost', 'success', 'regret'] as const;
const DIGITS = 6;

/** What the page shows, as a number (it writes a typographic minus). */
function parseShown(text: string): number {
  return Number(text.trim().replaceAll('\u2212', '-'));
}

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
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('runs a simulation in the worker and shows the engine’s numbers', async () => {
    await page.goto(inject('baseURL'));
    await expect(page.title()).resolves.toBe('PromptWise Lab');
    await page.getByRole('heading', { level: 1, name: 'PromptWise Lab' }).waitFor();

    // The controls fill in once the worker has answered with the engine's catalog.
    await page.getByTestId('algo-promptwise').waitFor();
    await page.getByTestId('world').selectOption(CONFIG.world);
    await page.getByTestId('steps').fill(String(CONFIG.T));
    await page.getByTestId('trials').fill(String(CONFIG.trials));
    await page.getByTestId('seed').fill(String(CONFIG.seed));
    const boxes = page.locator('[data-testid^="algo-"]');
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = boxes.nth(i);
      const id = (await box.getAttribute('data-testid'))!.slice('algo-'.length);
      await box.setChecked(CONFIG.algos.includes(id));
    }

    await page.getByTestId('run').click();
    const status = page.getByTestId('run-status');
    await page.locator('[data-testid="run-status"][data-status="done"]').waitFor({ timeout: 120_000 });
    expect(await status.textContent()).toMatch(/^Done/);

    const expected = simulateBuiltin(CONFIG);
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

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/smoke.png', fullPage: true });

    expect(browser.errors, 'console errors').toEqual([]);
    assertNoExternalRequests(browser);
    // The worker really ran: its script was requested from the preview server.
    expect(browser.requests.some((r) => /sim\.worker.*\.js/.test(r.url))).toBe(true);
  });
});
