/**
 * Recorded datasets in the browser: every folder of ../shared/data (served by vite/sharedFiles.ts) runs
 * PromptWise and every baseline in the worker, and the page shows the numbers Node computes for the same
 * world, parameters and seed. The featurizer ablation gives one result per featurizer, embeddings included
 * (the tiny fixture model, served locally, through the real embedding worker).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { datasetWorldOf, folderSource } from '../src/engine/lab/datasetSource';
import { runLab } from '../src/engine/lab/run';
import { labConfigOf } from '../src/state/lab/config';
import { DEFAULT_PARAMS, encodeHash, type LabParams } from '../src/state/urlCodec';
import { assertNoExternalRequests, waitForPage } from './browser';
import { METRICS, openLab, parseShown, readTable, suiteBrowser, waitForCurrentResult } from './lab';

const SHARED_DATA = new URL('../../shared/data/', import.meta.url);
const FOLDERS = ['humaneval-paper', 'routeprofile-ulab', 'llmrouter-ulab-dc', 'mmlu-pro-tigerlab'];

/** The results table shows 6 significant digits. */
function expectShown(shown: string, exact: number, what: string): void {
  const value = parseShown(shown);
  expect(Math.abs(value - exact), `${what}: shown ${shown}, Node ${exact}`).toBeLessThanOrEqual(Math.abs(exact) * 5e-6 + 1e-12);
}

function nodeResult(folder: string, params: LabParams) {
  const read = (file: string) => readFileSync(new URL(`${folder}/${file}`, SHARED_DATA), 'utf8');
  const source = folderSource(folder, read('models.json'), read('prompts.jsonl'));
  const config = labConfigOf(params);
  return runLab(datasetWorldOf(source, config.dataset!), config);
}

describe('recorded datasets in the lab', () => {
  const suite = suiteBrowser();

  it.each(FOLDERS)('%s: every algorithm runs in the worker and matches Node', async (folder) => {
    const params: LabParams = {
      ...DEFAULT_PARAMS,
      world: `data:${folder}`,
      features: 'hashed-ngrams',
      dim: 16,
      costs: folder === 'humaneval-paper' ? 'prices' : 'per-query',
      T: 200,
      trials: 1,
      lambda: 0.001,
    };
    const page = await openLab(suite.browser, encodeHash({ params, present: false, step: null }));
    await waitForCurrentResult(page, 180_000);
    const shown = await readTable(page);
    const expected = nodeResult(folder, params).summary;
    expect(Object.keys(shown).sort()).toEqual([...params.algos].sort());
    for (const algo of params.algos) {
      for (const m of METRICS) expectShown(shown[algo][m].mean, expected.results[algo][m].mean, `${folder} ${algo} ${m}`);
    }
    expect(await page.getByTestId('dataset-info').textContent()).toMatch(/prompts · \d+ models/);
    await page.close();
    expect(suite.browser.errors, 'console errors').toEqual([]);
  });

  it('the dimension field takes d as typed: a digit on the way to a valid d is marked, not thrown away', async () => {
    const page = await openLab(suite.browser, '#world=data:humaneval-paper&features=hashed-ngrams&dim=16&costs=prices&algos=promptwise,oracle&T=100&trials=1');
    await waitForCurrentResult(page);
    const dim = page.getByTestId('dim');
    await dim.fill('');
    await dim.pressSequentially('1'); // under the minimum (2): marked and not run, but kept to type on
    expect(await dim.inputValue()).toBe('1');
    expect(await dim.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate<string>('location.hash')).toContain('dim=16');
    await dim.pressSequentially('28');
    await waitForPage(page, `location.hash.includes('dim=128')`);
    expect(await dim.getAttribute('aria-invalid')).toBe('false');
    await waitForCurrentResult(page);
    expect(await page.getByTestId('context-info').textContent()).toContain('dimension 128');
    await page.close();
  });

  it('a task ticked on MMLU-Pro, "computer science" (a name with a space), stays in the link and after a reload', async () => {
    const page = await openLab(suite.browser, '#world=data:mmlu-pro-tigerlab&algos=promptwise,oracle&T=100&trials=1');
    await waitForCurrentResult(page);
    const box = page.getByTestId('dataset-tasks').getByLabel('computer science');
    await box.check();
    await waitForPage(page, `location.hash.includes('tasks=computer%20science')`);
    await page.reload();
    await waitForCurrentResult(page);
    expect(await page.getByTestId('dataset-tasks').getByLabel('computer science').isChecked()).toBe(true);
    expect(await page.getByTestId('notice').count()).toBe(0);
    await page.close();
  });

  it('runs a dataset with embedding features: the page embeds every prompt, then the worker projects and runs', async () => {
    const page = await openLab(suite.browser, '#world=data:humaneval-paper&features=task-onehot&costs=prices&algos=promptwise,oracle&T=200&trials=1');
    await page.getByTestId('embed-toggle').click();
    await page.getByTestId('embed-preset-local').click();
    await waitForCurrentResult(page);
    await page.getByTestId('features').selectOption('embedding');
    await page.getByTestId('dim').fill('8');
    await waitForPage(page, `location.hash.includes('features=embedding') && location.hash.includes('dim=8')`);
    await waitForCurrentResult(page, 180_000);
    const shown = await readTable(page);
    expect(Object.keys(shown).sort()).toEqual(['oracle', 'promptwise']);
    expect(await page.getByTestId('context-info').textContent()).toMatch(/dimension 8; PCA kept [\d.]+% of the embeddings' variance/);
    // The embedding worker ran (or served its cache) for the dataset's prompts, on the port the simulation
    // worker embeds through; the page heard how it ended.
    expect(await page.getByTestId('embed-status').getAttribute('data-status')).toBe('ready');
    expect(await page.getByTestId('embed-report').textContent()).toMatch(/^328 texts · \d+ dimensions/);
    // The link carries the embedding model (issue 41, item 8): with the settings moved to another model, the link
    // puts the fixture back and gives the same run.
    const link = await page.evaluate<string>('location.hash');
    expect(link).toContain('embed=fixtures%2Ftiny-random-bert');
    // Away from embeddings (so nothing loads a model), the settings go to the hub's default model ...
    await page.getByTestId('features').selectOption('task-onehot');
    await waitForCurrentResult(page);
    await page.getByTestId('embed-preset-hub').click();
    await waitForPage(page, `!location.hash.includes('embed=')`);
    expect(await page.getByTestId('embed-model').inputValue()).toBe('Xenova/all-MiniLM-L6-v2');
    // ... with the local weights' base URL kept (no request may leave the machine); the model comes from the link.
    await page.getByTestId('embed-base').fill('/shared/models/');
    await page.evaluate((h) => {
      location.hash = h;
    }, link);
    await waitForPage(page, `document.querySelector('[data-testid="embed-model"]')?.value === 'fixtures/tiny-random-bert'`);
    await waitForCurrentResult(page, 180_000);
    expect(await readTable(page)).toEqual(shown);
    expect(suite.browser.errors, 'console errors').toEqual([]);
    await page.close();
  });

  it('Cancel stops a running embedding of a run, and the next run embeds again', async () => {
    const page = await openLab(suite.browser, '#world=data:humaneval-paper&features=task-onehot&costs=prices&algos=promptwise,oracle&T=200&trials=1');
    await page.getByTestId('embed-toggle').click();
    await page.getByTestId('embed-preset-local').click();
    await waitForCurrentResult(page);
    // The embedding worker's cache (IndexedDB): it grows by ~300 vectors a second while it embeds.
    // Never opened before the worker has made it: opening would create it without its store.
    const cached = () =>
      page.evaluate(async () => {
        if (!(await indexedDB.databases()).some((d) => d.name === 'promptwise-embeddings')) return 0;
        return new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('promptwise-embeddings');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('vectors')) {
              db.close();
              resolve(0);
              return;
            }
            const count = db.transaction('vectors').objectStore('vectors').count();
            count.onsuccess = () => {
              resolve(count.result);
              db.close();
            };
          };
        });
      });
    // 9,575 prompts: the embedding takes long enough to be caught computing.
    await page.evaluate(() => {
      location.hash =
        '#world=data:mmlu-pro-tigerlab&features=embedding&dim=8&costs=prices&embed=fixtures%2Ftiny-random-bert&algos=promptwise,oracle&T=200&trials=1';
    });
    await page.locator('[data-testid="embed-status"][data-status="loading"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('embed-progress').waitFor();
    await page.getByTestId('cancel').click();
    await page.locator('[data-testid="run-status"][data-status="cancelled"]').waitFor({ timeout: 10_000 });
    // The embedding stopped with its run: the status leaves "loading" and no report of a finished call appears.
    await waitForPage(page, `document.querySelector('[data-testid="embed-status"]')?.getAttribute('data-status') !== 'loading'`, { timeout: 10_000 });
    expect(await page.getByTestId('embed-report').count()).toBe(0); // this page has finished no embedding yet
    // It stopped computing: uncancelled, it writes ~300 vectors a second once the model is loaded (measured);
    // cancelled, at most the batch (32) that was computing when Cancel came. Counted from the cancel, not from
    // before the run: on a loaded machine Cancel can come after the first batches were written (a full suite.browser-test run saw 288).
    const atCancel = await cached();
    await page.waitForTimeout(8000);
    expect((await cached()) - atCancel).toBeLessThanOrEqual(32);
    // The embedding worker takes the next call: a smaller dataset runs to the end.
    await page.evaluate(() => {
      location.hash =
        '#world=data:humaneval-paper&features=embedding&dim=8&costs=prices&embed=fixtures%2Ftiny-random-bert&algos=promptwise,oracle&T=200&trials=1';
    });
    await waitForCurrentResult(page, 180_000);
    expect(await page.getByTestId('embed-report').textContent()).toMatch(/^328 texts/);
    expect(suite.browser.errors, 'console errors').toEqual([]);
    await page.close();
  });

  it('the featurizer ablation gives one result per featurizer, embeddings from the local fixture included', async () => {
    const page: Page = await openLab(
      suite.browser,
      '#world=data:humaneval-paper&features=task-onehot&costs=prices&algos=promptwise,greedy,oracle&T=200&trials=1',
    );
    // Embeddings from the tiny fixture served with the lab (no network): the settings a user would pick.
    await page.getByTestId('embed-toggle').click();
    await page.getByTestId('embed-preset-local').click();
    await page.getByTestId('ablation-run').click();
    await waitForPage(
      page,
      `document.querySelector('[data-testid="ablation"]')?.dataset.status === 'done' || document.querySelector('[data-testid="ablation"]')?.dataset.status === 'error'`,
      {
        timeout: 240_000,
      },
    );
    expect(
      await page.getByTestId('ablation').getAttribute('data-status'),
      (await page.getByTestId('ablation-error').count()) ? ((await page.getByTestId('ablation-error').textContent()) ?? '') : '',
    ).toBe('done');
    for (const f of ['task-onehot', 'hashed-ngrams', 'embedding']) {
      for (const algo of ['promptwise', 'greedy', 'oracle']) {
        await page.getByTestId(`ablation-row-${f}-${algo}`).waitFor();
      }
    }
    expect(await page.locator('[data-testid^="ablation-row-"]').count()).toBe(9);
    // Its costs carry their unit: the models' set prices ($/Mtok).
    expect(await page.getByTestId('ablation').locator('th').allTextContents()).toContain('cost ($/Mtok)');
    // The embedding row says what PCA kept.
    expect(await page.getByTestId('ablation-row-embedding-promptwise').textContent()).toMatch(/d = 16, [\d.]+% variance/);
    // The oracle does not depend on the contexts: the same numbers for every featurizer.
    const oracleUtility = await Promise.all(
      ['task-onehot', 'hashed-ngrams', 'embedding'].map(
        async (f) => (await page.getByTestId(`ablation-row-${f}-oracle`).locator('td').nth(1).textContent()) ?? '',
      ),
    );
    expect(new Set(oracleUtility).size).toBe(1);
    expect(suite.browser.errors, 'console errors').toEqual([]);
    assertNoExternalRequests(suite.browser);
  });

  it('an ablation whose embedding arm cannot run (d = 64 above the fixture’s 32 dimensions) names it and keeps the other featurizers’ results', async () => {
    const page: Page = await openLab(
      suite.browser,
      '#world=data:humaneval-paper&features=hashed-ngrams&dim=64&costs=prices&algos=promptwise,oracle&T=100&trials=1',
    );
    await page.getByTestId('embed-toggle').click();
    await page.getByTestId('embed-preset-local').click();
    await page.getByTestId('ablation-run').click();
    await waitForPage(page, `['done', 'error'].includes(document.querySelector('[data-testid="ablation"]')?.dataset.status)`, { timeout: 240_000 });
    expect(await page.getByTestId('ablation').getAttribute('data-status')).toBe('done');
    expect(await page.getByTestId('ablation-failed-embedding').textContent()).toMatch(
      /^Embedding \(PCA\) could not run: .*must be at most the embedding's dimension 32 \(got 64\)/,
    );
    for (const f of ['task-onehot', 'hashed-ngrams']) {
      for (const algo of ['promptwise', 'oracle']) await page.getByTestId(`ablation-row-${f}-${algo}`).waitFor();
    }
    expect(await page.locator('[data-testid^="ablation-row-embedding-"]').count()).toBe(0);
    await page.close();
  });
});
