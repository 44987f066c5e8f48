/**
 * The lab's state, controls and page in Chromium: the λ slider drives the link and the numbers and a reload
 * of that link reproduces them; an invalid link shows notices and still works; the CSV export equals the
 * table; Space and → drive playback; presentation mode hides the controls; charts export as SVG and PNG; the trace
 * keeps the last one on show, true to its own λ, while the next one computes.
 */
import { readFileSync } from 'node:fs';
import type { Download } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { parseCsv } from '../src/engine/import/csv';
import { CSV_COLUMNS } from '../src/state/exportData';
import { LAB_NUMBER_KEYS, LIMITS } from '../src/state/urlCodec';
import { waitForPage } from './browser';
import {
  ALGO_ROWS,
  focusPage,
  hashOf,
  METRICS,
  openLab,
  readSummary,
  readTable,
  suiteBrowser,
  testIds,
  waitForCurrentResult,
  waitForLink,
  waitForSweeps,
} from './lab';

/** Small runs: four algorithms, 3 trials of 300 prompts. */
const SMALL = '#world=sudoku&algos=promptwise,greedy,highest-cost,oracle&T=300&trials=3&seed=0';

describe('lab page', () => {
  const suite = suiteBrowser({ viewport: { width: 1280, height: 800 } });

  it('(a) the λ slider changes the link and the results; reloading the link gives the same numbers', async () => {
    const page = await openLab(suite.browser, SMALL);
    await waitForCurrentResult(page);
    const before = { summary: await readSummary(page), table: await readTable(page) };
    expect(before.summary.headline).toMatch(/^PromptWise: [\d.]+% success at /);
    const historyLength = await page.evaluate<number>('history.length');

    const slider = page.getByTestId('lambda');
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight'); // 0.01 → 0.012 → … → 0.03
    expect(await page.getByTestId('lambda-value').textContent()).toBe('0.03');
    await waitForLink(page, 'lambda=0.03&');
    // replaceState: sliding did not add history entries.
    expect(await page.evaluate<number>('history.length')).toBe(historyLength);

    await waitForCurrentResult(page);
    const after = { summary: await readSummary(page), table: await readTable(page) };
    expect(after.summary).not.toEqual(before.summary);
    expect(after.table.promptwise.utility.mean).not.toBe(before.table.promptwise.utility.mean);
    // Always asking the dearest model costs the same at any λ; its utility falls by 0.02 × its cost.
    expect(after.table['highest-cost'].cost.mean).toBe(before.table['highest-cost'].cost.mean);

    const url = page.url();
    expect(url).toContain('lambda=0.03');
    await page.reload();
    await waitForCurrentResult(page);
    expect(page.url()).toBe(url);
    expect(await readSummary(page)).toEqual(after.summary);
    expect(await readTable(page)).toEqual(after.table);

    // The same link in a new tab (no shared state but the link) gives the same numbers too.
    const other = await openLab(suite.browser, new URL(url).hash);
    await waitForCurrentResult(other);
    expect(await readTable(other)).toEqual(after.table);
    await other.close();
    await page.close();
  });

  it('(b) an invalid link shows what was wrong, uses the defaults for it, and the page works', async () => {
    const page = await openLab(suite.browser, '#tauMax=-3&lambda=abc&T=200&trials=2');
    const notices = page.getByTestId('notices');
    await notices.waitFor();
    expect(await notices.isVisible()).toBe(true);
    const texts = await page.getByTestId('notice').allTextContents();
    expect(texts.some((t) => t.includes('tauMax=-3 is not valid (an integer 1–16); using 5'))).toBe(true);
    expect(texts.some((t) => t.includes('lambda=abc is not valid (a number 0.0001–1); using 0.01'))).toBe(true);

    // The link is rewritten with the values in use, and the valid fields kept.
    const hash = await hashOf(page);
    expect(hash).toContain('tauMax=5');
    expect(hash).toContain('lambda=0.01&');
    expect(hash).toContain('T=200&trials=2');
    expect(await page.getByTestId('tau-max-value').textContent()).toBe('5');

    await waitForCurrentResult(page);
    expect(await page.locator(ALGO_ROWS).count()).toBeGreaterThan(0);
    // Notices can be dismissed.
    await page.getByRole('button', { name: 'Dismiss all' }).click();
    expect(await page.getByTestId('notices').count()).toBe(0);

    // A hash typed by hand later is read the same way.
    await page.evaluate(`location.hash = '#world=mars&T=100&trials=1'`);
    await page.getByTestId('notice').first().waitFor();
    expect(await page.getByTestId('notice').allTextContents()).toEqual([expect.stringContaining('world=mars is not valid')]);
    await waitForCurrentResult(page);
    expect(await hashOf(page)).toContain('world=sudoku');
    await page.close();
  });

  it('(b′) a link to a dataset this lab does not offer: a notice naming the field, the default scenario, no failed run', async () => {
    const page = await suite.browser.context.newPage();
    // Every status the run line shows, from the first paint on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { statuses: string[] }).statuses = seen;
      new MutationObserver(() => {
        const s = document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status');
        if (s && seen.at(-1) !== s) seen.push(s);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
    });
    await page.goto(`${inject('baseURL')}#world=data:nope&T=200&trials=2`);
    await page.getByTestId('notice').first().waitFor();
    expect(await page.getByTestId('notice').allTextContents()).toEqual([
      expect.stringMatching(/world=data:nope is not available \(the recorded datasets are .*humaneval-paper.*\); using sudoku/),
    ]);
    await waitForCurrentResult(page);
    await waitForLink(page, 'world=sudoku&');
    expect(await page.getByTestId('world').inputValue()).toBe('sudoku');
    expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).not.toContain('error');

    // Typed later, the same.
    await page.getByRole('button', { name: 'Dismiss all' }).click();
    await page.evaluate(`location.hash = '#world=import:gone&T=100&trials=1'`);
    await page.getByTestId('notice').first().waitFor();
    expect(await page.getByTestId('notice').allTextContents()).toEqual([expect.stringContaining('world=import:gone is not available (no import of that id')]);
    await waitForCurrentResult(page);
    expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).not.toContain('error');
    expect(suite.browser.errors, 'console errors').toEqual([]);
    await page.close();
  });

  it('(a′) the headline shows the run’s first figures as its trials finish, marked as such, then the final ones', async () => {
    const page = await suite.browser.context.newPage();
    // Every distinct state of the summary, from the first paint on.
    await page.addInitScript(() => {
      const seen: { state: string; caveat: string; headline: boolean }[] = [];
      (window as unknown as { summaries: typeof seen }).summaries = seen;
      new MutationObserver(() => {
        const summary = document.querySelector('[data-testid="summary"]');
        if (!summary) return;
        const now = {
          state: summary.getAttribute('data-state') ?? '',
          caveat: summary.querySelector('[data-testid="summary-caveat"]')?.textContent ?? '',
          headline: summary.querySelector('[data-testid="headline"]') !== null,
        };
        const last = seen.at(-1);
        if (!last || last.state !== now.state || last.caveat !== now.caveat) seen.push(now);
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.goto(`${inject('baseURL')}#world=sudoku&algos=promptwise,greedy,lowest-cost,highest-cost,oracle&T=1000&trials=20`);
    await waitForCurrentResult(page);
    const seen = await page.evaluate(() => (window as unknown as { summaries: { state: string; caveat: string; headline: boolean }[] }).summaries);
    const partial = seen.filter((s) => s.state === 'partial');
    expect(partial.length, JSON.stringify(seen)).toBeGreaterThan(0);
    for (const s of partial) {
      expect(s.caveat).toMatch(/^First figures: \d+ of 20 trials, refined as the others finish\.$/);
      expect(s.headline).toBe(true);
    }
    // A first visit has no other run to show: "simulating", then first figures, then the finished run, never back
    // (a deferred headline showed the older figures as another run, "stale", between two partial ones), and the
    // trials counted never go back.
    const states = seen.map((s) => s.state).filter((s, i, all) => i === 0 || all[i - 1] !== s);
    expect(states.join(' '), JSON.stringify(seen)).toMatch(/^(loading )?partial current$/);
    const counts = partial.map((s) => Number(s.caveat.match(/(\d+) of/)?.[1]));
    expect(counts, JSON.stringify(seen)).toEqual([...counts].sort((a, b) => a - b));
    expect(seen.at(-1)).toEqual({ state: 'current', caveat: '', headline: true });
    await page.close();
  });

  it('(b″) the headline shows the run of the current parameters, or says plainly that it shows another', async () => {
    const page = await openLab(suite.browser, '#world=t2i&algos=promptwise,greedy,lowest-cost,highest-cost,oracle&T=500&trials=5');
    await waitForCurrentResult(page);
    // On every change of the page: a summary that claims to be current names the chosen world (the scenario
    // control's; the link follows it only once the controls pause); any other summary carries its note in words.
    await page.evaluate(() => {
      const bad: string[] = [];
      (window as unknown as { bad: string[] }).bad = bad;
      new MutationObserver(() => {
        const summary = document.querySelector('[data-testid="summary"]');
        const state = summary?.getAttribute('data-state');
        const world = document.querySelector<HTMLSelectElement>('[data-testid="world"]')?.value;
        if (state === 'current') {
          const note = summary?.querySelector('.summary-note')?.textContent ?? '';
          if (!note.startsWith(`${world}:`)) bad.push(`current but of another world: ${note.slice(0, 30)}`);
        } else if (state === 'stale' && !summary?.querySelector('[data-testid="summary-caveat"]')) bad.push('another run, without a word');
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.getByTestId('world').selectOption('sudoku');
    await waitForCurrentResult(page);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { bad: string[] }).bad)).toEqual([]);
    expect(await page.getByTestId('summary-caveat').count()).toBe(0);
    expect(await page.locator('[data-testid="summary"] .summary-note').textContent()).toMatch(/^sudoku:/);
    await page.close();
  });

  it('(c) CSV and JSON exports equal the results table', async () => {
    const page = await openLab(suite.browser, SMALL);
    await waitForCurrentResult(page);
    const table = await readTable(page);

    const download = async (testId: string): Promise<{ file: Download; text: string }> => {
      await page.getByTestId('export-menu').click();
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
      return { file, text: readFileSync(await file.path(), 'utf8') };
    };

    const csv = await download('export-csv');
    expect(csv.file.suggestedFilename()).toBe('promptwise-lab_sudoku_lambda0.01_tau5_T300_seed0.csv');
    const { header, rows: records, comments = [] } = parseCsv(csv.text, 'export.csv', { leadingComments: true });
    // Comment lines are plain `# …` lines (what pandas' comment='#' skips), not quoted cells.
    expect(csv.text.split('\r\n').filter((l) => l.startsWith('#'))).toHaveLength(comments.length);
    const all = records.map((r) => r.cells);
    const rows = all.filter((r) => !r[0].startsWith('alone:'));
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(comments.join('\n')).toContain('world=sudoku; T=300; trials=3; seed=0; lambda=0.01; tauMax=5; tauExp=1; alpha=auto');
    expect(comments.join('\n')).toContain('cost unit: $/Mtok per prompt');
    expect(comments.join('\n')).toContain(`link=${page.url()}`);
    expect(rows.map((r) => r[0])).toEqual(Object.keys(table));
    // The single-model references of the results table follow, as alone:<model>.
    const alone = await testIds(page, '[data-testid^="row-alone-"]', 'row-alone-');
    expect(all.filter((r) => r[0].startsWith('alone:')).map((r) => r[0].slice('alone:'.length))).toEqual(expect.arrayContaining(alone));
    for (const row of rows) {
      const algo = row[0];
      METRICS.forEach((m, i) => {
        // The table's exact values (data-value), to the last digit.
        expect(Number(row[1 + 2 * i]), `${algo} ${m} mean`).toBe(Number(table[algo][m].mean));
        expect(Number(row[2 + 2 * i]), `${algo} ${m} std`).toBe(Number(table[algo][m].std));
      });
    }

    const json = await download('export-json');
    const doc = JSON.parse(json.text);
    expect(doc.config.world).toBe('sudoku');
    expect(doc.config.params.lambda).toBe(0.01);
    for (const row of rows) expect(doc.summary.results[row[0]].utility.mean).toBe(Number(row[1]));
    expect(doc.costUnit).toBe('$/Mtok per prompt');
    expect(doc.singleModels.map((m: { model: string }) => m.model)).toEqual(expect.arrayContaining(alone));
    await page.close();
  });

  it('(c″) three simulation workers (?workers=3) share the trials and give the run of one, to the last digit', async () => {
    const link = '#world=sudoku&algos=promptwise,promptwise-klr,greedy,oracle&T=300&trials=6&seed=4';
    const exported = async (query: string) => {
      const page = await openLab(suite.browser, `${query}${link}`);
      await waitForCurrentResult(page);
      const status = (await page.getByTestId('run-status').textContent()) ?? '';
      const headline = (await readSummary(page)).headline;
      await page.getByTestId('export-menu').click();
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
      const doc = JSON.parse(readFileSync(await file.path(), 'utf8'));
      await page.close();
      for (const r of Object.values(doc.summary.results) as { seconds: number }[]) r.seconds = 0; // timings differ
      return { status, headline, doc };
    };
    const pooled = await exported('?workers=3');
    const single = await exported('?workers=1');
    expect(pooled.status).toMatch(/^Done: 4 algorithms × 6 trials × 300 prompts in [\d.]+ s on 3 simulation workers\.( Sweeps computing…)?$/);
    expect(single.status).not.toContain('workers');
    expect(pooled.doc.summary).toEqual(single.doc.summary);
    expect(pooled.doc.world).toEqual(single.doc.world);
    expect(pooled.headline).toBe(single.headline);
  });

  it('(c′) each chart exports as SVG and PNG', async () => {
    const page = await openLab(suite.browser, SMALL);
    await waitForCurrentResult(page);
    await waitForSweeps(page);
    await page.getByTestId('skip').click();
    await page.getByTestId('export-menu').click();
    await page.locator('[data-testid^="export-chart-"]').first().waitFor();
    const charts = await testIds(page, '[data-testid^="export-chart-"]', 'export-chart-');
    const onPage = [...new Set(await testIds(page, 'figure[data-chart]', '', 'data-chart'))];
    expect(charts).toEqual(onPage);
    expect(charts.length).toBeGreaterThan(0);
    const name = charts.includes('tradeoff') ? 'tradeoff' : charts[0];
    const row = page.getByTestId(`export-chart-${name}`);

    const [svgFile] = await Promise.all([page.waitForEvent('download'), row.getByRole('menuitem', { name: 'SVG' }).click()]);
    expect(svgFile.suggestedFilename()).toMatch(new RegExp(`_${name}\\.svg$`));
    const svg = readFileSync(await svgFile.path(), 'utf8');
    expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toMatch(/style="[^"]*fill:/); // styles inlined
    expect(svg).not.toContain('class="recharts');

    await page.getByTestId('export-menu').click();
    const [pngFile] = await Promise.all([page.waitForEvent('download'), row.getByRole('menuitem', { name: 'PNG' }).click()]);
    const png = readFileSync(await pngFile.path());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // 2×: the PNG is twice the figure's CSS size (plus a 12 px margin on each side).
    const box = await page.locator(`figure[data-chart="${name}"]`).first().boundingBox();
    expect(png.readUInt32BE(16)).toBe(Math.round((Math.ceil(box!.width) + 24) * 2));
    await page.close();
  });

  for (const width of [1280, 390]) {
    it(`(c‴) at ${width} px every chart's export keeps its caption, titles and labels inside the image, and the menu names charts by their titles`, async () => {
      const page = await openLab(suite.browser, SMALL, { width, height: 900 });
      await waitForCurrentResult(page);
      await waitForSweeps(page);
      await page.getByTestId('skip').click();
      await page.getByTestId('export-menu').click();
      await page.locator('[data-testid^="export-chart-"]').first().waitFor();
      const charts = await testIds(page, '[data-testid^="export-chart-"]', 'export-chart-');
      const viewer = await suite.browser.context.newPage();
      for (const name of charts) {
        const row = page.getByTestId(`export-chart-${name}`);
        // The menu says the chart's own title (its caption's), not its internal name.
        const title = await page
          .locator(`figure[data-chart="${name}"]`)
          .first()
          .evaluate((f) => {
            const own = f.querySelector(':scope > figcaption .pw-fig-title')?.textContent?.trim();
            return own || f.getAttribute('aria-label')?.split(':')[0].trim() || '';
          });
        expect(await row.locator('.menu-chart').textContent()).toBe(title);
        expect(title).not.toBe(name);
        if (!(await page.getByTestId('export-menu').evaluate((s) => (s.parentElement as HTMLDetailsElement).open)))
          await page.getByTestId('export-menu').click();
        const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('menuitem', { name: 'SVG' }).click()]);
        const svg = readFileSync(await file.path(), 'utf8');
        // Drawn at its own size, every text of the image lies inside it.
        await viewer.setContent(`<body style="margin:0">${svg.replace(/^<\?xml[^>]*>/, '')}</body>`);
        const out = await viewer.evaluate(() => {
          const root = document.querySelector('svg')!.getBoundingClientRect();
          return [...document.querySelectorAll('svg text')]
            .map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }))
            .filter(({ text, r }) => text.trim() && (r.left < root.left - 1 || r.right > root.right + 1 || r.top < root.top - 1 || r.bottom > root.bottom + 1))
            .map(({ text }) => text);
        });
        expect(out, `${name} at ${width} px: text outside the image`).toEqual([]);
      }
      await viewer.close();
      await page.close();
    });
  }

  it('(d) Space plays and pauses, → shows one more prompt', async () => {
    // T = 1000 replays in 8 s: long enough not to reach the end during the test.
    const page = await openLab(suite.browser, '#world=t2i&algos=promptwise,oracle&T=1000&trials=2');
    await waitForCurrentResult(page);
    const playback = page.getByTestId('playback');
    // A finished run replays by itself.
    expect(await playback.getAttribute('data-playing')).toBe('true');
    await focusPage(page);
    await page.keyboard.press('Space');
    expect(await playback.getAttribute('data-playing')).toBe('false');
    const at = Number(await playback.getAttribute('data-cursor'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(Number(await playback.getAttribute('data-cursor'))).toBe(at + 2);
    expect(await page.getByTestId('cursor').textContent()).toContain(`prompt ${at + 2} /`);
    // The trace shows that prompt last.
    expect(await playback.getAttribute('data-playing')).toBe('false');

    await page.keyboard.press('Space');
    expect(await playback.getAttribute('data-playing')).toBe('true');
    await page.waitForTimeout(300);
    expect(Number(await playback.getAttribute('data-cursor'))).toBeGreaterThan(at + 2);

    // Keys typed into a text field stay there.
    await page.keyboard.press('Space'); // pause
    const paused = Number(await playback.getAttribute('data-cursor'));
    await page.getByTestId('seed').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    expect(await playback.getAttribute('data-playing')).toBe('false');
    expect(Number(await playback.getAttribute('data-cursor'))).toBe(paused);

    // Skip to the end, and the buttons do what the keys do.
    await page.getByTestId('skip').click();
    expect(await playback.getAttribute('data-cursor')).toBe('1000');
    await page.getByTestId('rewind').click();
    expect(await playback.getAttribute('data-cursor')).toBe('0');
    await page.getByTestId('step').click();
    expect(await playback.getAttribute('data-cursor')).toBe('1');
    await page.close();
  });

  it('(d′) the seed field runs every whole seed typed, marks the rest, and follows the 🎲', async () => {
    const page = await openLab(suite.browser, SMALL);
    await waitForCurrentResult(page);
    const seed = page.getByTestId('seed');
    await seed.fill('12');
    await waitForPage(page, `location.hash.includes('seed=12')`);
    expect(await seed.getAttribute('aria-invalid')).toBe('false');
    // Not a seed: marked, never run, and the field shows the seed in use again once left.
    for (const bad of ['-3', '1.5', String(2 ** 31)]) {
      await seed.fill(bad);
      expect(await seed.getAttribute('aria-invalid')).toBe('true');
      expect(await hashOf(page)).toContain('seed=12');
    }
    await seed.blur();
    expect(await seed.inputValue()).toBe('12');
    expect(await seed.getAttribute('aria-invalid')).toBe('false');
    // A new random seed reaches the link and the field alike.
    await page.getByTestId('reroll').click();
    // The seed itself, not a substring: a rolled 1234 or 12077 also "includes seed=12" (about 1 roll in 90).
    await waitForPage(page, `new URLSearchParams(location.hash.slice(1)).get('seed') !== '12'`);
    const rolled = new URLSearchParams((await hashOf(page)).slice(1)).get('seed');
    expect(await seed.inputValue()).toBe(rolled);
    await page.close();
  });

  it('(d″) every number of the registry has its control, with the entry’s label, bounds and help; α’s auto switch', async () => {
    const page = await openLab(suite.browser, SMALL);
    await waitForCurrentResult(page);
    for (const key of LAB_NUMBER_KEYS.filter((k) => !LIMITS[k].datasetOnly)) {
      const lab = LIMITS[key];
      const testId = key.replace(/[A-Z]/g, (c, i: number) => `${i > 0 ? '-' : ''}${c.toLowerCase()}`);
      const control = page.locator(`.control:has([data-testid="${testId}"])`);
      expect(await control.count(), key).toBe(1);
      const label = (await control.locator('label').first().textContent()) ?? '';
      expect(label.replace(/\s+/g, ''), key).toContain(lab.label.replace('_', '').replace(/\s+/g, ''));
      const input = page.getByTestId(testId);
      if (lab.input !== 'log') {
        expect(Number(await input.getAttribute('min')), key).toBe(lab.min);
        expect(Number(await input.getAttribute('max')), key).toBe(lab.max);
      }
      // λ's and τ_max's help is written from their value; every other number shows its entry's line.
      if (key !== 'lambda' && key !== 'tauMax') expect(await control.locator('.help').textContent(), key).toBe(lab.help);
    }
    // α: "auto" in the link until switched off, then a value on its slider's grid; the link carries each.
    expect(await page.getByTestId('alpha-value').textContent()).toBe('auto');
    await page.getByTestId('alpha-auto').uncheck();
    await waitForPage(page, `location.hash.includes('alpha=2.5')`);
    expect(await page.getByTestId('alpha').isDisabled()).toBe(false);
    await page.getByTestId('alpha').focus();
    await page.keyboard.press('ArrowRight');
    await waitForPage(page, `location.hash.includes('alpha=2.6')`);
    expect(await page.getByTestId('alpha-value').textContent()).toBe('2.6');
    await page.getByTestId('alpha-auto').check();
    await waitForPage(page, `location.hash.includes('alpha=auto')`);
    expect(await page.getByTestId('alpha').isDisabled()).toBe(true);
    await page.close();
  });

  it('(e) presentation mode hides the controls, is in the link with its slide, and Esc leaves it', async () => {
    const page = await openLab(suite.browser, SMALL);
    expect(await page.getByTestId('controls').isVisible()).toBe(true);
    await page.getByTestId('present-toggle').click();
    expect(await page.getByTestId('controls').count()).toBe(0);
    await waitForLink(page, '&present=1', 'ends');
    await waitForCurrentResult(page);
    await page.reload();
    await page.getByTestId('summary').waitFor();
    expect(await page.getByTestId('controls').count()).toBe(0);
    expect(await page.getByTestId('present-toggle').getAttribute('aria-pressed')).toBe('true');
    // The slide is in the link too: a reload mid-talk stays on it.
    await focusPage(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitForPage(page, `location.hash.endsWith('&present=1&slide=3')`);
    await page.reload();
    await waitForPage(page, `document.querySelector('[data-testid="slide-title"]')?.textContent.startsWith('3 / 7')`);
    expect(await page.getByTestId('slide-deck').getAttribute('data-slide')).toBe('curves');
    await focusPage(page);
    await page.keyboard.press('Home');
    await waitForPage(page, `location.hash.endsWith('&present=1')`);
    await page.keyboard.press('Escape');
    await page.getByTestId('controls').waitFor();
    await waitForLink(page, 'present=1', 'lacks');
    await page.close();
  });

  it('restores the last settings when the link has no hash, and the link wins over them', async () => {
    const page = await openLab(suite.browser, '#world=t2i&algos=promptwise,oracle&T=200&trials=2&tauMax=3');
    await waitForCurrentResult(page);
    await page.goto('about:blank');
    await page.goto(inject('baseURL'));
    await page.getByTestId('summary').waitFor();
    expect(await hashOf(page)).toContain('world=t2i&algos=promptwise,oracle');
    expect(await hashOf(page)).toContain('tauMax=3');
    expect(await page.getByTestId('notices').count()).toBe(0);
    await waitForCurrentResult(page);
    // A link's own state wins over the saved settings.
    await page.goto('about:blank');
    await page.goto(`${inject('baseURL')}#world=logistic&algos=promptwise,greedy&T=100&trials=1`);
    await page.getByTestId('summary').waitFor();
    expect(await page.getByTestId('world').inputValue()).toBe('logistic');
    expect(await hashOf(page)).toContain('tauMax=5'); // the default, not the saved 3
    await page.close();
  });

  it('copies the link, or shows it selected where the clipboard is refused', async () => {
    await suite.browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await openLab(suite.browser, SMALL);
    await waitForCurrentResult(page);
    await page.getByTestId('copy-link').click();
    await page.getByText('Link copied ✓').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(page.url());

    // No clipboard: the link is shown, selected, in a text field.
    await page.evaluate(`navigator.clipboard.writeText = () => Promise.reject(new Error('denied'))`);
    await page.getByTestId('copy-link').click();
    const field = page.getByTestId('share-url');
    await field.waitFor();
    expect(await field.inputValue()).toBe(page.url());
    expect(
      await page.evaluate<boolean>(
        `document.activeElement === document.querySelector('[data-testid="share-url"]') && document.activeElement.selectionEnd - document.activeElement.selectionStart === document.activeElement.value.length`,
      ),
    ).toBe(true);
    await suite.browser.context.clearPermissions();
    await page.close();
  });

  it('the link follows the controls once they pause: a link followed meanwhile is read, and leaving saves the change', async () => {
    const page = await openLab(suite.browser, SMALL);
    await waitForCurrentResult(page);
    /** Moves the τ_max slider to `v` as an input event would, in the page's own task. */
    const moveTauMax = (v: number) =>
      `(() => { const el = document.querySelector('[data-testid="tau-max"]');
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, '${v}');
        el.dispatchEvent(new Event('input', { bubbles: true })); })()`;
    // A slider moves, and a link is followed once the slider's write is due but before it ran (the task is busy):
    // the link wins, whole (τ_max too).
    await page.evaluate(`${moveTauMax(3)}; const until = performance.now() + 300; while (performance.now() < until) {}
      location.hash = '#world=t2i&algos=promptwise,oracle&T=200&trials=2'`);
    await waitForCurrentResult(page);
    expect(await page.getByTestId('world').inputValue()).toBe('t2i');
    expect(await page.getByTestId('tau-max-value').textContent()).toBe('5');
    expect(await waitForLink(page, 'world=t2i&')).toContain('tauMax=5&');
    // The page left within the pause: its change is saved all the same, and the next visit without a link opens on it.
    await page.evaluate(`${moveTauMax(4)}; setTimeout(() => { location.href = 'about:blank'; })`);
    await page.waitForURL('about:blank');
    await page.goto(inject('baseURL'));
    await page.getByTestId('summary').waitFor();
    expect(await page.getByTestId('world').inputValue()).toBe('t2i');
    expect(await page.getByTestId('tau-max-value').textContent()).toBe('4');
    await page.close();
  });

  it('a selected prompt of the trace is part of the link', async () => {
    const page = await openLab(suite.browser, SMALL);
    await waitForCurrentResult(page);
    await page.getByTestId('skip').click();
    const row = page.getByTestId('trace-row').nth(1);
    await row.click();
    const step = Number(await page.getByTestId('decision-panel').getAttribute('data-step'));
    expect(step).toBeGreaterThanOrEqual(0);
    await waitForLink(page, `&step=${step}`);
    await page.reload();
    await waitForCurrentResult(page);
    await waitForPage(page, `document.querySelector('[data-testid="decision-panel"]')?.getAttribute('data-step') === '${step}'`);
    expect(await page.getByTestId('playback').getAttribute('data-cursor')).toBe('300');
    expect(await page.getByTestId('playback').getAttribute('data-playing')).toBe('false');

    // ↓, ↑, End and Home in the list select as they move (issue 15, item 7), the panel and the link following.
    const rows = page.getByTestId('trace-row');
    const stepOf = async (i: number) => Number(await rows.nth(i).getAttribute('data-step'));
    await page.locator(`[data-testid="trace-row"][data-step="${step}"]`).focus();
    const expectSelected = async (i: number) => {
      const want = await stepOf(i);
      await waitForPage(page, `document.querySelector('[data-testid="decision-panel"]')?.getAttribute('data-step') === '${want}'`);
      expect(await rows.nth(i).getAttribute('aria-pressed')).toBe('true');
      await waitForLink(page, `&step=${want}`);
    };
    const at = await rows.evaluateAll((els, s) => els.findIndex((el) => el.getAttribute('data-step') === String(s)), step);
    expect(at).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('ArrowDown');
    await expectSelected(at + 1);
    await page.keyboard.press('ArrowUp');
    await expectSelected(at);
    await page.keyboard.press('End');
    await expectSelected((await rows.count()) - 1);
    await page.keyboard.press('Home');
    await expectSelected(0);
    await page.close();
  });

  it('after a change, the trace keeps the last rows on show, with their own λ and its height, while the new run’s trace computes', async () => {
    const page = await openLab(suite.browser, SMALL);
    await waitForCurrentResult(page);
    await page.getByTestId('skip').click();
    const lambdaOf = (text: string | null) => /\(λ = ([\d.]+)\)/.exec(text ?? '')?.[1];
    expect(lambdaOf(await page.getByTestId('decision-panel').textContent())).toBe('0.01');
    // Whenever the page changes: whether the trace ever listed no rows or changed height while the new one was on its
    // way, and the λ the decision panel gave while tracing.
    await page.evaluate(() => {
      const card = document.querySelector('[data-testid="card-trace"]') as HTMLElement;
      const height = card.getBoundingClientRect().height;
      const seen = { emptied: false, moved: false, lambdaWhileTracing: [] as string[] };
      (window as unknown as { traceSeen: typeof seen }).traceSeen = seen;
      new MutationObserver(() => {
        if (card.querySelectorAll('[data-testid="trace-row"]').length === 0) seen.emptied = true;
        if (card.dataset.state !== 'done' && card.getBoundingClientRect().height !== height) seen.moved = true;
        const lambda = /\(λ = ([\d.]+)\)/.exec(document.querySelector('[data-testid="decision-panel"]')?.textContent ?? '')?.[1];
        if (card.dataset.state === 'running' && lambda && !seen.lambdaWhileTracing.includes(lambda)) seen.lambdaWhileTracing.push(lambda);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.getByTestId('lambda').focus();
    await page.keyboard.press('ArrowRight');
    await waitForCurrentResult(page); // the new run, then its trace
    // The last trace stayed, explained at the λ it was traced with; then the new one, at the new λ.
    const seen = await page.evaluate(() => (window as unknown as { traceSeen: object }).traceSeen);
    expect(seen).toEqual({ emptied: false, moved: false, lambdaWhileTracing: ['0.01'] });
    expect(lambdaOf(await page.getByTestId('decision-panel').textContent())).toBe('0.012');
    await page.close();
  });
});
