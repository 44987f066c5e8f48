/**
 * Embeddings in Chromium, through the real embedding worker, the real ONNX files of the shared tiny-random-bert
 * fixture (served by the app at /shared/models/) and the panel's UI:
 *  - WASM, fp32: the vectors equal the reference values of ../shared/models/README.md; q8: within the measured
 *    quantization tolerance of fp32 (q8 digits depend on the CPU and the WASM build: never held to digits);
 *  - the IndexedDB cache: after a reload the same texts come from the cache, and no model file is fetched;
 *  - a bad base URL gives one readable sentence, and the lab (and the embeddings, once fixed) still work;
 *  - WebGPU (a second Chromium with --enable-unsafe-webgpu: a SwiftShader adapter) is what `auto` picks there,
 *    and agrees with WASM;
 *  - no request leaves localhost.
 */

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  FIXTURE_DIMS,
  FIXTURE_MODEL,
  FP32_REFERENCE,
  FP32_TOLERANCE,
  Q8_PAIR_COSINE_GAP,
  Q8_TOLERANCE,
  quantizationGap,
  referenceGap,
  FIXTURE_TEXTS as TEXTS,
} from '../src/embed/fixtureReference';
import { cosine } from '../src/embed/types';
import { assertNoExternalRequests, type LabBrowser, waitForPage } from './browser';
import { ALGO_ROWS, openLab, suiteBrowser, waitForCurrentResult } from './lab';

const FIXTURE_BASE = '/shared/models/';

interface Shown {
  status: string;
  device: string | null;
  dims: number;
  cached: number;
  computed: number;
  dtype: string | null;
  vectors: number[][];
  error: string | null;
}

/** Opens the lab and the embeddings panel with the local fixture, `device` and `dtype` chosen in its UI. */
async function openPanel(browser: LabBrowser): Promise<Page> {
  const page = await openLab(browser);
  await page.getByTestId('embed-toggle').click();
  await page.getByTestId('embed-model').waitFor();
  return page;
}

async function choose(page: Page, options: { base?: string; device?: string; dtype?: string }): Promise<void> {
  if (options.base !== undefined) {
    await page.getByTestId('embed-preset-local').click();
    await page.getByTestId('embed-base').fill(options.base);
  }
  expect(await page.getByTestId('embed-model').inputValue()).toBe(FIXTURE_MODEL);
  if (options.device) await page.getByTestId('embed-device-pref').selectOption(options.device);
  if (options.dtype) await page.getByTestId('embed-dtype').selectOption(options.dtype);
  await page.getByTestId('embed-texts').fill(TEXTS.join('\n'));
}

/** Clicks Embed, records the statuses the panel goes through, and reads what it shows once done. */
async function embed(page: Page): Promise<Shown & { statuses: string[]; sawProgressBar: boolean }> {
  const callBefore = Number(await page.getByTestId('embed-status').getAttribute('data-call'));
  await page.evaluate(`(() => {
    window.__embedStatuses = [];
    window.__sawProgress = false;
    const note = () => {
      const s = document.querySelector('[data-testid="embed-status"]')?.getAttribute('data-status');
      if (s && window.__embedStatuses.at(-1) !== s) window.__embedStatuses.push(s);
      if (document.querySelector('[data-testid="embed-progress"]')) window.__sawProgress = true;
    };
    window.__embedObserver?.disconnect();
    window.__embedObserver = new MutationObserver(note);
    window.__embedObserver.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  })()`);
  await page.getByTestId('embed-run').click();
  await waitForPage(
    page,
    // This call's outcome: the call counter moved past the last call, and the status settled.
    `(() => {
       const status = document.querySelector('[data-testid="embed-status"]');
       return Number(status?.getAttribute('data-call')) > ${callBefore} && ['ready', 'error'].includes(status?.getAttribute('data-status'));
     })()`,
    { timeout: 120_000, polling: 50 },
  );
  return page.evaluate(`(() => {
    const q = (id) => document.querySelector('[data-testid="' + id + '"]');
    const report = q('embed-report');
    return {
      status: q('embed-status').getAttribute('data-status'),
      device: q('embed-status').getAttribute('data-device'),
      dims: Number(report?.getAttribute('data-dims')),
      cached: Number(report?.getAttribute('data-cached')),
      computed: Number(report?.getAttribute('data-computed')),
      dtype: report?.getAttribute('data-dtype') ?? null,
      vectors: JSON.parse(q('embed-vectors')?.getAttribute('data-vectors') ?? '[]'),
      error: q('embed-error')?.textContent ?? null,
      statuses: window.__embedStatuses,
      sawProgressBar: window.__sawProgress,
    };
  })()`);
}

/** fp32 vectors: the reference digits, to `tolerance`. */
function expectFp32Reference(vectors: number[][], tolerance = FP32_TOLERANCE): void {
  expect(vectors.length).toBe(TEXTS.length);
  FP32_REFERENCE.rows.forEach((row, i) => {
    expect(vectors[i].length).toBe(FIXTURE_DIMS);
    expect(referenceGap(vectors[i], row), `fp32 row ${i}: ${vectors[i].slice(0, 5)}`).toBeLessThanOrEqual(tolerance);
  });
}

/** q8 vectors: each within the quantization tolerance of the fp32 vector of its text. */
function expectQuantizedClose(q8: number[][], fp32: readonly (readonly number[])[]): void {
  expect(q8.length).toBe(TEXTS.length);
  q8.forEach((row, i) => {
    expect(row.length).toBe(FIXTURE_DIMS);
    const gap = quantizationGap(row, fp32[i]);
    expect(gap.cosine, `q8 row ${i}: cosine with fp32`).toBeGreaterThanOrEqual(Q8_TOLERANCE.minCosine);
    expect(gap.maxAbs, `q8 row ${i}: max |q8 − fp32|`).toBeLessThanOrEqual(Q8_TOLERANCE.maxAbs);
  });
}

describe('embeddings in Chromium (WASM)', () => {
  const suite = suiteBrowser();

  it('embeds with the fixture on WASM: fp32 matches the reference values, q8 stays within quantization tolerance of fp32', async () => {
    const page = await openPanel(suite.browser);
    await choose(page, { base: FIXTURE_BASE, device: 'wasm', dtype: 'q8' });
    const q8 = await embed(page);
    expect(q8.error).toBeNull();
    expect(q8).toMatchObject({ status: 'ready', device: 'wasm', dims: 32, cached: 0, computed: 2, dtype: 'q8' });
    expect(q8.sawProgressBar, `statuses ${q8.statuses.join(' → ')}`).toBe(true);
    expect(await page.getByTestId('embed-device').textContent()).toMatch(/WASM/);
    // The app is served cross-origin isolated (vite.config.ts), so ONNX Runtime runs one WASM thread per core.
    expect(await page.evaluate('crossOriginIsolated')).toBe(true);
    expect(await page.getByTestId('embed-threads').textContent()).toMatch(/\b[2-4] threads\b/);

    await choose(page, { dtype: 'fp32' });
    const fp32 = await embed(page);
    expect(fp32).toMatchObject({ status: 'ready', device: 'wasm', dims: 32, cached: 0, computed: 2, dtype: 'fp32' });
    expectFp32Reference(fp32.vectors);
    expect(Math.abs(cosine(fp32.vectors[0], fp32.vectors[1]) - FP32_REFERENCE.cosine)).toBeLessThanOrEqual(1e-4);

    expectQuantizedClose(q8.vectors, fp32.vectors);
    expect(Math.abs(cosine(q8.vectors[0], q8.vectors[1]) - cosine(fp32.vectors[0], fp32.vectors[1]))).toBeLessThanOrEqual(Q8_PAIR_COSINE_GAP);

    // The ONNX Runtime files came from the app itself, and the model from /shared/models/.
    const urls = suite.browser.requests.map((r) => r.url);
    expect(
      urls.some((u) => /\/assets\/ort-wasm-simd-threaded\.asyncify-[\w-]+\.wasm$/.test(u)),
      urls.join('\n'),
    ).toBe(true);
    expect(urls.some((u) => u.endsWith('/shared/models/fixtures/tiny-random-bert/onnx/model_quantized.onnx'))).toBe(true);
    expect(urls.some((u) => u.endsWith('/shared/models/fixtures/tiny-random-bert/onnx/model.onnx'))).toBe(true);
    await page.close();
  });

  it('serves the same texts from IndexedDB after a reload, without fetching or running the model', async () => {
    const page = await openPanel(suite.browser);
    // The settings came back from localStorage: the fixture, WASM, fp32.
    expect(await page.getByTestId('embed-base').inputValue()).toBe(FIXTURE_BASE);
    expect(await page.getByTestId('embed-dtype').inputValue()).toBe('fp32');
    const modelRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/shared/models/')) modelRequests.push(r.url());
    });
    await choose(page, {});
    const again = await embed(page);
    expect(again).toMatchObject({ status: 'ready', dims: 32, cached: 2, computed: 0, dtype: 'fp32' });
    expect(await page.getByTestId('embed-cache-counts').textContent()).toBe('2 cached, 0 computed');
    expectFp32Reference(again.vectors);
    expect(modelRequests, 'model files fetched for cached texts').toEqual([]);

    // One new text: only it is computed.
    await page.getByTestId('embed-texts').fill([...TEXTS, 'a third sentence'].join('\n'));
    const third = await embed(page);
    expect(third).toMatchObject({ status: 'ready', cached: 2, computed: 1 });
    expect(await page.getByTestId('embed-cache-counts').textContent()).toBe('2 cached, 1 computed');

    // Clearing the cache makes them computed again.
    await page.getByTestId('embed-clear').click();
    await waitForPage(page, `!document.querySelector('[data-testid="embed-report"]')`);
    await choose(page, {});
    const cleared = await embed(page);
    expect(cleared).toMatchObject({ cached: 0, computed: 2 });
    await page.close();
  });

  it('marks a model id that is not one word and never commits it: the settings and the link keep the last model', async () => {
    const page = await openPanel(suite.browser);
    const field = page.getByTestId('embed-model');
    const before = await field.inputValue();
    await field.fill('two words');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.press('Enter');
    expect(await field.inputValue()).toBe(before);
    expect(await field.getAttribute('aria-invalid')).toBe('false');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('promptwise-embeddings'))) ?? '{}').state?.settings?.model ?? before).toBe(before);
    await page.close();
  });

  it('shows a readable error for a bad base URL, and the rest of the app keeps working', async () => {
    const page = await openPanel(suite.browser);
    // A base that looks like a path but names another host is refused before anything is fetched (issue 14,
    // item 10); "sent no request outside localhost" below checks that nothing went to evil.example.
    for (const base of ['//evil.example/', '/\\evil.example/', 'javascript:alert(1)', 'data:text/plain,x']) {
      await choose(page, { base, device: 'wasm', dtype: 'q8' });
      expect(await page.getByTestId('embed-base-problem').textContent(), base).toMatch(/^Refused: /);
    }
    const refused = await embed(page);
    expect(refused.status).toBe('error');
    expect(refused.error).toBe('The model base URL is refused: only http(s) URLs and paths on this site can serve the weights (got a data: address).');

    await choose(page, { base: '/shared/models-missing/', device: 'wasm', dtype: 'q8' });
    expect(await page.getByTestId('embed-base-host').textContent()).toBe('Reads from this site (/shared/models-missing/); contacts no other host.');
    const failed = await embed(page);
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(
      /^Could not load the embedding model "fixtures\/tiny-random-bert" from \/shared\/models-missing\/: (a model file is missing there|the files there are not a transformers\.js model)[\s\S]*\.$/,
    );
    expect(failed.error).not.toMatch(/allowRemoteModels|local_files_only|undefined/);
    expect(await page.getByRole('alert').filter({ hasText: 'Could not load the embedding model' }).count()).toBe(1);

    // A host the page's Content-Security-Policy does not list (IPv6 loopback: only localhost and 127.0.0.1 are, for
    // live runs' models): named, and why (issue 42, item 7), never "not a transformers.js model".
    await choose(page, { base: 'http://[::1]:9/models/', device: 'wasm', dtype: 'q8' });
    const blocked = await embed(page);
    expect(blocked.status).toBe('error');
    expect(blocked.error).toBe(
      'Could not load the embedding model "fixtures/tiny-random-bert" from http://[::1]:9/models/: this page\'s Content-Security-Policy does not allow it to contact [::1]:9 (connect-src); a lab served by `npm run dev` or `vite preview` allows the hosts of PROMPTWISE_MODEL_HOSTS (docs/LAB.md, "Hosting").',
    );
    // A closed port of this machine, which the policy allows: nothing answers there, and the sentence says so.
    await choose(page, { base: 'http://127.0.0.1:9/models/', device: 'wasm', dtype: 'q8' });
    const closed = await embed(page);
    expect(closed.status).toBe('error');
    expect(closed.error).toBe(
      'Could not load the embedding model "fixtures/tiny-random-bert" from http://127.0.0.1:9/models/: 127.0.0.1:9 could not be reached (nothing answers there: the port is closed, the address is wrong, or the machine is offline).',
    );
    suite.browser.errors.splice(0); // the refused requests are logged as errors on purpose

    // The lab still runs and shows its results.
    await waitForCurrentResult(page);
    expect(await page.getByTestId('run-status').textContent()).toMatch(/^Done/);
    expect(await page.locator(ALGO_ROWS).count()).toBeGreaterThan(0);

    // Fixing the base URL recovers without a reload.
    await choose(page, { base: FIXTURE_BASE });
    const fixed = await embed(page);
    expect(fixed).toMatchObject({ status: 'ready', device: 'wasm', dims: 32 });
    // q8 again (the fixed settings' dtype): only the reference's first five fp32 values are at hand here.
    fixed.vectors.forEach((row, i) => {
      expect(referenceGap(row, FP32_REFERENCE.rows[i]), `q8 row ${i}`).toBeLessThanOrEqual(Q8_TOLERANCE.maxAbs);
    });
    await page.close();
  });

  it('follows another tab’s weights source as it is stored: a tab never shows one base URL while storage holds another (issue 42, item 7)', async () => {
    const a = await openPanel(suite.browser);
    await a.getByTestId('embed-preset-local').click();
    const b = await openPanel(suite.browser);
    expect(await b.getByTestId('embed-base').inputValue()).toBe(FIXTURE_BASE);
    // Tab B moves to the hub: tab A shows it at once, and so does what a reload of A would read.
    await b.getByTestId('embed-preset-hub').click();
    await waitForPage(a, `document.querySelector('[data-testid="embed-base"]')?.value === ''`, { timeout: 5_000 });
    expect(JSON.parse((await a.evaluate(() => localStorage.getItem('promptwise-embeddings'))) ?? '{}').state.settings.baseUrl).toBe('');
    // Each tab keeps its own model (the link's): A's is still the fixture, B's the hub default.
    expect(await a.getByTestId('embed-model').inputValue()).toBe(FIXTURE_MODEL);
    expect(await b.getByTestId('embed-model').inputValue()).toBe('Xenova/all-MiniLM-L6-v2');
    // And back: A picks the local weights, B follows; nothing bounces between them.
    await a.getByTestId('embed-preset-local').click();
    await waitForPage(b, `document.querySelector('[data-testid="embed-base"]')?.value === ${JSON.stringify(FIXTURE_BASE)}`, { timeout: 5_000 });
    const stored = await a.evaluate(() => localStorage.getItem('promptwise-embeddings'));
    await a.waitForTimeout(500);
    expect(await a.evaluate(() => localStorage.getItem('promptwise-embeddings'))).toBe(stored);
    await b.close();
    await a.close();
  });

  it('sent no request outside localhost', () => {
    expect(suite.browser.requests.length).toBeGreaterThan(0);
    assertNoExternalRequests(suite.browser);
  });
});

describe('embeddings in Chromium (WebGPU, SwiftShader)', () => {
  const suite = suiteBrowser({ extraArgs: ['--enable-unsafe-webgpu'] });

  it('auto picks WebGPU when an adapter exists, and it agrees with WASM', async () => {
    const page = await openPanel(suite.browser);
    await choose(page, { base: FIXTURE_BASE, device: 'auto', dtype: 'auto' });
    const gpu = await embed(page);
    expect(gpu.error).toBeNull();
    expect(gpu).toMatchObject({ status: 'ready', device: 'webgpu', dims: 32, computed: 2, dtype: 'fp32' });
    expect(await page.getByTestId('embed-device').textContent()).toBe('WebGPU');
    expectFp32Reference(gpu.vectors, 1e-4);

    await choose(page, { device: 'wasm', dtype: 'fp32' });
    const cpu = await embed(page);
    expect(cpu).toMatchObject({ status: 'ready', device: 'wasm', dims: 32, computed: 2, dtype: 'fp32' });
    expectFp32Reference(cpu.vectors);
    for (let i = 0; i < TEXTS.length; i++) {
      expect(cosine(gpu.vectors[i], cpu.vectors[i]), `row ${i}`).toBeGreaterThanOrEqual(0.9999);
    }
    assertNoExternalRequests(suite.browser);
    await page.close();
  });
});
