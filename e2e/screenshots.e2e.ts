/**
 * The page as a user sees it, at 1280×800 and on a 390 px phone, once the default run has finished: the
 * headline is above the fold on a laptop, nothing reaches past the viewport's right edge (no sideways scroll,
 * no card or chart cut off), the results table reflows on the phone, presentation mode hides the controls and
 * gives the charts the width, and a single learning curve exports with the legend it shares with the other three.
 * Screenshots of each state go to test-results/lab-*.png for review.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForPage } from './browser';
import { focusPage, openLab, suiteBrowser, waitForCurrentResult, waitForSweeps } from './lab';

const OUT = 'test-results';

async function settle(page: Page): Promise<void> {
  await waitForCurrentResult(page);
  await waitForSweeps(page);
  await page.getByTestId('skip').click();
  // Select a prompt that escalated, if the trace shows one (else the newest), for the decision panel.
  const rows = page.getByTestId('trace-row');
  if ((await rows.count()) > 0) await rows.nth(Math.min(2, (await rows.count()) - 1)).click();
  await page.waitForTimeout(600); // chart transitions
}

/** No sideways scroll, and no visible card, chart or control reaching past the viewport's right edge. */
async function noSidewaysOverflow(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate<[number, number]>('[document.documentElement.scrollWidth, document.documentElement.clientWidth]');
  expect(scroll, 'page wider than the viewport').toBeLessThanOrEqual(client);
  const cut = await page.evaluate<string[]>(`(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('[data-testid^="card-"], figure, svg.recharts-surface, button, select, input')]
      .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.right > width + 0.5; })
      .map((e) => (e.getAttribute('data-testid') || e.tagName.toLowerCase()) + ' ends at ' + Math.round(e.getBoundingClientRect().right) + ' px');
  })()`);
  expect(cut, 'elements cut off at the right edge').toEqual([]);
}

/** Waits until presentation mode shows slide `id`. */
async function slideIs(page: Page, id: string): Promise<void> {
  await waitForPage(page, `document.querySelector('[data-testid="slide-deck"]')?.getAttribute('data-slide') === '${id}'`, { timeout: 5000 });
}

/** The element's box in page coordinates. */
async function boxOf(page: Page, testId: string): Promise<{ top: number; bottom: number; width: number }> {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, `${testId} is rendered`).not.toBeNull();
  const scrollY = await page.evaluate<number>('window.scrollY');
  return { top: box!.y + scrollY, bottom: box!.y + scrollY + box!.height, width: box!.width };
}

describe('screenshots', () => {
  const suite = suiteBrowser({ viewport: { width: 1280, height: 800 } });

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
  });

  it('1280×800: the page, the whole page and presentation mode', async () => {
    const page = await openLab(suite.browser, '', { width: 1280, height: 800 });
    await settle(page);
    await noSidewaysOverflow(page);
    await page.evaluate('window.scrollTo(0, 0)');
    // The key result is on screen without scrolling.
    const headline = await boxOf(page, 'headline');
    expect(headline.bottom, 'the headline ends above the fold (800 px)').toBeLessThanOrEqual(800);
    expect(await page.getByTestId('headline').textContent()).toMatch(/PromptWise/);
    const chartWidth = (await boxOf(page, 'card-curves')).width;
    await page.screenshot({ path: `${OUT}/lab-1280.png` });
    await page.screenshot({ path: `${OUT}/lab-1280-full.png`, fullPage: true });
    await page.getByTestId('card-trace').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/lab-1280-trace.png` });
    await page.getByTestId('present-toggle').click();
    // Presentation (issue 15, item 4): slides, one view per screen; the controls are gone.
    expect(await page.getByTestId('lambda').count(), 'controls hidden in presentation mode').toBe(0);
    await slideIs(page, 'summary');
    expect(await page.getByTestId('slide-title').textContent()).toBe('1 / 7 The result');
    expect(await page.getByTestId('card-curves').count(), 'one view per screen').toBe(0);
    await page.screenshot({ path: `${OUT}/lab-1280-present.png` });
    // → twice: the learning curves, alone and enlarged (wider on screen than on the page).
    await focusPage(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await slideIs(page, 'curves');
    expect(await page.getByTestId('summary').count()).toBe(0);
    await page.getByTestId('card-curves').waitFor();
    await page.waitForTimeout(600);
    const presentedWidth = (await boxOf(page, 'card-curves')).width;
    expect(presentedWidth, `curves card ${Math.round(presentedWidth)} px presented vs ${Math.round(chartWidth)} px`).toBeGreaterThan(chartWidth * 1.1);
    await noSidewaysOverflow(page);
    await page.screenshot({ path: `${OUT}/lab-1280-present-curves.png` });
    // ← goes back, End to the last slide, Home to the first; the buttons too.
    await page.keyboard.press('ArrowLeft');
    await slideIs(page, 'trace');
    await page.keyboard.press('End');
    await slideIs(page, 'ideas');
    expect(await page.getByTestId('slide-next').isDisabled()).toBe(true);
    await page.getByTestId('slide-prev').click();
    await slideIs(page, 'results');
    await focusPage(page);
    await page.keyboard.press('Home');
    await slideIs(page, 'summary');
    await page.getByTestId('present-toggle').click();
    await page.close();
  });

  it('a single learning curve exports (SVG) with the legend of the four', async () => {
    const page = await openLab(suite.browser, '#world=sudoku&algos=promptwise,greedy,oracle&T=300&trials=3', { width: 1280, height: 800 });
    await settle(page);
    await page.getByTestId('export-menu').click();
    const row = page.getByTestId('export-chart-curve-utility');
    const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('menuitem', { name: 'SVG' }).click()]);
    const svg = readFileSync(await file.path(), 'utf8');
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts).toContain('Average utility');
    for (const label of ['PromptWise', 'Greedy', 'Oracle (DP)']) expect(texts, `legend entry ${label}`).toContain(label);
    // The caption says what it shows and how to get it back (issue 15, item 4): the scenario and parameters, then
    // the link (wrapped to the chart's width), which opens this very run.
    const caption = [...svg.matchAll(/<text[^>]*data-caption=""[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    expect(caption[0]).toBe('sudoku · λ = 0.01 · τ_max = 5 · 3 trials × 300 prompts · seed 0');
    expect(caption.slice(1).join('')).toBe(await page.evaluate<string>('location.href'));
    // The legend was lent for the export only: the chart on the page still has none of its own.
    expect(await page.locator('figure[data-chart="curve-utility"] .pw-legend').count()).toBe(0);
    await page.close();
  });

  it('390×844: the page, the whole page and the open controls', async () => {
    const page = await openLab(suite.browser, '', { width: 390, height: 844 });
    await settle(page);
    await noSidewaysOverflow(page);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${OUT}/lab-390.png` });
    await page.screenshot({ path: `${OUT}/lab-390-full.png`, fullPage: true });
    // The results table reflows into one card per algorithm instead of scrolling sideways.
    const table = page.getByTestId('results-table');
    await table.scrollIntoViewIfNeeded();
    const [tableScroll, tableClient] = await page.evaluate<[number, number]>(
      `(() => { const w = document.querySelector('[data-testid="results-table"]').closest('.table-wrap'); return [w.scrollWidth, w.clientWidth]; })()`,
    );
    expect(tableScroll, 'results table scrolls sideways at 390 px').toBeLessThanOrEqual(tableClient);
    await page.getByTestId('card-results').screenshot({ path: `${OUT}/lab-390-results.png` });
    // The decision panel's tables keep their truth columns in view (issue 15, item 7: 16 px of them hid past the
    // edge); a chosen cell's box may poke out by a pixel or two.
    const decisionOverflow = await page.evaluate<number[]>(
      `[...document.querySelectorAll('[data-testid="decision-panel"] .pw-table-wrap')].map((w) => w.scrollWidth - w.clientWidth)`,
    );
    expect(decisionOverflow.length, 'the decision panel shows a table').toBeGreaterThan(0);
    expect(Math.max(...decisionOverflow), 'decision tables hide columns past their edge at 390 px').toBeLessThanOrEqual(4);
    // The controls are one tap away, stacked.
    expect(await page.getByTestId('lambda').isVisible()).toBe(false);
    await page.getByTestId('controls-toggle').click();
    expect(await page.getByTestId('lambda').isVisible()).toBe(true);
    await noSidewaysOverflow(page);
    await page.screenshot({ path: `${OUT}/lab-390-controls.png`, fullPage: true });
    await page.close();
  });
});
