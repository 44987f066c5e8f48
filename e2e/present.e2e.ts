/**
 * Presentation mode with a clicker (issue 41, item 5): ←/→, PageUp/PageDown, Space and Home/End move the slides
 * whatever has the focus, and a swipe moves them on a phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SLIDES } from '../src/state/slides';
import { waitForPage } from './browser';
import { openLab, suiteBrowser, waitForCurrentResult } from './lab';

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
