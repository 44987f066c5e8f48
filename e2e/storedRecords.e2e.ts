/**
 * Every record the lab keeps in IndexedDB is checked on the way back (issue 42, items 4 and 7), in Chromium with the
 * real workers:
 *  - cached embeddings rewritten as NaN or as 1-element vectors: the run of the link still runs, the damaged ones
 *    are computed again, and the page says how many;
 *  - a stored import whose dataset record is a string: the run says the import is damaged, the list marks it and
 *    its Delete removes it;
 *  - the imports' database without its object store: rebuilt with a notice, and an import works at once;
 *  - a full disk (a quota of a few bytes): the import says that the storage is full, not the browser's raw error.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForPage } from './browser';
import { openLab, readTable, suiteBrowser, waitForCurrentResult } from './lab';

const EMBEDDED_RUN =
  '#world=data:humaneval-paper&features=embedding&dim=8&costs=prices&embed=fixtures%2Ftiny-random-bert&algos=promptwise,oracle&T=200&trials=1';
const SMALL_RUN = '#world=t2i&algos=promptwise,oracle&T=100&trials=1';
const CSV = 'id,text,task,small,large\nq1,one,math,0,1\nq2,two,code,1,1\nq3,three,math,0,1\n';

/** Runs `body` on every record of `store` in database `db` (inside the page): `body(key, value)` returns the new value. */
async function rewriteRecords(page: Page, db: string, store: string, body: string): Promise<number> {
  return page.evaluate(
    async ([dbName, storeName, fn]) => {
      const rewrite = new Function('key', 'value', fn) as (key: IDBValidKey, value: unknown) => unknown;
      const opened = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = opened.transaction(storeName, 'readwrite');
      const objects = tx.objectStore(storeName);
      let n = 0;
      await new Promise<void>((resolve, reject) => {
        const cursor = objects.openCursor();
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (!c) return resolve();
          const next = rewrite(c.key, c.value);
          if (next !== undefined) {
            c.update(next);
            n++;
          }
          c.continue();
        };
        cursor.onerror = () => reject(cursor.error);
      });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      opened.close();
      return n;
    },
    [db, store, body] as const,
  );
}

async function notices(page: Page): Promise<string[]> {
  return page.getByTestId('notice').allTextContents();
}

async function importCsv(page: Page, name: string, text = CSV): Promise<void> {
  await page.getByTestId('import-file').setInputFiles([{ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') }]);
  await waitForPage(page, `['preview', 'error'].includes(document.querySelector('[data-testid="import-panel"]')?.dataset.stage)`);
  await page.getByTestId('import-price-small').fill('1');
  await page.getByTestId('import-price-large').fill('5');
  await page.getByTestId('import-run').click();
  await waitForPage(page, `['accepted', 'error'].includes(document.querySelector('[data-testid="import-panel"]')?.dataset.stage)`, { timeout: 30_000 });
}

async function importMessage(page: Page): Promise<string> {
  return (await page.getByTestId('import-error-message').count()) ? ((await page.getByTestId('import-error-message').textContent()) ?? '') : '';
}

describe('records read back from IndexedDB are checked (issue 42, item 4)', () => {
  const suite = suiteBrowser();

  it('cached embeddings rewritten as NaN or 1-element vectors: the link still runs, with the same numbers, and says what it recomputed', async () => {
    // The fixture's weights, served with the lab (no request may leave the machine): the settings a user would pick.
    const page = await openLab(suite.browser, SMALL_RUN);
    await page.getByTestId('embed-toggle').click();
    await page.getByTestId('embed-preset-local').click();
    await waitForCurrentResult(page);
    await page.evaluate((hash) => {
      location.hash = hash;
    }, EMBEDDED_RUN);
    await waitForCurrentResult(page, 180_000);
    const clean = await readTable(page);
    // Every cached vector damaged: the first half NaN, the rest one number long.
    const damaged = await rewriteRecords(
      page,
      'promptwise-embeddings',
      'vectors',
      'return value instanceof Float32Array ? (value[0] > 0 ? new Float32Array(value.length).fill(NaN) : new Float32Array([0.5])) : undefined;',
    );
    expect(damaged).toBe(328);
    await page.reload();
    await waitForCurrentResult(page, 180_000);
    expect(await readTable(page), 'the same embeddings, computed again').toEqual(clean);
    expect(await notices(page)).toContainEqual(expect.stringContaining('328 cached embeddings were damaged'));
    expect(suite.browser.errors, 'console errors').toEqual([]);
    await page.close();
  });

  it('a stored import whose dataset is a string: the run says it is damaged, the list marks it, Delete removes it', async () => {
    const page = await openLab(suite.browser, SMALL_RUN);
    await waitForCurrentResult(page);
    await importCsv(page, 'damaged.csv');
    expect(await importMessage(page)).toBe('');
    await waitForCurrentResult(page);
    expect(await rewriteRecords(page, 'promptwise-imports', 'imports', "return String(key).startsWith('data:') ? 'not a dataset' : undefined;")).toBe(1);
    await page.reload();
    await page.locator('[data-testid="run-status"][data-status="error"]').waitFor({ timeout: 30_000 });
    const status = (await page.getByTestId('run-status').textContent()) ?? '';
    expect(status).toMatch(/the stored import "damaged" is damaged: the record is not what an import holds \(got "not a dataset"\)\. Delete it/);
    expect(status).not.toMatch(/is not iterable|Cannot read/);
    await page.getByTestId('import-damaged').waitFor();
    expect(await page.getByTestId('import-damaged').textContent()).toMatch(/^Damaged: the record is not what an import holds/);
    await page.getByTestId('import-delete').click();
    await page.getByTestId('imports-empty').waitFor();
    expect(suite.browser.errors, 'console errors').toEqual([]);
    await page.close();
  });
});

describe('a broken database (issue 42, item 7)', () => {
  const suite = suiteBrowser();

  it('the imports database without its object store: rebuilt with a notice, and an import works at once', async () => {
    const page = await openLab(suite.browser, SMALL_RUN);
    await waitForCurrentResult(page);
    // The store dropped in an upgrade, as a partial clearing of site data or an old page could leave it.
    await page.evaluate(async () => {
      const version = (await indexedDB.databases()).find((d) => d.name === 'promptwise-imports')?.version ?? 1;
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('promptwise-imports', version + 1);
        open.onupgradeneeded = () => {
          if (open.result.objectStoreNames.contains('imports')) open.result.deleteObjectStore('imports');
        };
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(open.error);
        open.onblocked = () => reject(new Error('blocked'));
      });
    });
    await page.reload();
    await waitForCurrentResult(page);
    await waitForPage(
      page,
      `[...document.querySelectorAll('[data-testid="notice"]')].some((n) => n.textContent.includes('database of imports had lost its table'))`,
    );
    await page.getByTestId('imports-empty').waitFor();
    await importCsv(page, 'after-repair.csv');
    expect(await importMessage(page)).toBe('');
    expect(await page.getByTestId('import-item').first().textContent()).toContain('after-repair');
    expect(suite.browser.errors, 'console errors').toEqual([]);
    await page.close();
  });
});

describe('a full disk (issue 42, item 7)', () => {
  // A browser of its own: in one that has stored imports before, Chromium let the write through the overridden quota.
  const suite = suiteBrowser();

  it('a full disk: the import says the storage is full, and what to do, not the browser’s raw error', async () => {
    const page = await openLab(suite.browser, SMALL_RUN);
    await waitForCurrentResult(page);
    const cdp = await suite.browser.context.newCDPSession(page);
    const origin = new URL(page.url()).origin;
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 });
    try {
      // 20,000 rows (about 0.9 MB): far past the quota of 1 byte (Chromium lets a write of a few hundred bytes through).
      const rows = Array.from({ length: 20_000 }, (_, i) => `q${i},prompt number ${i},math,${i % 2},1`);
      await importCsv(page, 'no-room.csv', `id,text,task,small,large\n${rows.join('\n')}\n`);
      expect(await importMessage(page)).toBe(
        "the browser could not store the dataset: this site's storage is full (the disk, or the share of it the browser allows this site). Free disk space or delete imports you no longer need, then import again",
      );
    } finally {
      await cdp.send('Storage.overrideQuotaForOrigin', { origin });
      await cdp.detach();
    }
    expect(await page.getByTestId('import-item').allTextContents()).not.toContainEqual(expect.stringContaining('no-room'));
    await page.close();
  });
});
