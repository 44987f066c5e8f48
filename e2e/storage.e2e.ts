/**
 * Nothing saved in the browser can blank the lab (issue 14, item 1): bad embedding settings in localStorage and
 * junk records in the imports' IndexedDB are dropped with a notice, the rest is kept, and the page works; a
 * panel that fails to draw (here: its code chunk cannot load) shows what failed while the rest of the page runs.
 */

import { describe, expect, it } from 'vitest';
import { ALGO_ROWS, openLab, suiteBrowser, waitForCurrentResult } from './lab';

describe('saved data and failing panels', () => {
  const suite = suiteBrowser();

  it('bad saved settings and junk import records: dropped with a notice, the good import kept, the page works', async () => {
    const page = await openLab(suite.browser, '#world=t2i&algos=promptwise,oracle&T=100&trials=1');
    await waitForCurrentResult(page); // the page has opened its imports store by now
    await page.evaluate(async () => {
      localStorage.setItem('promptwise-embeddings', '{"state":{"settings":{"baseUrl":123,"model":"fixtures/tiny-random-bert"}},"version":0}');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('promptwise-imports');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('imports', 'readwrite');
      const store = tx.objectStore('imports');
      store.put(null, 'meta:x');
      store.put({ id: 'y', importedAt: 1 }, 'meta:y');
      store.put(42, 'whatever');
      store.put({ id: 'ok', name: 'kept import', rows: 1, models: ['a'], importedAt: 2 }, 'meta:ok');
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'PromptWise Lab' }).waitFor();
    await waitForCurrentResult(page);
    await page.getByTestId('notice').nth(1).waitFor();
    const notices = await page.getByTestId('notice').allTextContents();
    expect(notices).toContainEqual(expect.stringContaining('The saved embedding settings had an unreadable baseUrl; using the default for it'));
    expect(notices).toContainEqual(expect.stringContaining('2 stored import records could not be read (meta:x, meta:y); the other imports are listed'));
    // The good parts are kept: the saved model, and the readable import in the scenario picker.
    await page.getByTestId('embed-toggle').click();
    expect(await page.getByTestId('embed-model').inputValue()).toBe('fixtures/tiny-random-bert');
    expect(await page.locator('[data-testid="world"] option[value="import:ok"]').textContent()).toContain('kept import');
    expect(await page.getByTestId('panel-failed').count()).toBe(0);
    await page.close();
  });

  it('a panel whose code cannot load says so, and the rest of the lab works', async () => {
    const block = (route: { abort(): Promise<void> }) => route.abort();
    await suite.browser.context.route(/ImportPanel[^/]*\.js/, block);
    const page = await openLab(suite.browser, '#world=t2i&algos=promptwise,oracle&T=100&trials=1');
    await page.locator('[data-testid="panel-failed"][data-panel="import"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('panel-failed').textContent()).toMatch(/^The import panel failed: /);
    await waitForCurrentResult(page);
    expect(await page.locator(ALGO_ROWS).count()).toBe(2);
    await suite.browser.context.unroute(/ImportPanel[^/]*\.js/, block);
    await page.close();
    suite.browser.errors.length = 0; // the blocked chunk is logged as a console error on purpose
  });
});
