/**
 * Presentation mode with a clicker (issue 41, item 5): ←/→, PageUp/PageDown, Space and Home/End move the slides
 * whatever has the focus, every slide fits a 1280×800 and a 1920×1080 screen, and a swipe moves them on a phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SLIDES } from '../src/state/slides';
import { waitForPage } from './browser';
import { openLab, suiteBrowser, waitForCurrentResult, waitForSweeps } from './lab';

const LINK = '#world=sudoku&T=300&trials=3&present=1';

/** The slide shown (1-based). */
async function slideAt(page: Page): Promise<number> {
  const title = (await page.getByTestId('slide-title').textContent()) ?? '';
  return Number(title.split(' / ')[0]);
}

async function expectSlide(page: Page, n: number): Promise<void> {
  await waitForPage(page, `document.querySelector('[data-testid="slide-title"]')?.textContent.startsWith('${n} / ${SLIDES.length}')`, { timeout: 5_000 });
  expect(await slideAt(page)).toBe(n);
}

/**
 * What of the slide lies outside the window: the deck's box (its title bar, status and the slide), and every chart in
 * it. Empty when everything fits.
 */
async function outside(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    const check = (el, what) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return;
      if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
        out.push(what + ' ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
      }
    };
    check(document.querySelector('[data-testid="slide-deck"]'), 'deck');
    document.querySelectorAll('.slide svg.recharts-surface, .slide figure').forEach((el, i) => check(el, 'chart ' + i));
    return out;
  })()`);
}

describe('presentation mode', () => {
  const suite = suiteBrowser({ viewport: { width: 1280, height: 800 } });

  it('a clicker’s keys move the slides whatever has the focus', async () => {
    const page = await openLab(suite.browser, LINK);
    await waitForCurrentResult(page);
    await expectSlide(page, 1);
    // [focus, key, slide after]: the buttons of the deck and of the header, each holding the focus as a key arrives.
    const steps: [string, string, number][] = [
      ['slide-next', 'PageDown', 2],
      ['slide-prev', 'Space', 3],
      ['slide-next', 'ArrowRight', 4],
      ['slide-prev', 'PageUp', 3],
      ['present-toggle', 'End', SLIDES.length],
      ['slide-prev', 'ArrowLeft', SLIDES.length - 1],
      ['tour-start', 'Home', 1],
      ['present-toggle', 'Space', 2],
      ['slide-next', 'Shift+Space', 1],
    ];
    for (const [focus, key, to] of steps) {
      const target = page.getByTestId(focus);
      // A disabled button cannot hold the focus: the first slide's Previous.
      if (await target.isDisabled()) continue;
      await target.focus();
      expect(await page.evaluate<string | null>(`document.activeElement?.getAttribute('data-testid')`)).toBe(focus);
      await page.keyboard.press(key);
      await expectSlide(page, to);
      // Still in presentation mode: the focused button's own action (leaving, starting the tour) did not run.
      expect(await page.getByTestId('slide-deck').count()).toBe(1);
    }
    await page.close();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ]) {
    it(`every slide fits ${viewport.width}×${viewport.height}, its charts and their axes included`, async () => {
      const page = await openLab(suite.browser, LINK, viewport);
      await waitForCurrentResult(page);
      for (let n = 1; n <= SLIDES.length; n++) {
        await expectSlide(page, n);
        // The sweeps are drawn (a slide is fitted again as its view grows), then the fit is read.
        if (SLIDES[n - 1].id === 'sweeps') await waitForSweeps(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(300);
        expect(await outside(page), `slide ${n} (${SLIDES[n - 1].id})`).toEqual([]);
        await page.keyboard.press('PageDown');
      }
      await page.close();
    });
  }

  it('a swipe moves the slides on a phone', async () => {
    const page = await openLab(suite.browser, LINK, { width: 390, height: 844 });
    await waitForCurrentResult(page);
    const swipe = (dx: number, dy = 0) =>
      page.evaluate(`(() => {
        const deck = document.querySelector('[data-testid="slide-deck"]');
        const touch = (x, y) => new Touch({ identifier: 1, target: deck, clientX: x, clientY: y });
        deck.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(200, 400)], changedTouches: [touch(200, 400)] }));
        deck.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(200 + ${dx}, 400 + ${dy})] }));
      })()`);
    await expectSlide(page, 1);
    await swipe(-150);
    await expectSlide(page, 2);
    await swipe(-150);
    await expectSlide(page, 3);
    await swipe(150);
    await expectSlide(page, 2);
    // A vertical drag scrolls; it does not change the slide.
    await swipe(-70, 200);
    await page.waitForTimeout(300);
    expect(await slideAt(page)).toBe(2);
    await page.close();
  });
});
