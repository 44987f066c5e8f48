/**
 * The guided tour (issue 15, item 2), end to end in Chromium: started from the header, walked step by step with
 * Next (the "predict" step answered before its rule is revealed), left and resumed where it was, finished; each
 * step's link, opened in a fresh tab, reproduces the step (its run, its selected prompt, its highlighted view and
 * its words). Keyboard: the step's heading takes the focus, Esc leaves. Screenshots of every step go to
 * test-results/tour-<n>-<id>.jpg (TOUR_SHOTS=dir writes them there instead: docs/images/tour for docs/LAB.md).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOUR_STEPS, tourHash } from '../src/state/tour';
import { waitForPage } from './browser';
import { hashOf, openLab, suiteBrowser, waitForCurrentResult, waitForLink } from './lab';

const SHOTS = process.env.TOUR_SHOTS ?? 'test-results';

/** Waits until the tour shows step `n` with its run drawn. */
async function tourAt(page: Page, n: number): Promise<void> {
  const id = TOUR_STEPS[n - 1].id;
  await waitForPage(
    page,
    `document.querySelector('[data-testid="tour-panel"]')?.getAttribute('data-step') === '${id}' &&
     document.querySelector('[data-testid="tour-panel"]')?.getAttribute('data-ready') === 'true'`,
    { timeout: 60_000 },
  );
}

/** What a step shows: its link, its highlighted view, its selected prompt and its words. */
async function stepState(page: Page) {
  return page.evaluate<{ hash: string; highlighted: string[]; selected: string | null; text: string; title: string }>(`({
    hash: location.hash,
    highlighted: [...document.querySelectorAll('[data-highlight="tour"]')].map((e) => e.getAttribute('data-testid')),
    selected: document.querySelector('[data-testid="decision-panel"]')?.getAttribute('data-step') ?? null,
    text: document.querySelector('[data-testid="tour-text"]').textContent,
    title: document.querySelector('[data-testid="tour-title"]').textContent,
  })`);
}

/** What on the page would give away the oracle's answer: its plans, its picks, the true c/q. */
async function oracleShown(page: Page): Promise<{ chips: number; picks: number; hidden: number; cq: string[] }> {
  return page.evaluate(`({
    chips: document.querySelectorAll('[data-testid="card-trace"] .pw-oracle-chip, [data-testid="card-decision"] .pw-oracle-chip').length,
    picks: document.querySelectorAll('[data-oracle-pick]').length,
    hidden: document.querySelectorAll('[data-testid="oracle-hidden"]').length,
    cq: [...document.querySelectorAll('[data-testid="decision-arm"] td:last-child')].map((td) => td.textContent),
  })`);
}

/** Waits until the trace lists prompt `step` (0-based) inside the viewport (the tour scrolls to it, smoothly). */
async function traceRowInView(page: Page, step: number): Promise<boolean> {
  await waitForPage(
    page,
    `(() => {
      const row = document.querySelector('[data-testid="trace-row"][data-step="${step}"]');
      if (!row) return false;
      const r = row.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;
    })()`,
    { timeout: 10_000 },
  );
  return true;
}

/** Answers the predict step with the cheapest model, checking that nothing showed the answer before. */
async function answerPredict(page: Page): Promise<void> {
  expect(await page.getByTestId('tour-text').textContent()).toMatch(/which model would you ask first\?/);
  const before = await oracleShown(page);
  expect(before).toMatchObject({ chips: 0, picks: 0, hidden: 1 });
  expect(before.cq.length).toBeGreaterThan(0);
  expect(before.cq.every((t) => t === '?')).toBe(true);
  await page.getByTestId('tour-choice-0').click(); // the cheapest: not the oracle's pick
  await waitForPage(page, `document.querySelector('[data-testid="tour-text"]').textContent.startsWith('The oracle asks qwen-plus first')`);
  expect(await page.getByTestId('tour-choice-2').isDisabled()).toBe(true);
  // Answered: the oracle's plan, its picks and the true c/q are shown again.
  await waitForPage(page, `document.querySelectorAll('[data-oracle-pick]').length > 0`);
  const after = await oracleShown(page);
  expect(after.hidden).toBe(0);
  expect(after.chips).toBeGreaterThan(0);
  expect(after.cq.some((t) => t !== '?')).toBe(true);
}

describe('the guided tour', () => {
  const suite = suiteBrowser({ viewport: { width: 1280, height: 800 } });
  const seen: Awaited<ReturnType<typeof stepState>>[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
  });

  it('walks every step from the header’s Tour button, each driving the lab; left on the way, it resumes there', async () => {
    const page = await openLab(suite.browser, '');
    await waitForCurrentResult(page);
    const settings = await hashOf(page);
    await page.getByTestId('tour-start').click();
    for (let n = 1; n <= TOUR_STEPS.length; n++) {
      const spec = TOUR_STEPS[n - 1];
      await tourAt(page, n);
      // The step's heading has the focus (a screen reader reads it), and its view is outlined.
      expect(await page.evaluate<string | null>(`document.activeElement?.getAttribute('data-testid')`)).toBe('tour-title');
      if (spec.id === 'predict') await answerPredict(page);
      // The outlined view is scrolled into sight (at least 100 px of it inside the window), also where it grows as a
      // sweep draws.
      await waitForPage(
        page,
        `(() => { const r = document.querySelector('[data-highlight="tour"]')?.getBoundingClientRect(); return !!r && r.bottom > 100 && r.top < innerHeight - 100; })()`,
        { timeout: 10_000 },
      );
      // The prompt the words name is in the trace, on screen.
      if (spec.step !== null) expect(await traceRowInView(page, spec.step)).toBe(true);
      // The link is the step's once the page has written it (src/state/urlSync.ts: after the controls pause).
      await waitForLink(page, tourHash(n), 'is');
      const state = await stepState(page);
      expect(state.hash).toBe(tourHash(n));
      expect(state.highlighted).toEqual([spec.highlight]);
      if (spec.step !== null) expect(state.selected).toBe(String(spec.step));
      expect(state.title).toBe(spec.title);
      seen.push(state);
      await page.screenshot({ path: `${SHOTS}/tour-${n}-${spec.id}.jpg`, type: 'jpeg', quality: 75 });

      if (n === 3) {
        // Left at step 3: the panel and the outline go, the settings from before the tour come back; the header
        // offers to resume.
        await page.getByTestId('tour-leave').click();
        await waitForPage(page, `!document.querySelector('[data-testid="tour-panel"]') && !location.hash.includes('tour=')`);
        expect(await hashOf(page)).toBe(settings);
        expect(await page.locator('[data-highlight="tour"]').count()).toBe(0);
        expect(await page.getByTestId('tour-start').textContent()).toBe(`Resume tour (3 / ${TOUR_STEPS.length})`);
        await page.getByTestId('tour-start').click();
        await tourAt(page, 3);
      }
      if (n < TOUR_STEPS.length) await page.getByTestId('tour-next').click();
    }
    // The last step's words carry the λ sweep's lessons once it is drawn.
    await waitForPage(page, `!document.querySelector('[data-testid="tour-text"]').textContent.includes('is computing')`, { timeout: 120_000 });
    expect(await page.getByTestId('tour-text').textContent()).toMatch(/PromptWise's cost .* whatever λ is \(Proposition 1\)/);
    await page.getByTestId('tour-finish').click();
    await waitForPage(page, `!document.querySelector('[data-testid="tour-panel"]')`);
    expect(await page.getByTestId('tour-start').textContent()).toBe('Tour');
    // Finished: the settings from before the tour are back, in the link and after a reload.
    await waitForLink(page, settings, 'is');
    await page.reload();
    await waitForCurrentResult(page);
    expect(await hashOf(page)).toBe(settings);
    await page.close();
  });

  it('on a phone (390×844) the predict step shows no answer before the reader’s, and leaving restores the settings', async () => {
    const page = await openLab(suite.browser, '', { width: 390, height: 844 });
    await waitForCurrentResult(page);
    const settings = await hashOf(page);
    await page.getByTestId('tour-start').click();
    await tourAt(page, 1);
    await page.getByTestId('tour-next').click();
    await tourAt(page, 2);
    expect(await traceRowInView(page, TOUR_STEPS[1].step!)).toBe(true);
    await answerPredict(page);
    await page.getByTestId('tour-leave').click();
    await waitForPage(page, `!document.querySelector('[data-testid="tour-panel"]')`);
    await waitForLink(page, settings, 'is');
    await page.close();
  });

  it('each step’s link, in a fresh tab, reproduces the step: its run, prompt, highlighted view and words', async () => {
    expect(seen).toHaveLength(TOUR_STEPS.length);
    for (let n = 1; n <= TOUR_STEPS.length; n++) {
      const page = await openLab(suite.browser, tourHash(n));
      await tourAt(page, n);
      const state = await stepState(page);
      const walked = seen[n - 1];
      // A step that selects no prompt leaves the decision panel on whatever prompt playback reached.
      if (TOUR_STEPS[n - 1].step === null) state.selected = walked.selected;
      // The "predict" step's words are the question again: the answer was the reader's, not the link's.
      if (TOUR_STEPS[n - 1].id === 'predict') expect(state.text).toMatch(/which model would you ask first\?/);
      else expect(state).toEqual(walked);
      expect({ ...state, text: '' }).toEqual({ ...walked, text: '' });
      expect(await page.getByTestId('notices').count()).toBe(0);
      await page.close();
    }
  });

  it('the "Why this model?" panel keeps the bonus column the tour talks about at 1280 px less a 12 px scrollbar', async () => {
    const page = await openLab(suite.browser, tourHash(3), { width: 1268, height: 800 });
    await tourAt(page, 3);
    const bonus = await page.evaluate(() => {
      const th = document.querySelector('[data-testid="decision-panel"] .pw-dtable th.pw-col-bonus');
      return th ? getComputedStyle(th).display : 'missing';
    });
    expect(bonus).toBe('table-cell');
    expect(await page.getByTestId('tour-text').textContent()).toContain('the bonus is');
    await page.close();
  });

  it('Esc leaves the tour from the keyboard; Back goes to the step before', async () => {
    const page = await openLab(suite.browser, tourHash(2));
    await tourAt(page, 2);
    await page.getByTestId('tour-back').click();
    await tourAt(page, 1);
    await waitForLink(page, tourHash(1), 'is');
    await page.keyboard.press('Escape');
    await waitForPage(page, `!document.querySelector('[data-testid="tour-panel"]')`);
    await page.close();
  });
});
