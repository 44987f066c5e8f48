/**
 * Live routing in the lab (issue 44), against the replay endpoint (a real HTTP server on 127.0.0.1 answering as a
 * recorded dataset says): a run routes, grades and meters as the CLI's does, keeps its key out of storage and the
 * link, resumes after a reload without asking again, says how to allow a host the page's policy refuses, and
 * exports a dataset the CLI replays; the playground asks the learner's next live model and the person grades it.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main';
import { type ReplayEndpoint, startReplayEndpoint } from '../src/cli/replayEndpoint';
import { LIVE_NUMBERS } from '../src/engine/live/params';
import { waitForPage } from './browser';
import { openLab, suiteBrowser } from './lab';

const DATA = resolve(__dirname, '../../shared/data/mmlu-pro-tigerlab');
const SECRET = 'sk-e2e-never-stored';
const dir = mkdtempSync(join(tmpdir(), 'pw-live-e2e-'));

describe('live routing', () => {
  const suite = suiteBrowser();
  let endpoint: ReplayEndpoint;
  beforeAll(async () => {
    endpoint = await startReplayEndpoint({ data: DATA });
  });
  afterAll(() => endpoint?.close());
  const requests = () => [...endpoint.requests.values()].reduce((a, b) => a + b, 0);

  /** The Live card with the replay endpoint's three models at the test's endpoint, no stored recording. */
  async function livePanel(limit: number, cap: number): Promise<Page> {
    const page = await openLab(suite.browser, '#world=sudoku&T=100&trials=1');
    await page.getByTestId('card-live').scrollIntoViewIfNeeded();
    await page.getByTestId('live-panel').waitFor();
    await waitForPage(page, `document.querySelector('[data-testid="live-start"]') !== null`);
    // Once the panel has read what is stored, a stored recording is discarded: each case starts afresh.
    await waitForPage(page, `document.querySelector('[data-testid="live-panel"]')?.dataset.stored !== 'unknown'`);
    if ((await page.getByTestId('live-panel').getAttribute('data-stored')) === 'yes') {
      await page.getByTestId('live-discard').click();
      await waitForPage(page, `document.querySelector('[data-testid="live-panel"]')?.dataset.stored === 'no'`);
    }
    await page.getByTestId('live-replay-models').click();
    for (let i = 0; i < 3; i++) await page.getByTestId(`live-base-${i}`).fill(endpoint.url);
    await page.getByTestId('live-limit').fill(String(limit));
    await page.getByTestId('live-cap').fill(String(cap));
    return page;
  }
  const status = (page: Page, s: string, timeout = 60_000) => page.locator(`[data-testid="live-meter"][data-status="${s}"]`).waitFor({ timeout });

  it('routes each prompt through the endpoint’s models as the CLI does, and keeps the key out of storage and the link', async () => {
    const page = await livePanel(12, 1);
    await page.getByTestId('live-key-0').fill(SECRET);
    const before = requests();
    await page.getByTestId('live-start').click();
    await status(page, 'done');
    const asked = Number(await page.getByTestId('live-asked').textContent());
    expect(asked).toBeGreaterThanOrEqual(12);
    expect(requests() - before).toBe(asked);
    expect(await page.locator('[data-testid="live-steps"] li').count()).toBe(12);

    // The same run in the CLI (the lab's default λ, τ_max, τ_exp, α and seed): the same figures.
    writeFileSync(
      join(dir, 'models.json'),
      JSON.stringify({
        models: [
          ['phi-3-mini-4k-instruct', 0.1, 0.1],
          ['llama-3.1-70b-instruct', 0.88, 0.88],
          ['gemini-1.5-pro-002', 1.25, 5],
        ].map(([name, i, o]) => ({ name, base_url: endpoint.url, model: name, input_price_per_1M: i, output_price_per_1M: o })),
      }),
    );
    const code = await main(
      [
        'live',
        '--models',
        join(dir, 'models.json'),
        '--prompts',
        DATA,
        '--limit',
        '12',
        '--record',
        join(dir, 'rec.jsonl'),
        '--spend-cap',
        '1',
        '--json',
        join(dir, 'cli.json'),
      ],
      {
        out: () => {},
        err: () => {},
      },
    );
    expect(code).toBe(0);
    const cli = JSON.parse(readFileSync(join(dir, 'cli.json'), 'utf8'));
    expect(cli.asked).toBe(asked);
    expect(await page.getByTestId('live-summary').textContent()).toBe(
      `Success ${(100 * cli.success).toFixed(1)}% · mean utility ${cli.utility.toFixed(4)} · ${cli.queriesPerPrompt.toFixed(2)} queries per prompt`,
    );
    // The re-asks it names are the CLI recording's: its queries of a model that had failed on the same prompt.
    const records = readFileSync(join(dir, 'rec.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { k?: number });
    const reasked = records.filter((r) => (r.k ?? 0) > 0).length;
    expect(reasked, 'PromptWise asks the cheapest model again after it failed here').toBeGreaterThan(0);
    expect(await page.getByTestId('live-reasked').textContent()).toContain(`${reasked} re-asks of a model that had failed on the same prompt`);

    // The key is in no storage, not in IndexedDB's recording, not in the link.
    const stored = await page.evaluate(async () => {
      const all: string[] = [location.href, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open('promptwise-live');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const values = await new Promise<unknown[]>((res, rej) => {
        const r = db.transaction('recording').objectStore('recording').getAll();
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      all.push(JSON.stringify(values));
      return all;
    });
    expect(stored[3].length).toBeGreaterThan(1000); // the recording is there
    for (const text of stored) expect(text).not.toContain(SECRET);
    expect(suite.browser.errors).toEqual([]);
    await page.close();
  });

  it('resumes after a reload from what it recorded, asking no question again', async () => {
    const page = await livePanel(40, 1);
    const before = requests();
    await page.getByTestId('live-start').click();
    await waitForPage(page, `Number(document.querySelector('[data-testid="live-asked"]')?.textContent) >= 10`);
    await page.reload();
    await page.getByTestId('card-live').scrollIntoViewIfNeeded();
    await page.getByTestId('live-resume').waitFor();
    await page.getByTestId('live-resume').click();
    await status(page, 'done');
    expect(await page.getByTestId('live-figures').textContent()).toMatch(/replayed from the recording/);
    const recorded = Number(/\(([\d,]+) queries recorded\)/.exec((await page.getByTestId('live-resume').textContent()) ?? '')?.[1].replace(/,/g, ''));
    expect(await page.locator('[data-testid="live-steps"] li').count()).toBe(30); // the last 30 of the 40 prompts
    // Each question was asked once; one may have been in flight when the page went away (its answer never came).
    expect(requests() - before - recorded).toBeGreaterThanOrEqual(0);
    expect(requests() - before - recorded).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('draws each answer as it arrives, and marks costs estimated where an endpoint gives no usage', async () => {
    const slow = await startReplayEndpoint({ data: DATA, latencyMs: 150, noUsage: true });
    try {
      const page = await livePanel(4, 1);
      for (let i = 0; i < 3; i++) await page.getByTestId(`live-base-${i}`).fill(slow.url);
      await page.getByTestId('live-start').click();
      // The prompt being asked shows its answers before the prompt is over.
      await waitForPage(page, `/[✓✗]/.test(document.querySelector('[data-testid="live-current"]')?.textContent ?? '')`, { timeout: 30_000, polling: 20 });
      await status(page, 'done');
      const asked = Number(await page.getByTestId('live-asked').textContent());
      expect(await page.getByTestId('live-figures').textContent()).toContain(`the cost of ${asked} estimated from lengths (no usage from the endpoint)`);
      expect(await page.getByTestId('live-current').count()).toBe(0);
      await page.close();
    } finally {
      await slow.close();
    }
  });

  it('Cancel stops a run at once, keeping what it recorded, and the run resumes from there', async () => {
    const slow = await startReplayEndpoint({ data: DATA, latencyMs: 200 });
    try {
      const page = await livePanel(10, 1);
      for (let i = 0; i < 3; i++) await page.getByTestId(`live-base-${i}`).fill(slow.url);
      await page.getByTestId('live-start').click();
      await waitForPage(page, `Number(document.querySelector('[data-testid="live-asked"]')?.textContent) >= 3`, { polling: 20 });
      await page.getByTestId('live-cancel').click();
      await status(page, 'cancelled', 5_000);
      const asked = Number(await page.getByTestId('live-asked').textContent());
      const sent = [...slow.requests.values()].reduce((a, b) => a + b, 0);
      // Nothing more is asked once cancelled (the query in flight was aborted, its answer never recorded).
      await page.waitForTimeout(600);
      expect([...slow.requests.values()].reduce((a, b) => a + b, 0)).toBe(sent);
      expect(sent - asked).toBeLessThanOrEqual(1);
      await page.getByTestId('live-resume').click();
      await status(page, 'done');
      expect(await page.getByTestId('live-figures').textContent()).toContain(`${asked} replayed from the recording`);
      await page.close();
    } finally {
      await slow.close();
    }
  });

  it('remembers keys across a reload only when asked, in the tab’s session storage, never in local storage', async () => {
    const page = await livePanel(3, 1);
    const help = page.getByTestId('live-keys-help');
    const storage = () => page.evaluate(() => ({ session: JSON.stringify({ ...sessionStorage }), local: JSON.stringify({ ...localStorage }) }));
    const reopen = async () => {
      await page.reload();
      await page.getByTestId('card-live').scrollIntoViewIfNeeded();
      await page.getByTestId('live-key-0').waitFor();
    };
    await page.getByTestId('live-key-0').fill(SECRET);
    expect(await help.textContent()).toMatch(/^Keys stay in this tab’s memory and go only to their own model’s endpoint/);
    expect((await storage()).session).not.toContain(SECRET);

    await page.getByTestId('live-remember').check();
    expect(await help.textContent()).toMatch(/^Keys stay in this tab’s memory and its session storage, which the browser clears when the tab closes, and go/);
    let stored = await storage();
    expect(stored.session).toContain(SECRET);
    expect(stored.local).not.toContain(SECRET);
    await reopen();
    expect(await page.getByTestId('live-key-0').inputValue()).toBe(SECRET);
    expect(await page.getByTestId('live-remember').isChecked()).toBe(true);

    await page.getByTestId('live-remember').uncheck();
    stored = await storage();
    expect(stored.session).not.toContain(SECRET);
    await reopen();
    expect(await page.getByTestId('live-key-0').inputValue()).toBe('');
    expect(await page.getByTestId('live-remember').isChecked()).toBe(false);
    await page.close();
  });

  it('reads back damaged saved settings and keys field by field: the card still draws, the usable fields stay, and a notice names the rest', async () => {
    const page = await livePanel(3, 1);
    await page.getByTestId('live-grader').fill('exact');
    // What the page saved, then damaged as a hand edit or another version might: models not a list, a bad cap.
    await waitForPage(page, `JSON.parse(localStorage.getItem('promptwise-live-settings')).state.grader === 'exact'`);
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('promptwise-live-settings') ?? '{}');
      saved.state = { ...saved.state, models: 'oops', spendCap: -5 };
      localStorage.setItem('promptwise-live-settings', JSON.stringify(saved));
      sessionStorage.setItem('promptwise-live-keys', 'null'); // the remembered keys: not a record of keys
    });
    await page.reload();
    await page.getByTestId('card-live').scrollIntoViewIfNeeded();
    await page.getByTestId('live-panel').waitFor();
    expect(await page.getByTestId('card-live').textContent()).not.toContain('failed');
    expect(await page.getByTestId('live-grader').inputValue()).toBe('exact');
    expect(await page.getByTestId('live-cap').inputValue()).toBe(String(LIVE_NUMBERS.spendCap.lab.default));
    expect(await page.getByTestId('live-remember').isChecked()).toBe(false); // no keys to remember: typed again
    // The notices are drawn in a commit of their own, after the card's store has read the settings back.
    await waitForPage(
      page,
      `[...document.querySelectorAll('[data-testid="notice"]')].filter((n) => n.textContent.includes('The saved Live settings')).length === 2`,
    );
    expect(await page.getByTestId('notice').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('The saved Live settings: the models could not be read; using the default'),
        expect.stringContaining('The saved Live settings: Spend cap ($): must be a number ≥ 0 (US dollars) (got -5)'),
      ]),
    );
    // The card works: the replay endpoint's models can be added again.
    await page.getByTestId('live-replay-models').click();
    await page.getByTestId('live-base-0').waitFor();
    await page.close();
  });

  it('loads and saves the models as the CLI’s live-models.json, keys left out, and names a bad field', async () => {
    const page = await livePanel(3, 1);
    await page.getByTestId('live-key-1').fill(SECRET);
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId('live-save-models').click()]);
    const text = readFileSync(await saved.path(), 'utf8');
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text).models.map((m: { name: string }) => m.name)).toEqual(['phi-3-mini-4k-instruct', 'llama-3.1-70b-instruct', 'gemini-1.5-pro-002']);
    const file = JSON.parse(text);
    file.models = file.models.slice(0, 2);
    await page
      .getByTestId('live-load-models')
      .setInputFiles({ name: 'live-models.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await waitForPage(page, `document.querySelectorAll('[data-testid^="live-model-"]').length === 2`);
    file.models[1].input_price_per_1M = -1;
    await page.getByTestId('live-load-models').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await page.getByTestId('live-error').waitFor();
    expect(await page.getByTestId('live-error').textContent()).toBe('models[1].input_price_per_1M: must be a number ≥ 0 (US dollars per 1M tokens) (got -1)');
    expect(await page.locator('[data-testid^="live-model-"]').count()).toBe(2);
    await page.close();
  });

  it('routes the prompts of an import whose answer column the import kept', async () => {
    const page = await livePanel(6, 1);
    // Six MMLU-Pro prompts as a CSV of one's own: text, answer and the three models' recorded outcomes.
    const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const names = ['phi-3-mini-4k-instruct', 'llama-3.1-70b-instruct', 'gemini-1.5-pro-002'];
    const rows = readFileSync(join(DATA, 'prompts.jsonl'), 'utf8')
      .split('\n')
      .slice(0, 6)
      .map((l) => JSON.parse(l) as { text: string; answer: string; outcomes: Record<string, number> });
    const csv = [`prompt,answer,${names.join(',')}`, ...rows.map((r) => [quote(r.text), r.answer, ...names.map((n) => r.outcomes[n])].join(','))].join('\n');
    await page.getByTestId('imports-empty').waitFor();
    await page.getByTestId('import-file').setInputFiles([{ name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }]);
    await page.getByTestId('import-answer-column').waitFor();
    expect(await page.getByTestId('import-answer-column').inputValue()).toBe('answer');
    for (const n of names) await page.getByTestId(`import-price-${n}`).fill('1');
    await page.getByTestId('import-run').click();
    await page.getByTestId('import-item').first().waitFor();
    const id = await page.getByTestId('import-item').first().getAttribute('data-id');
    await page.getByTestId('live-dataset').selectOption(`import:${id}`);
    const before = requests();
    await page.getByTestId('live-start').click();
    await status(page, 'done');
    expect(await page.locator('[data-testid="live-steps"] li').count()).toBe(6);
    expect(requests() - before).toBe(Number(await page.getByTestId('live-asked').textContent()));
    // The grader read the import's answers: the first prompt's recorded outcomes decide its escalation's end.
    expect(await page.getByTestId('live-summary').textContent()).toMatch(/^Success \d/);
    await page.close();
  });

  it('names a host the page’s policy refuses, and how to allow it', async () => {
    const page = await livePanel(3, 1);
    await page.getByTestId('live-base-0').fill('https://api.example.com/v1');
    await page.getByTestId('live-start').click();
    await page.getByTestId('live-error').waitFor({ timeout: 30_000 });
    const text = await page.getByTestId('live-error').textContent();
    expect(text).toContain("this page's Content-Security-Policy does not allow https://api.example.com (connect-src)");
    expect(text).toContain('PROMPTWISE_LIVE_HOSTS="https://api.example.com"');
    // The refusal was the only error, and nothing left this machine.
    expect(suite.browser.errors.every((e) => e.includes('api.example.com'))).toBe(true);
    suite.browser.errors.length = 0;
    await page.close();
  });

  it('collects every model’s answers and exports a dataset the CLI replays', async () => {
    const page = await livePanel(6, 1);
    await page.getByTestId('live-algo').selectOption('collect');
    await page.getByTestId('live-start').click();
    await status(page, 'done');
    await page.getByTestId('live-export').waitFor();
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await page.getByTestId('live-export').click();
    for (let i = 0; i < 100 && downloads.length < 2; i++) await page.waitForTimeout(100);
    const files = new Map<string, string>();
    for (const d of downloads) files.set(d.suggestedFilename(), readFileSync(await d.path(), 'utf8'));
    const rows = (files.get('prompts.jsonl') ?? '').trim().split('\n');
    expect(rows).toHaveLength(6);
    const folder = join(dir, 'exported');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'prompts.jsonl'), files.get('prompts.jsonl') ?? '');
    writeFileSync(join(folder, 'models.json'), files.get('models.json') ?? '');
    expect(await main(['--world', folder, '--T', '30', '--trials', '1', '--algos', 'promptwise,greedy'], { out: () => {}, err: () => {} })).toBe(0);
    await page.close();
  });
  it('the playground sends a prompt to the learner’s next live model, the person grades it, and it is kept: not asked again after a reload', async () => {
    // Every model of the folder as a live model at the endpoint, loaded as the CLI's file: the world's models, by name.
    const prices = JSON.parse(readFileSync(join(DATA, 'models.json'), 'utf8')) as { name: string; input_price_per_1M: number; output_price_per_1M: number }[];
    const file = {
      models: prices.map((m) => ({
        name: m.name,
        base_url: endpoint.url,
        model: m.name,
        input_price_per_1M: m.input_price_per_1M,
        output_price_per_1M: m.output_price_per_1M,
      })),
    };
    const page = await livePanel(1, 0);
    await page
      .getByTestId('live-load-models')
      .setInputFiles({ name: 'live-models.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await waitForPage(page, `document.querySelectorAll('[data-testid^="live-model-"]').length === ${prices.length}`);
    await page.getByTestId('live-key-0').fill(SECRET);
    await page.evaluate(() => {
      location.hash = '#world=data:mmlu-pro-tigerlab&T=100&trials=1';
    });
    const card = page.getByTestId('card-playground');
    await card.getByTestId('pg-recorded').click();
    await page.getByTestId('pg-ask-live').waitFor({ timeout: 90_000 });
    const model = ((await page.getByTestId('pg-ask-live').textContent()) ?? '').replace(/^Ask (.*) live$/, '$1');
    expect(prices.map((m) => m.name)).toContain(model);
    const asked = () => endpoint.requests.get(model) ?? 0;

    // The spend cap (0 here) is the Live panel's: nothing is sent, and the message says where to raise it.
    const before = asked();
    await page.getByTestId('pg-ask-live').click();
    await page.getByTestId('pg-live-error').waitFor();
    expect(await page.getByTestId('pg-live-error').textContent()).toMatch(/^spend cap: asking .* could take the playground's live spend past \$0/);
    expect(asked()).toBe(before);

    await page.getByTestId('live-cap').fill('1');
    await page.getByTestId('pg-ask-live').click();
    await page.getByTestId('pg-live-0').waitFor({ timeout: 30_000 });
    expect(asked()).toBe(before + 1);
    expect(await page.getByTestId('pg-live-response').textContent()).toMatch(/^The answer is \([A-J]\)\.$/);
    expect(await page.getByTestId('pg-live-0').getAttribute('data-kept')).toBe('false');
    // The person grades it: stored with the answer, and the learner learns it (one answer on the prompt).
    await page.getByRole('button', { name: `${model}'s live answer was wrong` }).click();
    await waitForPage(page, `document.querySelector('[data-testid="pg-answer"]')?.dataset.feedback === '1'`);
    expect(await page.getByTestId('pg-live-0').getAttribute('data-grade')).toBe('0');
    expect(await page.getByTestId('pg-log').textContent()).toContain(`${model} ✗`);
    const stored = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open('promptwise-playground-live');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      return new Promise<unknown[]>((res, rej) => {
        const r = db.transaction('answers').objectStore('answers').getAll();
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
    });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ model, grade: 0, grader: 'human', k: 0 });
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    const cost = (stored[0] as { costUsd: number }).costUsd;
    expect(cost).toBeGreaterThan(0);
    expect(await page.getByTestId('pg-live-spent').textContent()).toContain(`cost $${cost < 0.01 ? cost.toPrecision(3) : cost.toFixed(4)} of`);

    // After a reload the same learner (same seed) draws the same prompt and picks the same model: the stored
    // answer comes back, and the endpoint is not asked again.
    await page.reload();
    await page.getByTestId('card-playground').getByTestId('pg-recorded').click();
    await page.getByTestId('pg-ask-live').waitFor({ timeout: 90_000 });
    await page.getByTestId('pg-ask-live').click();
    await page.getByTestId('pg-live-0').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('pg-live-0').getAttribute('data-kept')).toBe('true');
    expect(await page.getByTestId('pg-live-0').textContent()).toContain('You said ✗ when it was first asked.');
    expect(asked()).toBe(before + 1);
    expect(suite.browser.errors).toEqual([]);
    await page.close();
  });
});
