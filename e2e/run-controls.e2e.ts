/**
 * The run controls against the real worker: a long run can be cancelled, the page says so, and the next
 * run starts cleanly (regression: the Cancel button morphing into the submit button restarted the run).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { assertNoExternalRequests, launchBrowser, type LabBrowser } from './browser';

describe('run controls', () => {
  let browser: LabBrowser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const status = () => page.getByTestId('run-status');
  const waitForStatus = (s: string, timeout = 60_000) =>
    page.locator(`[data-testid="run-status"][data-status="${s}"]`).waitFor({ timeout });

  it('cancels a long run and then runs again', async () => {
    await page.goto(inject('baseURL'));
    await page.getByTestId('algo-promptwise').waitFor();
    await page.getByTestId('steps').fill('200000');
    await page.getByTestId('trials').fill('50');
    await page.getByTestId('run').click();
    await waitForStatus('running');
    await page.getByTestId('cancel').click();
    await waitForStatus('cancelled', 10_000);
    // Still cancelled a moment later: the click did not start another run.
    await page.waitForTimeout(500);
    expect(await status().getAttribute('data-status')).toBe('cancelled');
    expect(await page.getByTestId('results-empty').isVisible()).toBe(true);

    await page.getByTestId('steps').fill('50');
    await page.getByTestId('trials').fill('1');
    await page.getByTestId('run').click();
    await waitForStatus('done');
    expect(await page.locator('[data-testid^="row-"]').count()).toBeGreaterThan(0);

    expect(browser.errors, 'console errors').toEqual([]);
    assertNoExternalRequests(browser);
  });
});
