/**
 * The paper's presets (src/engine/lab/presets.ts) in Chromium: every preset's link loads, runs in the worker, and
 * the results table shows the numbers that its documented `npm run sim` command computes (run here in-process,
 * exactly as documented: same arguments, same seed). Then the "Reproduce the paper" menu: choosing a preset sets
 * the whole parameter set (the link becomes the preset's own), shows its command, marks it current, works from
 * the keyboard and at 390 px, and adds no serious accessibility violation.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main';
import { PRESETS, type Preset, presetById, presetCliArgs, presetCommand } from '../src/engine/lab/presets';
import { presetHash } from '../src/state/presets';
import { assertNoExternalRequests, waitForPage } from './browser';
import { hashOf, injectAxe, METRICS, openLab, parseShown, readTable, suiteBrowser, waitForCurrentResult } from './lab';

const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Dataset presets fetch 1–15 MB and featurise every prompt before their run (tens of seconds on two cores). */
const RUN_TIMEOUT_MS = 300_000;

interface CliStat {
  mean: number;
  std: number;
}
interface CliJson {
  results: Record<string, Record<(typeof METRICS)[number], CliStat>>;
}

let jsonDir: string;

/** The preset's documented command, run in-process from the repo root (where `../shared/data/…` resolves). */
async function runPresetCommand(preset: Preset): Promise<CliJson> {
  const json = join(jsonDir, `${preset.id}.json`);
  const errors: string[] = [];
  // One job: this thread, while the page's worker has the other core (the results are the same for any --jobs).
  const code = await main([...presetCliArgs(preset), '--json', json, '--no-timing', '--jobs', '1'], { out() {}, err: (line) => errors.push(line) });
  expect(code, `${presetCommand(preset)} failed: ${errors.join('\n')}`).toBe(0);
  return JSON.parse(readFileSync(json, 'utf8')) as CliJson;
}

/** The results table shows 6 significant digits: equal to the CLI's value within rounding. */
function expectShown(shown: string, exact: number, what: string): void {
  const value = parseShown(shown);
  expect(Number.isFinite(value), `${what}: "${shown}" is not a number`).toBe(true);
  expect(Math.abs(value - exact), `${what}: page ${shown}, CLI ${exact}`).toBeLessThanOrEqual(Math.abs(exact) * 5e-6 + 1e-12);
}

const menuToggle = (page: Page) => page.getByTestId('preset-menu-toggle');
const isMenuOpen = (page: Page) => page.evaluate<boolean>(`document.querySelector('[data-testid="preset-menu"]').open`);

async function openMenu(page: Page): Promise<void> {
  if (!(await isMenuOpen(page))) await menuToggle(page).click();
  await page.getByTestId('preset-t2i').waitFor();
}

describe('the paper’s presets', () => {
  const suite = suiteBrowser();

  beforeAll(async () => {
    jsonDir = mkdtempSync(join(tmpdir(), 'presets-e2e-'));
  });

  afterAll(async () => {
    if (jsonDir) rmSync(jsonDir, { recursive: true, force: true });
  });

  it('the documented commands run from the repository root', () => {
    // `--world ../shared/data/<folder>` in the docs is relative to the repo root; so is this process.
    expect(resolve(process.cwd())).toBe(REPO_ROOT);
  });

  it.each(PRESETS.map((p) => [p.id, p] as const))(
    '%s: the link loads, runs, and shows the numbers of its npm run sim command',
    async (_, preset) => {
      const started = performance.now();
      const hash = presetHash(preset);
      const page = await openLab(suite.browser, hash);
      // The CLI runs here while the page's worker runs the same simulation (two cores: one each).
      const cli = await runPresetCommand(preset);
      const openAndCliSeconds = (performance.now() - started) / 1000;
      await waitForCurrentResult(page, RUN_TIMEOUT_MS);

      // The link was read as it is: no notice, the same hash back, and the menu knows the preset.
      expect(await page.getByTestId('notices').count()).toBe(0);
      expect(await hashOf(page)).toBe(hash);
      expect(await menuToggle(page).getAttribute('data-current')).toBe(preset.id);

      // A schedule from the link (the adaptation presets) is said beside the dataset controls.
      const w = preset.world;
      const schedule = typeof w === 'string' ? [] : [...(w.modelStart ?? []), ...(w.taskStart ?? [])];
      for (const e of schedule) expect(await page.getByTestId('dataset-schedule').textContent()).toContain(`${e.name} at step ${e.step}`);

      const shown = await readTable(page);
      expect(Object.keys(shown)).toEqual(preset.algos);
      expect(Object.keys(cli.results)).toEqual(preset.algos);
      for (const algo of preset.algos) {
        for (const m of METRICS) {
          expectShown(shown[algo][m].mean, cli.results[algo][m].mean, `${preset.id} ${algo} ${m} mean`);
          expectShown(shown[algo][m].std, cli.results[algo][m].std, `${preset.id} ${algo} ${m} std`);
        }
      }
      await page.close();
      expect(suite.browser.errors, 'console errors').toEqual([]);
      console.log(
        `preset ${preset.id}: open + CLI ${openAndCliSeconds.toFixed(1)} s, until the page matched ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
    RUN_TIMEOUT_MS + 60_000,
  );

  it('choosing a preset in the menu sets the whole parameter set and shows its link and command', async () => {
    // Start from settings no preset has (α, τ_exp, seed, T): none of them may survive the choice.
    const page = await openLab(suite.browser, '#world=sudoku&algos=promptwise,random&lambda=0.2&tauMax=2&tauExp=3&alpha=0.5&T=300&trials=2&seed=9');
    expect(await menuToggle(page).getAttribute('data-current')).toBeNull();
    expect(await page.getByTestId('preset-current').count()).toBe(0);
    await openMenu(page);
    expect(await page.getByTestId('preset-none').isVisible()).toBe(true);
    expect(await page.locator('.preset-item').count()).toBe(PRESETS.length);

    // A dataset preset, then a built-in one: the dataset fields of the first must not leak into the second.
    for (const id of ['humaneval', 'round-budget']) {
      const preset = presetById(id)!;
      await page.getByTestId(`preset-${id}`).click();
      await waitForPage(page, `location.hash === ${JSON.stringify(presetHash(preset))}`);
      expect(await page.getByTestId('preset-command').textContent()).toBe(presetCommand(preset));
      expect(await page.getByTestId('preset-link').getAttribute('href')).toBe(presetHash(preset));
      expect(await page.getByTestId('preset-details').getAttribute('data-preset')).toBe(id);
      expect(await page.getByTestId('preset-paper').textContent()).toBe(preset.paper);
      expect(await page.getByTestId('preset-focus').getAttribute('data-focus')).toBe(preset.focus);
      expect(await menuToggle(page).getAttribute('data-current')).toBe(id);
      expect(await page.getByTestId(`preset-${id}`).getAttribute('aria-current')).toBe('true');
      expect(await page.getByTestId('preset-current').textContent()).toContain(preset.title);
    }
    // The controls show the preset's values.
    expect(await page.getByTestId('world').inputValue()).toBe('two-models');

    // Changing a parameter leaves the preset: no longer current.
    await page.evaluate(`location.hash = ${JSON.stringify(presetHash(presetById('round-budget')!).replace('seed=0', 'seed=1'))}`);
    await waitForPage(page, `document.querySelector('[data-testid="preset-menu-toggle"]').dataset.current === undefined`);
    expect(await page.getByTestId('preset-round-budget').getAttribute('aria-current')).toBeNull();

    // "Show me" closes the menu and brings the preset's view into focus.
    await page.getByTestId('preset-round-budget').click();
    await page.getByTestId('preset-show-card').click();
    expect(await isMenuOpen(page)).toBe(false);
    await waitForPage(page, `document.activeElement?.dataset.testid === 'card-tradeoff'`);
    expect(await page.getByTestId('card-tradeoff').getAttribute('data-highlight')).toBe('preset');

    // The copy button copies the command (or selects it where the clipboard is refused).
    await suite.browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openMenu(page);
    await page.getByTestId('preset-copy-command').click();
    await page.getByTestId('preset-copy-command').getByText('Copied ✓').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(presetCommand(presetById('round-budget')!));

    await waitForCurrentResult(page);
    await page.close();
    expect(suite.browser.errors, 'console errors').toEqual([]);
    assertNoExternalRequests(suite.browser);
  });

  it('the menu works from the keyboard', async () => {
    const page = await openLab(suite.browser, '#world=sudoku&algos=promptwise,random&T=300&trials=2&seed=9');
    await menuToggle(page).focus();
    await page.keyboard.press('Enter');
    expect(await isMenuOpen(page)).toBe(true);
    // The first preset follows the toggle in the tab order; Enter applies it.
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | undefined>('document.activeElement?.dataset.testid')).toBe(`preset-${PRESETS[0].id}`);
    await page.keyboard.press('Enter');
    await waitForPage(page, `location.hash === ${JSON.stringify(presetHash(PRESETS[0]))}`);
    // Escape closes the menu and gives the focus back to its toggle.
    await page.keyboard.press('Escape');
    expect(await isMenuOpen(page)).toBe(false);
    expect(await page.evaluate<string | undefined>('document.activeElement?.dataset.testid')).toBe('preset-menu-toggle');
    await waitForCurrentResult(page);
    await page.close();
    expect(suite.browser.errors, 'console errors').toEqual([]);
  });

  it('at 390 px the open menu stays inside the viewport and adds no serious accessibility violation', async () => {
    const width = 390;
    const page = await openLab(suite.browser, presetHash(presetById('t2i')!), { width, height: 844 });
    await openMenu(page);
    // Two choices in a row: in one column the details scroll into view on each (and the page must survive it).
    for (const id of ['tau-10', 'tau-1']) {
      await page.getByTestId(`preset-${id}`).click();
      await waitForPage(page, `document.querySelector('[data-testid="preset-details"]')?.dataset.preset === ${JSON.stringify(id)}`);
    }
    expect(await page.getByTestId('preset-details').isVisible()).toBe(true);
    for (const testId of ['preset-details', 'preset-t2i', 'preset-command', 'preset-copy-command']) {
      const box = (await page.getByTestId(testId).boundingBox())!;
      expect(box.x, `${testId} left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${testId} right edge`).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate<number>('document.documentElement.scrollWidth'), 'no sideways scroll').toBeLessThanOrEqual(width);

    await injectAxe(page);
    const violations = await page.evaluate<{ id: string; impact: string | null; nodes: number }[]>(
      `axe.run(document.querySelector('[data-testid="preset-menu"]'), { resultTypes: ['violations'] })
         .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })))`,
    );
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await waitForCurrentResult(page);
    await page.close();
    expect(suite.browser.errors, 'console errors').toEqual([]);
  });
});
