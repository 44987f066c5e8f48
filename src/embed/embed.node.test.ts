/**
 * Embeddings in Node through transformers.js and onnxruntime-node, on the shared tiny-random-bert fixture
 * (../shared/models): the vectors must equal the reference values in ../shared/models/README.md, and the
 * cache must serve repeated texts without running the model.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cacheKey, embedCached, memoryStore } from './cache';
import { describeLoadError, EmbedLoadError } from './errors';
import { configureEnv, embedWith, loadExtractor } from './pipeline';
import { cosine, rowsOf, type EmbedProgress, type EmbedSettings } from './types';

const MODELS_DIR = fileURLToPath(new URL('../../../shared/models/', import.meta.url));
const FIXTURE: EmbedSettings = { model: 'fixtures/tiny-random-bert', baseUrl: MODELS_DIR, device: 'wasm', dtype: 'auto' };
const TEXTS = ['hello world', 'def add(a,b): return a+b'];

/** ../shared/models/README.md: first five values of each row, and the rows' cosine. */
const REFERENCE = {
  q8: {
    rows: [
      [0.039873, 0.021192, -0.121288, -0.144314, 0.119476],
      [0.119474, -0.085315, -0.101866, -0.008469, 0.226887],
    ],
    cosine: 0.4869,
  },
  fp32: {
    rows: [
      [0.040915, 0.011297, -0.124649, -0.145139, 0.117898],
      [0.121766, -0.088652, -0.103034, -0.007863, 0.225568],
    ],
    cosine: 0.4872,
  },
} as const;

describe('embeddings in Node (onnxruntime-node)', () => {
  it('finds the shared fixture', () => {
    expect(existsSync(`${MODELS_DIR}fixtures/tiny-random-bert/onnx/model_quantized.onnx`), MODELS_DIR).toBe(true);
  });

  for (const dtype of ['q8', 'fp32'] as const) {
    it(`matches the reference values (${dtype})`, async () => {
      const events: EmbedProgress[] = [];
      const { extractor } = await loadExtractor(FIXTURE, 'cpu', dtype, (p) => events.push(p));
      const { data, dims } = await embedWith(extractor, TEXTS);
      await extractor.dispose();
      expect(dims).toBe(32);
      const rows = rowsOf({ data, dims, count: TEXTS.length });
      REFERENCE[dtype].rows.forEach((expected, i) => {
        expected.forEach((value, j) => expect(Math.abs(rows[i][j] - value), `row ${i} value ${j}: ${rows[i][j]}`).toBeLessThanOrEqual(1e-5));
      });
      for (const row of rows) expect(Math.hypot(...row)).toBeCloseTo(1, 5); // normalised
      expect(cosine(rows[0], rows[1])).toBeCloseTo(REFERENCE[dtype].cosine, 4);
      // Download progress reaches the total, then start-up is reported.
      const download = events.filter((e) => e.phase === 'download');
      expect(download.length).toBeGreaterThan(0);
      const last = download.at(-1)!;
      expect(last.phase === 'download' && last.loaded === last.total && last.total > 1_000_000).toBe(true);
      expect(events.some((e) => e.phase === 'startup')).toBe(true);
    });
  }

  it('serves cached texts without running the model and computes each missing text once', async () => {
    const { extractor } = await loadExtractor(FIXTURE, 'cpu', 'q8');
    const store = memoryStore();
    const computedBatches: string[][] = [];
    const options = {
      store,
      keyOf: (text: string) => cacheKey(FIXTURE, 'q8', 'cpu', text),
      batchSize: 2,
      compute: (batch: string[]) => {
        computedBatches.push(batch);
        return embedWith(extractor, batch);
      },
    };
    const first = await embedCached(TEXTS, options);
    expect([first.cached, first.computed]).toEqual([0, 2]);
    expect(Array.from(first.data.slice(0, 5)).map((x) => Number(x.toFixed(6)))).toEqual(REFERENCE.q8.rows[0]);

    computedBatches.length = 0;
    const again = await embedCached([TEXTS[1], 'a third text', TEXTS[0], 'a third text', 'four', 'five'], options);
    expect([again.cached, again.computed]).toEqual([2, 3]);
    // Missing texts go shortest first, so a batch pads little; duplicates are computed once.
    expect(computedBatches).toEqual([['four', 'five'], ['a third text']]);
    expect(Array.from(again.data.subarray(2 * 32, 3 * 32))).toEqual(Array.from(first.data.subarray(0, 32)));
    expect(Array.from(again.data.subarray(32, 64))).toEqual(Array.from(again.data.subarray(3 * 32, 4 * 32)));
    expect(store.size()).toBe(5);

    // A text computed alone equals its cached vector from a batch of its own.
    const alone = await embedWith(extractor, ['a third text']);
    expect(cosine(alone.data, again.data.subarray(32, 64))).toBeGreaterThan(0.99999);
    // With batch-mates it differs only slightly: padding is masked, but q8's dynamic quantization scales the
    // activations of the whole batch together.
    const five = await embedWith(extractor, ['five']);
    expect(cosine(five.data, again.data.subarray(5 * 32, 6 * 32))).toBeGreaterThan(0.9999);
    await extractor.dispose();
  });

  it('says which model, where, and why when the weights are missing', async () => {
    const missing: EmbedSettings = { ...FIXTURE, baseUrl: `${MODELS_DIR}does-not-exist/` };
    const error = await loadExtractor(missing, 'cpu', 'q8').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbedLoadError);
    expect((error as Error).message).toMatch(/^Could not load the embedding model "fixtures\/tiny-random-bert" from .*does-not-exist\/: a model file is missing there \(.*config\.json\)\.$/);
  });

  it('maps offline and wrong-file errors to readable sentences', () => {
    const hub = { model: 'Xenova/all-MiniLM-L6-v2', baseUrl: '' };
    expect(describeLoadError(new TypeError('Failed to fetch'), hub)).toBe(
      'Could not load the embedding model "Xenova/all-MiniLM-L6-v2" from https://huggingface.co/: the server could not be reached (offline, or the address is wrong).',
    );
    expect(describeLoadError(new SyntaxError(`Unexpected token '<', "<!doctype "... is not valid JSON`), { ...hub, baseUrl: '/models/' })).toMatch(
      /^Could not load the embedding model "Xenova\/all-MiniLM-L6-v2" from \/models\/: the files there are not a transformers.js model/,
    );
  });

  it('configures the hub, a self-hosted URL and a local folder', async () => {
    const { env } = await import('@huggingface/transformers');
    configureEnv('https://models.example.org/mirror');
    expect([env.allowRemoteModels, env.remoteHost, env.remotePathTemplate]).toEqual([true, 'https://models.example.org/mirror/', '{model}/']);
    configureEnv('');
    expect([env.allowRemoteModels, env.allowLocalModels, env.remoteHost]).toEqual([true, false, 'https://huggingface.co/']);
    configureEnv(MODELS_DIR);
    expect([env.allowRemoteModels, env.allowLocalModels, env.localModelPath]).toEqual([false, true, MODELS_DIR]);
  });
});
