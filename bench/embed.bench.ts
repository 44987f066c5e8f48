/**
 * `npm run bench`, third part: embedding throughput (prompts/s), Chromium WASM against onnxruntime-node, on a
 * random model with all-MiniLM-L6-v2's exact shape (hidden 384, 6 layers, 12 heads, intermediate 1536; built
 * here into a temp dir by ../shared/models/fixtures/make_tiny_bert.py, never committed), q8 weights, batch 1 and
 * batch 32. Target (issue 11): the browser within 2× of Node. Prints numbers; a missed target is reported, not an exit code.
 *
 * Needs Debian's python3-onnx and python3-numpy for /usr/bin/python3 (the one install line is printed when they
 * are missing). Chromium runs a bare page (bench/embed-page.html) built into a temp dir with the app's vite
 * config, which uses the app's embedding worker through src/workers/embedBridge.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { launchBrowser, waitForPage } from '../e2e/browser';
import { embedWith, loadExtractor } from '../src/embed/pipeline';
import type { EmbedDtype, EmbedSettings } from '../src/embed/types';
import { recordForDocs } from './docTables';

recordForDocs('embed');

const root = fileURLToPath(new URL('..', import.meta.url));
const SHARED_MODELS = join(root, '../shared/models');
const MAKE_MODEL = join(SHARED_MODELS, 'fixtures/make_tiny_bert.py');
const TOKENIZER_DIR = join(SHARED_MODELS, 'Xenova/all-MiniLM-L6-v2');
const PROMPTS = join(root, '../shared/data/routeprofile-ulab/prompts.jsonl');
const PYTHON = '/usr/bin/python3';
const APT_LINE = 'apt-get install -y python3-onnx python3-numpy';
const MINILM_DIMS = '384,6,12,1536';
const MODEL_ID = 'bench/minilm-random';
/** q8 (the default on WASM, onnx/model_quantized.onnx) unless BENCH_EMBED_DTYPE=fp32. */
const DTYPE: EmbedDtype = process.env.BENCH_EMBED_DTYPE === 'fp32' ? 'fp32' : 'q8';
/** Prompts per measurement: batch 1 embeds BATCH1_COUNT one by one; batch 32 embeds all of them, 32 a call. */
const PROMPT_COUNT = 96;
const BATCH1_COUNT = 32;
const BATCH = 32;
const TARGET_RATIO = 2;

const log = (s: string) => process.stderr.write(`${s}\n`);

/** PROMPT_COUNT real prompts spread over the file (RouterProfile: 12 tasks, short and long). */
function loadPrompts(): string[] {
  const lines = readFileSync(PROMPTS, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const step = Math.max(1, Math.floor(lines.length / PROMPT_COUNT));
  return lines
    .filter((_, i) => i % step === 0)
    .slice(0, PROMPT_COUNT)
    .map((l) => (JSON.parse(l) as { text: string }).text);
}

function buildModel(modelsRoot: string): boolean {
  const check = spawnSync(PYTHON, ['-c', 'import onnx, numpy'], { encoding: 'utf8' });
  if (check.status !== 0) {
    console.log(`python3-onnx / python3-numpy are missing for ${PYTHON}: install them with  ${APT_LINE}`);
    return false;
  }
  const out = join(modelsRoot, MODEL_ID);
  const t0 = performance.now();
  const r = spawnSync(PYTHON, [MAKE_MODEL, out, TOKENIZER_DIR], { env: { ...process.env, TINY_DIMS: MINILM_DIMS }, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) throw new Error(`make_tiny_bert.py failed (exit ${r.status ?? r.signal})`);
  log(`built the MiniLM-sized random model in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${out}`);
  return true;
}

interface Rates {
  batch1: number;
  batch32: number;
}

/** prompts/s: batch 1 over the first BATCH1_COUNT prompts, batch 32 over all; one warm-up call first. */
async function measure(embed: (texts: string[]) => Promise<void>, prompts: string[]): Promise<Rates> {
  await embed(prompts.slice(0, BATCH)); // warm-up: session start, kernels, allocator
  let t0 = performance.now();
  for (const p of prompts.slice(0, BATCH1_COUNT)) await embed([p]);
  const batch1 = BATCH1_COUNT / ((performance.now() - t0) / 1000);
  t0 = performance.now();
  for (let i = 0; i < prompts.length; i += BATCH) await embed(prompts.slice(i, i + BATCH));
  const batch32 = prompts.length / ((performance.now() - t0) / 1000);
  return { batch1, batch32 };
}

async function measureNode(modelsRoot: string, prompts: string[], threads?: number): Promise<Rates> {
  const settings: EmbedSettings = { model: MODEL_ID, baseUrl: modelsRoot, device: 'wasm', dtype: DTYPE };
  const { extractor } = await loadExtractor(settings, 'cpu', DTYPE, undefined, threads ? { intraOpNumThreads: threads } : undefined);
  try {
    return await measure(async (texts) => void (await embedWith(extractor, texts)), prompts);
  } finally {
    await extractor.dispose();
  }
}

async function measureBrowser(modelsRoot: string, prompts: string[]): Promise<Rates & { chromium: string; threads: string }> {
  const outDir = mkdtempSync(join(tmpdir(), 'pwl-embed-bench-dist-'));
  const previous = process.env.PROMPTWISE_MODELS_DIR;
  process.env.PROMPTWISE_MODELS_DIR = modelsRoot; // read by vite/sharedFiles.ts when the server starts
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  const browser = await launchBrowser();
  try {
    await build({
      root,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, sourcemap: false, rolldownOptions: { input: { bench: join(root, 'bench/embed-page.html') } } },
    });
    server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, open: false } });
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('vite preview gave no local URL');
    const page = await browser.newPage();
    await page.goto(`${url}bench/embed-page.html`);
    await waitForPage(page, `document.getElementById('state')?.textContent === 'ready'`);
    const chromium = await page.evaluate<string>('navigator.userAgent').then((ua) => ua.match(/Chrome\/([\d.]+)/)?.[1] ?? ua);
    const threads = await page.evaluate<string>(`String(self.crossOriginIsolated ? navigator.hardwareConcurrency : 1)`);
    const settings: EmbedSettings = { model: MODEL_ID, baseUrl: '/shared/models/', device: 'wasm', dtype: DTYPE };
    const rates = await measure(async (texts) => {
      // Clear first: every call measures the model, never the cache (clearing is outside the worker's compute
      // but inside the timed loop; it costs about a millisecond).
      await page.evaluate(
        `(async () => {
          await window.__embedBench.clearEmbeddingCache();
          const r = await window.__embedBench.embedInWorker(${JSON.stringify(texts)}, ${JSON.stringify(settings)});
          if (r.computed !== ${new Set(texts).size} || r.device !== 'wasm') throw new Error('unexpected: ' + r.computed + ' computed on ' + r.device);
        })()`,
      );
    }, prompts);
    if (browser.externalRequests().length > 0)
      throw new Error(
        `requests left localhost: ${browser
          .externalRequests()
          .map((r) => r.url)
          .join(', ')}`,
      );
    return { ...rates, chromium, threads };
  } finally {
    await browser.close();
    await server?.close();
    if (previous === undefined) delete process.env.PROMPTWISE_MODELS_DIR;
    else process.env.PROMPTWISE_MODELS_DIR = previous;
    rmSync(outDir, { recursive: true, force: true });
  }
}

const fmt = (x: number) => x.toFixed(1);

async function main(): Promise<void> {
  console.log(`# embedding benchmark — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0].toFixed(2)}`);
  console.log('');
  if (!existsSync(MAKE_MODEL) || !existsSync(PROMPTS)) {
    console.log(`../shared is missing (${MAKE_MODEL}, ${PROMPTS}): skipped`);
    return;
  }
  const modelsRoot = mkdtempSync(join(tmpdir(), 'pwl-embed-bench-models-'));
  try {
    if (!buildModel(modelsRoot)) return;
    const prompts = loadPrompts();
    log(`Node (onnxruntime-node, default threads)…`);
    const node = await measureNode(modelsRoot, prompts);
    log(`Node (onnxruntime-node, 1 thread)…`);
    const node1 = await measureNode(modelsRoot, prompts, 1);
    log(`Chromium (WASM, the app's embedding worker)…`);
    const web = await measureBrowser(modelsRoot, prompts);

    console.log(
      `MiniLM-sized random model (TINY_DIMS=${MINILM_DIMS}), ${DTYPE} weights, ${prompts.length} RouterProfile prompts (batch 1: the first ${BATCH1_COUNT})`,
    );
    console.log(
      `Chromium ${web.chromium} headless, WASM with ${web.threads} thread(s) ${web.threads === '1' ? '(the page is not cross-origin isolated)' : '(cross-origin isolated: vite.config.ts)'}`,
    );
    console.log('');
    console.log('| batch | Chromium WASM (prompts/s) | Node, default threads | Node, 1 thread | Node ÷ Chromium | target |');
    console.log('| ---: | ---: | ---: | ---: | ---: | --- |');
    for (const [label, key] of [
      ['1', 'batch1'],
      ['32', 'batch32'],
    ] as const) {
      const ratio = node[key] / web[key];
      const met = ratio <= TARGET_RATIO;
      console.log(
        `| ${label} | ${fmt(web[key])} | ${fmt(node[key])} | ${fmt(node1[key])} | ${met ? '' : '**'}${ratio.toFixed(2)}×${met ? '' : '**'} | ≤ ${TARGET_RATIO}×${met ? '' : ' (missed)'} |`,
      );
    }
  } finally {
    rmSync(modelsRoot, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
