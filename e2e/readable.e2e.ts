/**
 * Every chart readable with any selection (issue 15, item 1): at 1280×800 and 390×844, with the focused first view
 * and with every algorithm, once the run and both sweeps are in, no two labels of a chart overlap, no label or plot
 * reaches past its figure, each sweep's words follow its plots, and the results table fits its box or scrolls with
 * its algorithm column pinned.
 * The first view's selection is checked too: PromptWise, Greedy and the oracle, with the stakeholder line's
 * references beside them, and "All algorithms" one click away and in the link.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALL_ALGO_IDS } from '../src/state/catalog';
import { waitForPage } from './browser';
import { ALGO_ROWS, hashOf, openLab, suiteBrowser, testIds, waitForCurrentResult, waitForSweeps } from './lab';

/** A short run: the charts' layout does not depend on T, only on the selection and the figures. */
const RUN = 'world=sudoku&T=300&trials=3';

interface Problem {
  chart: string;
  what: string;
}

/**
 * Per figure: the boxes of its text (SVG text, legend items, captions) and its plots; pairs of texts that overlap
 * by more than 2 px each way, and anything that sticks out of the figure by more than 1 px.
 */
async function chartProblems(page: Page): Promise<Problem[]> {
  return page.evaluate<Problem[]>(`(() => {
    const problems = [];
    const figures = [...document.querySelectorAll('figure[data-chart]')].filter((f) => !f.querySelector('figure[data-chart]'));
    for (const fig of figures) {
      const chart = fig.getAttribute('data-chart');
      const box = fig.getBoundingClientRect();
      if (box.width === 0) continue;
      const texts = [...fig.querySelectorAll('svg text, .pw-legend li, figcaption span')]
        .filter((e) => (e.textContent || '').trim() !== '' && getComputedStyle(e).visibility !== 'hidden')
        .map((e) => ({ text: (e.textContent || '').trim().slice(0, 30), r: e.getBoundingClientRect() }))
        .filter((t) => t.r.width > 0 && t.r.height > 0);
      for (const t of texts) {
        if (t.r.left < box.left - 1 || t.r.right > box.right + 1) problems.push({ chart, what: '"' + t.text + '" sticks out of the figure' });
      }
      for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          const a = texts[i].r, b = texts[j].r;
          const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          // A legend item holds its own text: only disjoint elements count.
          const nested = a.left <= b.left && a.right >= b.right && a.top <= b.top && a.bottom >= b.bottom || b.left <= a.left && b.right >= a.right && b.top <= a.top && b.bottom >= a.bottom;
          if (dx > 2 && dy > 2 && !nested) problems.push({ chart, what: '"' + texts[i].text + '" overlaps "' + texts[j].text + '"' });
        }
      }
      for (const svg of fig.querySelectorAll('svg.recharts-surface')) {
        const r = svg.getBoundingClientRect();
        if (r.right > box.right + 1) problems.push({ chart, what: 'plot ends ' + Math.round(r.right - box.right) + ' px past the figure' });
      }
    }
    return problems;
  })()`);
}

/** The results table fits its box, or it scrolls and its algorithm column stays in view (sticky). */
async function tableReadable(page: Page): Promise<{ fits: boolean; pinned: boolean; scroll: number; client: number }> {
  return page.evaluate<{ fits: boolean; pinned: boolean; scroll: number; client: number }>(`(() => {
    const wrap = document.querySelector('[data-testid="results-table"]').parentElement;
    const first = document.querySelector('[data-testid="results-table"] tbody th');
    return { fits: wrap.scrollWidth <= wrap.clientWidth + 1, pinned: getComputedStyle(first).position === 'sticky', scroll: wrap.scrollWidth, client: wrap.clientWidth };
  })()`);
}

describe('charts readable with any selection', () => {
  const suite = suiteBrowser({ viewport: { width: 1280, height: 800 } });

  it('a first visit is focused: PromptWise, PromptWise-Budget, Greedy and the oracle, the best single model beside them; all algorithms one click away', async () => {
    const page = await openLab(suite.browser, '');
    await waitForCurrentResult(page);
    expect(await testIds(page, ALGO_ROWS, 'row-')).toEqual(['promptwise', 'promptwise-budget', 'greedy', 'oracle']);
    // The best single model by the declared rule (the stakeholder line's most accurate model alone) is in the table.
    const alone = await testIds(page, '[data-testid^="row-alone-"]', 'row-alone-');
    expect(alone.length).toBeGreaterThan(0);
    expect(await page.getByTestId('headline').textContent()).toContain(`${alone[0]} alone (the most accurate model`);
    expect(await page.getByTestId('algos-focused').getAttribute('aria-pressed')).toBe('true');

    await page.getByTestId('algos-all').click();
    await waitForPage(page, `location.hash.includes('algos=all&')`);
    expect(await page.getByTestId('algos-all').getAttribute('aria-pressed')).toBe('true');
    await waitForCurrentResult(page);
    expect((await testIds(page, ALGO_ROWS, 'row-')).length).toBe(ALL_ALGO_IDS.length);
    // The link with algos=all opens the same selection.
    const again = await openLab(suite.browser, await hashOf(page));
    expect(await again.getByTestId('algos-all').getAttribute('aria-pressed')).toBe('true');
    await again.close();
    await page.close();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    for (const algos of ['', '&algos=all']) {
      it(`${viewport.width}×${viewport.height}, ${algos ? 'every algorithm' : 'the focused view'}: no chart label overlaps or sticks out; the table fits or pins its first column`, async () => {
        const page = await openLab(suite.browser, `#${RUN}${algos}`, viewport);
        await waitForCurrentResult(page);
        await waitForSweeps(page);
        // Every chart card on screen once, so that content-visibility has laid each out.
        for (const card of ['card-curves', 'card-usage', 'card-tradeoff', 'card-lambda']) {
          await page.getByTestId(card).scrollIntoViewIfNeeded();
          await page.waitForTimeout(300);
          // For review: test-results/readable-<width>-<selection>-<card>.png.
          await page.getByTestId(card).screenshot({ path: `test-results/readable-${viewport.width}-${algos ? 'all' : 'focused'}-${card}.png` });
        }
        expect(await chartProblems(page)).toEqual([]);
        // Each sweep's words follow its plots, whichever of the two cards is taller (the spare height lies below them).
        // The words are drawn in a deferred render after the sweep: wait for both.
        await waitForPage(
          page,
          `document.querySelector('[data-testid="tau-lessons"]') !== null && document.querySelector('[data-testid="lambda-lessons"]') !== null`,
        );
        const gaps = await page.evaluate<number[]>(`['tradeoff-plot', 'lambda-sweep-plot'].map((id) => {
          const plot = document.querySelector('[data-testid="' + id + '"] figure').getBoundingClientRect();
          const words = document.querySelector('[data-testid="' + (id === 'tradeoff-plot' ? 'tau' : 'lambda') + '-lessons"]').getBoundingClientRect();
          return Math.round(words.top - plot.bottom);
        })`);
        for (const gap of gaps) expect(gap, `the gap between a sweep's plots and its words: ${gaps.join(', ')} px`).toBeLessThanOrEqual(40);
        // The λ sweep's utility axis is scaled to what matters: never below −1, and what it cuts is named. With every
        // algorithm the charts take their drawing turns one per frame: wait for the axis rather than a fixed delay.
        const tickSelector = `[data-chart="lambda-sweep"] [data-metric="utility"] .recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value`;
        await waitForPage(page, `document.querySelectorAll('${tickSelector}').length > 1`, { timeout: 30_000 });
        const ticks = await page.evaluate<string[]>(`[...document.querySelectorAll('${tickSelector}')].map((e) => e.textContent)`);
        expect(ticks.length).toBeGreaterThan(1);
        expect(Math.min(...ticks.map((t) => Number(t.replace('\u2212', '-'))))).toBeGreaterThanOrEqual(-1);
        if (algos) expect(await page.getByTestId('lambda-utility-cut').textContent()).toMatch(/utility axis cut at −1: .*Highest-cost falls to −8\d/);
        const table = await tableReadable(page);
        expect(table.fits || table.pinned, `results table: ${JSON.stringify(table)}`).toBe(true);
        // At 1280 px every column, regret and time included, fits the card, even with every algorithm (issue 41, item 7).
        if (viewport.width >= 1280) expect(table.fits, `results table at ${viewport.width} px: ${JSON.stringify(table)}`).toBe(true);
        await page.close();
      });
    }
  }
});
