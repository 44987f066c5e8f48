/**
 * Helpers for the lab's browser specs: open the lab at a hash, wait for the current run to finish, read the
 * numbers the page shows.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { assertNoExternalRequests, type LabBrowser, launchBrowser, waitForPage } from './browser';

export const METRICS = ['utility', 'cost', 'success', 'regret'] as const;

export type ShownTable = Record<string, Record<(typeof METRICS)[number], { mean: string; std: string }>>;

/** A fresh tab on the lab with `hash` (a fresh page, so the hash is read as on a first load). */
export async function openLab(browser: LabBrowser, hash = '', viewport?: { width: number; height: number }): Promise<Page> {
  const page = await browser.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`${inject('baseURL')}${hash}`);
  await page.getByRole('heading', { level: 1, name: 'PromptWise Lab' }).waitFor();
  return page;
}

/**
 * Waits until the run for the current parameters has finished and the page shows its numbers, and its escalation
 * trace (a job of its own, after the run) where the page has the trace's card.
 */
export async function waitForCurrentResult(page: Page, timeout = 120_000): Promise<void> {
  await waitForPage(
    page,
    `document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status') === 'done' &&
     document.querySelector('[data-testid="summary"]')?.getAttribute('data-state') === 'current' &&
     (document.querySelector('[data-testid="card-trace"]')?.getAttribute('data-state') ?? 'done') === 'done'`,
    { timeout, polling: 50 },
  );
}

/**
 * Waits until both sweeps have finished (for screenshots, chart exports, and the bench's "settled"). A sweep is
 * computed only while its card is on screen, so each card is scrolled into view in turn, as a user would (a
 * finished sweep stays done off screen).
 */
export async function waitForSweeps(page: Page, timeout = 120_000, polling = 100): Promise<void> {
  for (const card of ['card-tradeoff', 'card-lambda']) {
    await page.getByTestId(card).scrollIntoViewIfNeeded();
    await waitForPage(page, `document.querySelector('[data-testid="${card}"]')?.getAttribute('data-state') === 'done'`, { timeout, polling });
  }
}

/** The values of `attr` (data-testid by default) of the elements matching `selector`, less `prefix`. */
export async function testIds(page: Page, selector: string, prefix = '', attr = 'data-testid'): Promise<string[]> {
  const out: string[] = [];
  for (const el of await page.locator(selector).all()) out.push(((await el.getAttribute(attr)) ?? '').slice(prefix.length));
  return out;
}

/** The results table's algorithm rows (not the stakeholder line's reference rows, `row-alone-<model>`). */
export const ALGO_ROWS = '[data-testid^="row-"]:not([data-testid^="row-alone-"])';

/**
 * The results table's figures: per algorithm id and metric, the exact mean and std (their data-value, the full
 * double as text; the cells show them as the headline's cards do, METRIC_FORMAT).
 */
export async function readTable(page: Page): Promise<ShownTable> {
  const out: ShownTable = {};
  const ids = await testIds(page, ALGO_ROWS, 'row-');
  for (const algo of ids) {
    const cells = {} as ShownTable[string];
    for (const m of METRICS) {
      cells[m] = {
        mean: (await page.getByTestId(`${m}-${algo}-mean`).getAttribute('data-value')) ?? '',
        std: (await page.getByTestId(`${m}-${algo}-std`).getAttribute('data-value')) ?? '',
      };
    }
    out[algo] = cells;
  }
  return out;
}

/** The summary row as shown: the headline and every card's numbers. */
export async function readSummary(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  out.headline = (await page.getByTestId('headline').textContent()) ?? '';
  for (const el of await page.locator('[data-testid^="summary-"]').all()) {
    const id = (await el.getAttribute('data-testid')) ?? '';
    if (/-(utility|cost|success)$/.test(id)) out[id] = (await el.textContent()) ?? '';
  }
  return out;
}

export { parseShown } from '../src/engine/lab/format';

/** Moves focus off any control, so keys go to the page. */
export async function focusPage(page: Page): Promise<void> {
  await page.evaluate('document.activeElement?.blur()');
}

export function hashOf(page: Page): Promise<string> {
  return page.evaluate<string>('location.hash');
}

/**
 * Waits until the link (the address bar's hash) has `text` (`is` it, `ends` with it, or `lacks` it), and returns the link:
 * the page writes it once its controls pause (src/state/urlSync.ts LINK_PAUSE_MS), not inside the input's handler.
 */
export async function waitForLink(page: Page, text: string, how: 'has' | 'is' | 'ends' | 'lacks' = 'has'): Promise<string> {
  const t = JSON.stringify(text);
  await waitForPage(
    page,
    { has: `location.hash.includes(${t})`, is: `location.hash === ${t}`, ends: `location.hash.endsWith(${t})`, lacks: `!location.hash.includes(${t})` }[how],
  );
  return hashOf(page);
}

/**
 * Puts axe-core into the page, once. Through DevTools' evaluation: a `<script>` tag (addScriptTag) is inline
 * script, which the lab's Content-Security-Policy refuses, as it should.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate<boolean>('typeof window.axe === "object"')) return;
  await page.evaluate(axe.source);
}

/**
 * The browser of a describe block (a fresh profile), launched before its first test and closed after its last by
 * closeChecked, so no suite can forget the closing checks. Call it first in the block, so that its launch runs
 * before the block's own beforeAll and its close after the block's own afterAll (vitest runs after-hooks in reverse);
 * read `.browser` in hooks and tests.
 */
export function suiteBrowser(options?: Parameters<typeof launchBrowser>[0]): { readonly browser: LabBrowser } {
  let launched: LabBrowser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser(options);
  });
  afterAll(() => closeChecked(launched));
  return {
    get browser() {
      if (!launched) throw new Error('the suite’s browser is launched in beforeAll: read it in a hook or a test');
      return launched;
    },
  };
}

/**
 * A spec's last check and cleanup: the page logged no console error and asked nothing of a host but localhost;
 * then the browser closes (also when a check fails).
 */
async function closeChecked(browser: LabBrowser | undefined): Promise<void> {
  if (!browser) return;
  try {
    expect(browser.errors, 'console errors').toEqual([]);
    assertNoExternalRequests(browser);
  } finally {
    await browser.close();
  }
}
