/**
 * The Sweep surface card in Chromium (issue 46, item 5): a sweep merged by the CLI, loaded by the card's file input,
 * shows each algorithm's λ × τ_max heatmap; a cell holds the CLI's number, and its link opens the same run, whose
 * results table shows the cell's numbers.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main';
import type { SweepFile } from '../src/engine/sweep/merge';
import { METRICS, openLab, parseShown, readTable, suiteBrowser, waitForCurrentResult } from './lab';

const dir = mkdtempSync(join(tmpdir(), 'pw-surface-e2e-'));

describe('the sweep surface', () => {
  const suite = suiteBrowser();

  it('loads a merged sweep, shows a cell as the CLI computed it, and its link opens the same run', async () => {
    const sweep = join(dir, 'sweep.json');
    writeFileSync(
      sweep,
      JSON.stringify({
        worlds: ['t2i'],
        axes: { lambda: [0.01, 0.1], tauMax: [1, 3] },
        fixed: { T: 200, trials: 2, algos: ['promptwise', 'greedy-ts', 'linucb-ts', 'oracle'] },
      }),
    );
    const merged = join(dir, 'merged.json');
    for (const i of [0, 1])
      expect(await main(['sweep', sweep, '--shard', `${i}/2`, '--out', join(dir, 'shards'), '--jobs', '1'], { out() {}, err() {} })).toBe(0);
    expect(await main(['merge', join(dir, 'shards'), '--json', merged], { out() {}, err() {} })).toBe(0);
    const file = JSON.parse(readFileSync(merged, 'utf8')) as SweepFile;

    const page = await openLab(suite.browser, '#world=sudoku&algos=promptwise&T=100&trials=1');
    const card = page.getByTestId('card-sweep-surface');
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('sweep-file').setInputFiles({ name: 'merged.json', mimeType: 'application/json', buffer: readFileSync(merged) });
    await card.locator('[data-testid="sweep-surface"][data-loaded="true"]').waitFor();
    for (const algo of ['promptwise', 'greedy-ts', 'linucb-ts', 'oracle']) await card.getByTestId(`surface-${algo}`).waitFor();

    // τ_max = 3 (row 1), λ = 0.1 (column 1): the cell the CLI ran with those settings.
    const cell = file.cells.find((c) => c.settings.lambda === 0.1 && c.settings.tauMax === 3)!;
    const shown = card.getByTestId('surface-greedy-ts-1-1');
    expect(Number(await shown.getAttribute('data-mean'))).toBe(cell.results['greedy-ts'].utility.mean);
    await card.getByTestId('surface-metric').selectOption('cost');
    expect(Number(await shown.getAttribute('data-mean'))).toBe(cell.results['greedy-ts'].cost.mean);
    // On the sudoku page, the card names the sweep's world, and its costs' unit (t2i: the models' set prices).
    expect(await card.getByTestId('sweep-world').textContent()).toBe('t2i');
    expect(await card.getByTestId('sweep-info').textContent()).toContain('cost per prompt ($/Mtok) from');

    // Its link runs that configuration: the results table shows the cell's numbers.
    await shown.locator('a').click();
    await waitForCurrentResult(page);
    const table = await readTable(page);
    expect(Object.keys(table).sort()).toEqual(['greedy-ts', 'linucb-ts', 'oracle', 'promptwise']);
    for (const algo of Object.keys(table)) {
      for (const m of METRICS) {
        const exact = cell.results[algo][m].mean;
        expect(Math.abs(parseShown(table[algo][m].mean) - exact), `${algo} ${m}`).toBeLessThanOrEqual(Math.abs(exact) * 5e-6 + 1e-12);
      }
    }

    // The loaded sweep survives a reload; a file that is not a merged sweep is one message.
    await page.reload();
    await page.getByTestId('card-sweep-surface').scrollIntoViewIfNeeded();
    await page.locator('[data-testid="sweep-surface"][data-loaded="true"]').waitFor();
    await page
      .getByTestId('sweep-file')
      .setInputFiles({ name: 'shard.json', mimeType: 'application/json', buffer: readFileSync(join(dir, 'shards', 'shard-0-of-2.json')) });
    expect(await page.getByTestId('sweep-error').textContent()).toBe(
      'shard.json: a single shard: merge the shards first (`npm run sim -- merge DIR --json FILE`)',
    );
    // A file kept from an earlier engine (version 1, whose draws depended on τ_max) is, after a reload, the card's
    // message, not a surface whose links give other numbers, nor nothing at all.
    await page.evaluate(
      (text) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('promptwise-sweep');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('file', 'readwrite');
            tx.objectStore('file').put({ text, name: 'old.json' }, 'loaded');
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      readFileSync(merged, 'utf8').replace('"version": 2', '"version": 1'),
    );
    await page.reload();
    await page.getByTestId('card-sweep-surface').scrollIntoViewIfNeeded();
    await page.getByTestId('sweep-error').waitFor();
    expect(await page.getByTestId('sweep-error').textContent()).toMatch(/^old\.json: written by an earlier engine, whose draws at τ_max ≠ 5 differ/);
    expect(await page.locator('[data-testid="sweep-surface"][data-loaded="true"]').count()).toBe(0);
    expect(suite.browser.errors).toEqual([]);
    await page.close();
  });
  it('runs a small grid in the page’s workers into the CLI’s file: the CLI runs the same sweep to the same numbers', async () => {
    const page = await openLab(suite.browser, '#world=t2i&algos=promptwise,greedy&T=150&trials=2&seed=3');
    const card = page.getByTestId('card-sweep-surface');
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('grid-lambdas').fill('0.01, 0.1');
    await card.getByTestId('grid-taus').fill('3, 1');
    await card.getByTestId('grid-run').click();
    await card.getByTestId('surface-greedy-1-1').waitFor({ timeout: 60_000 });
    expect(await card.getByTestId('sweep-world').textContent()).toBe('t2i');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('sweep-download').click()]);
    const lab = JSON.parse(readFileSync(await download.path(), 'utf8')) as SweepFile;
    expect(lab.spec).toEqual({
      worlds: ['t2i'],
      axes: [
        ['lambda', [0.01, 0.1]],
        ['tauMax', [1, 3]],
      ],
      fixed: { T: 150, trials: 2, seed: 3, tauExp: 1, algos: ['promptwise', 'greedy'] },
    });
    // The same sweep as a file for the CLI: the same hash, the same cells, the same numbers.
    const sweep = join(dir, 'page-sweep.json');
    writeFileSync(sweep, JSON.stringify({ worlds: lab.spec.worlds, axes: Object.fromEntries(lab.spec.axes), fixed: lab.spec.fixed }));
    const out = join(dir, 'page-cli.json');
    expect(await main(['sweep', sweep, '--json', out, '--jobs', '1'], { out() {}, err() {} })).toBe(0);
    const cli = JSON.parse(readFileSync(out, 'utf8')) as SweepFile;
    expect(lab.sweep).toBe(cli.sweep);
    expect(lab.cells.map(({ results: _, ...c }) => c)).toEqual(cli.cells.map(({ results: _, ...c }) => c));
    for (const [i, cell] of cli.cells.entries()) {
      for (const [algo, r] of Object.entries(cell.results)) {
        for (const m of METRICS) {
          const [a, b] = [lab.cells[i].results[algo][m].mean, r[m].mean];
          expect(Math.abs(a - b), `cell ${i} ${algo} ${m}`).toBeLessThanOrEqual(Math.abs(b) * 1e-9 + 1e-12);
        }
      }
    }
    // On another world the grid stays, and still names its own.
    await page.getByTestId('world').selectOption('logistic');
    await page.waitForFunction(() => location.hash.includes('world=logistic'));
    expect(await card.getByTestId('sweep-world').textContent()).toBe('t2i');
    expect(suite.browser.errors).toEqual([]);
    await page.close();
  });
});
