/**
 * Firefox smoke (issue 41, item 9): Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core, loads the lab,
 * runs it, draws every view (the ideas' formulas and both sweeps included) and opens presentation mode, with no
 * console error. Firefox logs what Chromium keeps quiet: a CSP-refused `eval` (zod's JIT probe, before
 * src/engine/zod.ts made it jitless) is an error there.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForPage } from './browser';

const FIREFOX_MISSING = 'Firefox not found: install it with  apt-get install -y firefox-esr  (or set FIREFOX_PATH)';

function findFirefox(): string {
  const found = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error(FIREFOX_MISSING);
  return found;
}

describe('Firefox ESR', () => {
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: findFirefox(),
      headless: true,
      // A fresh profile each run; Firefox's own network calls (updates, telemetry) are off in puppeteer's profile.
      userDataDir: mkdtempSync(join(tmpdir(), 'pwl-firefox-')),
      // Set as each page opens, where puppeteer tolerates what a Firefox lacks: page.setViewport also sends a screen
      // orientation override, which Debian's Firefox ESR 140 refuses as an unknown command.
      defaultViewport: { width: 1280, height: 800 },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads and runs the lab, draws every view and presents it, with no console error', async () => {
    const page = await browser.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${inject('baseURL')}#world=sudoku&T=300&trials=3`);
    await waitForPage(
      page,
      `document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status') === 'done' && document.querySelector('[data-testid="summary"]')?.getAttribute('data-state') === 'current'`,
      { timeout: 120_000 },
    );
    expect(await page.$eval('[data-testid="headline"]', (e) => e.textContent)).toMatch(/^PromptWise: [\d.]+% success at [\d.]+ \$\/Mtok per prompt/);
    // Each cost's unit is read whole: Firefox broke the cards' "$/Mtok" after the slash, "Mtok" alone on a line.
    const unitLines = await page.$$eval('.unit', (units) => units.map((u) => [u.textContent, u.getClientRects().length]));
    expect(unitLines.length).toBeGreaterThan(0);
    expect(unitLines.filter(([, lines]) => lines !== 1)).toEqual([]);
    // Every view drawn: each sweep's card brought on screen until it is done; then the ideas' formulas (KaTeX).
    for (const card of ['card-tradeoff', 'card-lambda']) {
      await page.$eval(`[data-testid="${card}"]`, (e) => e.scrollIntoView());
      await waitForPage(page, `document.querySelector('[data-testid="${card}"]')?.getAttribute('data-state') === 'done'`, { timeout: 120_000 });
    }
    await page.$eval('[data-testid="teach"]', (e) => e.scrollIntoView());
    // KaTeX loads as the formulas come into view.
    await waitForPage(page, `document.querySelectorAll('[data-testid="teach"] .katex').length > 3`, { timeout: 20_000 });
    // Presentation mode, moved through with PageDown as a clicker does.
    await page.$eval('[data-testid="present-toggle"]', (e) => (e as HTMLElement).click());
    await waitForPage(page, `!!document.querySelector('[data-testid="slide-deck"]')`, { timeout: 10_000 });
    await page.keyboard.press('PageDown');
    await waitForPage(page, `document.querySelector('[data-testid="slide-title"]')?.textContent.startsWith('2 / ')`, { timeout: 10_000 });
    // Errors logged a moment after the last view are counted too.
    await new Promise((r) => setTimeout(r, 1000));
    expect(errors, 'Firefox console errors').toEqual([]);
    await page.close();
  });
});
