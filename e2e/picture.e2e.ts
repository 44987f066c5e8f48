/**
 * The picture beside the sliders (issue 41, item 3): at 1280×800 the plot of where each algorithm lands sits right
 * of the sidebar, level with the sliders and above the fold; moving λ redraws it with the run before kept faint,
 * and its points are the run's figures (those the results table holds).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForPage } from './browser';
import { openLab, readTable, suiteBrowser, waitForCurrentResult, waitForSweeps } from './lab';

type Box = { x: number; y: number; width: number; height: number };

async function box(page: Page, testId: string): Promise<Box> {
  const b = await page.getByTestId(testId).boundingBox();
  if (!b) throw new Error(`${testId} has no box`);
  return b;
}

/** The plot's points as drawn: algorithm → [cost, success], full precision. */
async function points(page: Page): Promise<Record<string, [string, string]>> {
  return page.evaluate(
    `Object.fromEntries([...document.querySelectorAll('[data-testid="landing-point"]')].map((g) => [g.dataset.algo, [g.dataset.cost, g.dataset.success]]))`,
  );
}

describe('the picture beside the sliders', () => {
  const suite = suiteBrowser({ viewport: { width: 1280, height: 800 } });

  it('sits beside the sliders above the fold, and a new λ redraws it with the run before kept faint, but not across worlds', async () => {
    const page = await openLab(suite.browser, '#T=300&trials=5');
    await waitForCurrentResult(page);
    const plot = await box(page, 'landing-plot');
    const controls = await box(page, 'controls');
    const slider = await box(page, 'lambda');
    expect(plot.x, 'right of the sidebar').toBeGreaterThanOrEqual(controls.x + controls.width);
    expect(plot.y + plot.height, 'above the fold').toBeLessThanOrEqual(800);
    expect(plot.y, 'level with the λ slider').toBeLessThan(slider.y + slider.height);
    expect(plot.y + plot.height).toBeGreaterThan(slider.y);

    // Its points are the run's figures, one per algorithm, and nothing is faint before a change.
    const table = await readTable(page);
    const drawn = await points(page);
    expect(Object.keys(drawn).sort()).toEqual(Object.keys(table).sort());
    for (const [algo, [cost, success]] of Object.entries(drawn)) {
      expect(Number(cost)).toBe(Number(table[algo].cost.mean));
      expect(Number(success)).toBe(Number(table[algo].success.mean));
    }
    expect(await page.getByTestId('landing-before').count()).toBe(0);
    // Its caption says "faint" only while something is.
    expect(await page.getByTestId('landing-faint-note').isVisible()).toBe(false);
    const plotBefore = await box(page, 'landing-plot');

    // A new λ from the keyboard: the new run's points, and the old ones faint where they were.
    await page.getByTestId('lambda').focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await waitForPage(page, `!location.hash.includes('lambda=0.01&')`);
    await waitForCurrentResult(page);
    const after = await points(page);
    const faint = await page.evaluate<Record<string, string>>(
      `Object.fromEntries([...document.querySelectorAll('[data-testid="landing-before"]')].map((c) => [c.dataset.algo, c.getAttribute('cy')]))`,
    );
    expect(Object.keys(faint).sort()).toEqual(Object.keys(drawn).sort());
    const table2 = await readTable(page);
    for (const [algo, [cost]] of Object.entries(after)) expect(Number(cost)).toBe(Number(table2[algo].cost.mean));
    // Greedy weighs cost at every λ: its place moved, and a line joins the old place to the new.
    expect(after.greedy).not.toEqual(drawn.greedy);
    expect(await page.locator('.pw-landing-move').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('landing-faint-note').isVisible()).toBe(true);
    // The picture kept its place and size, so it moved nothing around it (the headline's own words may wrap
    // differently with other figures; that is not the picture's doing).
    const plotAfter = await box(page, 'landing-plot');
    expect([plotAfter.x, plotAfter.width, plotAfter.height]).toEqual([plotBefore.x, plotBefore.width, plotBefore.height]);

    // Another world is not a move: its models and prompts are others, so nothing of the run before is drawn.
    await page.getByTestId('world').selectOption('t2i');
    await waitForPage(page, `location.hash.includes('world=t2i')`);
    await waitForCurrentResult(page);
    expect(Object.keys(await points(page)).sort()).toEqual(Object.keys(drawn).sort());
    expect(await page.getByTestId('landing-before').count()).toBe(0);
    expect(await page.locator('.pw-landing-move').count()).toBe(0);
    expect(await page.getByTestId('landing-faint-note').isVisible()).toBe(false);
    await page.close();
  });

  for (const [world, unit] of [
    ['sudoku', '$/Mtok'],
    ['logistic', 'cost units'],
  ] as const) {
    it(`every cost on ${world}'s page carries its unit (${unit}): the cards, the table, every chart's cost axis, the decisions, the playground`, async () => {
      const page = await openLab(suite.browser, `#world=${world}&T=300&trials=3`);
      await waitForCurrentResult(page);
      await waitForSweeps(page);
      const text = (testId: string) =>
        page
          .getByTestId(testId)
          .first()
          .evaluate((e) => e.textContent ?? '');
      // The headline's cards: the cost figure's heading.
      for (const role of ['featured', 'baseline', 'oracle']) {
        if ((await page.getByTestId(`summary-${role}`).count()) > 0) expect(await text(`summary-${role}`)).toContain(unit);
      }
      expect(await text('results-table')).toContain(`Cost (${unit})`);
      // Each chart's cost axis: the learning curves, the τ_max trade-off, the λ sweep, the picture beside the sliders.
      const axes = await page.evaluate(() =>
        Object.fromEntries(
          ['card-curves', 'card-tradeoff', 'card-lambda'].map((id) => [
            id,
            [...document.querySelectorAll(`[data-testid="${id}"] svg text`)].map((t) => t.textContent ?? '').filter((t) => /cost/.test(t)),
          ]),
        ),
      );
      expect(axes['card-curves']).toContain(`cost / prompt (${unit})`);
      expect(axes['card-tradeoff']).toContain(`average cost per prompt (${unit})`);
      expect(axes['card-lambda']).toContain(`cost / prompt (${unit})`);
      expect(await text('landing-plot')).toContain(`cost per prompt (${unit})`);
      // "Why this model?": the prompt's cost in its sentence, and the unit of its tables' costs in their key.
      const sentence = await page.getByTestId('decision-panel').locator('.pw-decision-sub').textContent();
      expect(sentence).toMatch(new RegExp(`: cost [\\d.]+ \\(${unit.replace('$', '\\$')}\\), utility`));
      expect(await text('decision-unit')).toBe(`costs in ${unit}`);
      // The playground: its table's cost column and each plan's expected cost.
      await page.getByTestId('card-playground').getByTestId('pg-sample').click();
      await page.getByTestId('pg-oracle').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('pg-table').locator('th').allTextContents()).toContain(`cost (${unit})`);
      for (const plan of ['pg-plan', 'pg-oracle']) expect(await text(plan)).toMatch(new RegExp(`expected cost [\\d.]+ ${unit.replace('$', '\\$')} · success`));
      // Under each sweep, what it shows in words, with the unit (state/lessons.ts; its unit tests hold the numbers).
      expect(await text('lambda-lessons')).toMatch(/PromptWise's cost .*whatever λ is \(Proposition 1\)/);
      expect(await text('tau-lessons')).toMatch(
        new RegExp(`PromptWise: from τ_max = 1 to 16, success [\\d.]+% → [\\d.]+%, cost .* ${unit.replace('$', '\\$')}`),
      );
      await page.close();
    });
  }
});
