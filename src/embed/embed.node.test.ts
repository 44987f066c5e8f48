/**
 * Embeddings in Node through transformers.js and onnxruntime-node, on the shared tiny-random-bert fixture
 * (../shared/models): fp32 vectors equal the README's reference values, q8 vectors stay within the measured
 * quantization tolerance of fp32 (their digits depend on the CPU), and the cache serves repeated texts without
 * running the model.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cacheKey, embedCached, memoryStore } from './cache';
import { describeLoadError, EmbedLoadError, hostReach } from './errors';
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
} from './fixtureReference';
import { configureEnv, embedWith, loadExtractor } from './pipeline';
import { cosine, type EmbedDtype, type EmbedProgress, type EmbedSettings, rowsOf, weightsSource } from './types';

const MODELS_DIR = fileURLToPath(new URL('../../../shared/models/', import.meta.url));
const FIXTURE: EmbedSettings = { model: FIXTURE_MODEL, baseUrl: MODELS_DIR, device: 'wasm', dtype: 'auto' };

/** Each dtype's vectors of TEXTS, with the progress events of its load. */
const embedded = {} as Record<EmbedDtype, { rows: Float32Array[]; dims: number; events: EmbedProgress[] }>;

beforeAll(async () => {
  for (const dtype of ['q8', 'fp32'] as const) {
    const events: EmbedProgress[] = [];
    const { extractor } = await loadExtractor(FIXTURE, 'cpu', dtype, (p) => events.push(p));
    const { data, dims } = await embedWith(extractor, TEXTS);
    await extractor.dispose();
    embedded[dtype] = { rows: rowsOf({ data, dims, count: TEXTS.length }), dims, events };
  }
});

describe('embeddings in Node (onnxruntime-node)', () => {
  it('finds the shared fixture', () => {
    expect(existsSync(`${MODELS_DIR}fixtures/tiny-random-bert/onnx/model_quantized.onnx`), MODELS_DIR).toBe(true);
  });

  it('fp32: matches the reference values', () => {
    const { rows, dims } = embedded.fp32;
    expect(dims).toBe(FIXTURE_DIMS);
    FP32_REFERENCE.rows.forEach((expected, i) => {
      expect(referenceGap(rows[i], expected), `row ${i}: ${Array.from(rows[i].subarray(0, 5))}`).toBeLessThanOrEqual(FP32_TOLERANCE);
    });
    for (const row of rows) expect(Math.hypot(...row)).toBeCloseTo(1, 5); // normalised
    expect(Math.abs(cosine(rows[0], rows[1]) - FP32_REFERENCE.cosine)).toBeLessThanOrEqual(1e-4);
  });

  it('q8: within the quantization tolerance of fp32, text by text (its digits depend on the CPU)', () => {
    const { rows, dims } = embedded.q8;
    expect(dims).toBe(FIXTURE_DIMS);
    rows.forEach((row, i) => {
      const gap = quantizationGap(row, embedded.fp32.rows[i]);
      expect(gap.cosine, `row ${i}: cosine(q8, fp32)`).toBeGreaterThanOrEqual(Q8_TOLERANCE.minCosine);
      expect(gap.maxAbs, `row ${i}: max |q8 − fp32|`).toBeLessThanOrEqual(Q8_TOLERANCE.maxAbs);
      expect(Math.hypot(...row)).toBeCloseTo(1, 5);
    });
    expect(Math.abs(cosine(rows[0], rows[1]) - cosine(embedded.fp32.rows[0], embedded.fp32.rows[1]))).toBeLessThanOrEqual(Q8_PAIR_COSINE_GAP);
    // The tolerance can fail: q8 of one text is far from fp32 of the other.
    expect(quantizationGap(rows[0], embedded.fp32.rows[1]).cosine).toBeLessThan(Q8_TOLERANCE.minCosine);
  });

  for (const dtype of ['q8', 'fp32'] as const) {
    it(`reports download progress up to the total, then start-up (${dtype})`, () => {
      const { events } = embedded[dtype];
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
    // The cached vectors are the model's: the batch computed directly gives the same (same machine, same batch).
    rowsOf({ data: first.data, dims: FIXTURE_DIMS, count: TEXTS.length }).forEach((row, i) => {
      expect(cosine(row, embedded.q8.rows[i]), `row ${i}`).toBeGreaterThan(0.99999);
    });

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

  it('checks every cached record as it reads it: NaN, 1-element, non-vector and odd-length records are dropped, computed again and counted (issue 42, item 4)', async () => {
    const { extractor } = await loadExtractor(FIXTURE, 'cpu', 'fp32');
    const keyOf = (text: string) => cacheKey(FIXTURE, 'fp32', 'cpu', text);
    const store = memoryStore();
    let computedTexts = 0;
    const options = {
      store,
      keyOf,
      compute: (batch: string[]) => {
        computedTexts += batch.length;
        return embedWith(extractor, batch);
      },
    };
    const texts = ['one', 'two', 'three', 'four', 'five'];
    const clean = await embedCached(texts, options);
    expect([clean.cached, clean.computed, clean.dropped]).toEqual([0, 5, 0]);

    store.put(keyOf('one'), new Float32Array(FIXTURE_DIMS).fill(Number.NaN));
    store.put(keyOf('two'), new Float32Array([0.5]));
    store.put(keyOf('three'), 'not a vector');
    store.put(keyOf('four'), new Float32Array(FIXTURE_DIMS + 3).fill(0.1));
    computedTexts = 0;
    const healed = await embedCached(texts, options);
    expect([healed.cached, healed.computed, healed.dropped, healed.dims]).toEqual([1, 4, 4, FIXTURE_DIMS]);
    expect(computedTexts).toBe(4);
    expect(Array.from(healed.data)).toEqual(Array.from(clean.data));
    // The good vectors were stored over the bad ones: the next read is all cached.
    const after = await embedCached(texts, options);
    expect([after.cached, after.computed, after.dropped]).toEqual([5, 0, 0]);

    // Every record rewritten alike (all 1-element, or all of one wrong length): the model's own length decides.
    for (const t of texts) store.put(keyOf(t), new Float32Array(7).fill(0.2));
    store.put(keyOf('six'), undefined);
    const allWrong = await embedCached([...texts, 'six'], options);
    expect([allWrong.cached, allWrong.computed, allWrong.dropped, allWrong.dims]).toEqual([0, 6, 5, FIXTURE_DIMS]);
    expect(Array.from(allWrong.data.subarray(0, 5 * FIXTURE_DIMS))).toEqual(Array.from(clean.data));
    await extractor.dispose();
  });

  it('says which model, where, and why when the weights are missing', async () => {
    const missing: EmbedSettings = { ...FIXTURE, baseUrl: `${MODELS_DIR}does-not-exist/` };
    const error = await loadExtractor(missing, 'cpu', 'q8').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbedLoadError);
    expect((error as Error).message).toMatch(
      /^Could not load the embedding model "fixtures\/tiny-random-bert" from .*does-not-exist\/: a model file is missing there \(.*config\.json\)\.$/,
    );
  });

  it('maps offline and wrong-file errors to readable sentences', () => {
    const hub = { model: 'Xenova/all-MiniLM-L6-v2', baseUrl: '' };
    expect(describeLoadError(new TypeError('Failed to fetch'), hub)).toBe(
      'Could not load the embedding model "Xenova/all-MiniLM-L6-v2" from https://huggingface.co/: huggingface.co could not be reached (offline, or the address is wrong).',
    );
    // What the probe of the host found comes first, whatever the loader said next (issue 42, item 7).
    const mirror = { ...hub, baseUrl: 'http://127.0.0.1:9/models/' };
    const notJson = new SyntaxError('Unexpected end of JSON input');
    expect(describeLoadError(notJson, mirror, 'blocked')).toBe(
      'Could not load the embedding model "Xenova/all-MiniLM-L6-v2" from http://127.0.0.1:9/models/: this page\'s Content-Security-Policy does not allow it to contact 127.0.0.1:9 (connect-src); a lab served by `npm run dev` or `vite preview` allows the hosts of PROMPTWISE_MODEL_HOSTS (docs/LAB.md, "Hosting").',
    );
    expect(describeLoadError(notJson, mirror, 'unreachable')).toBe(
      'Could not load the embedding model "Xenova/all-MiniLM-L6-v2" from http://127.0.0.1:9/models/: 127.0.0.1:9 could not be reached (nothing answers there: the port is closed, the address is wrong, or the machine is offline).',
    );
    expect(describeLoadError(new SyntaxError(`Unexpected token '<', "<!doctype "... is not valid JSON`), { ...hub, baseUrl: '/models/' })).toMatch(
      /^Could not load the embedding model "Xenova\/all-MiniLM-L6-v2" from \/models\/: the files there are not a transformers.js model/,
    );
  });

  it('probes the host of a failed load: a closed port of this machine is unreachable; a path on the site is not probed', async () => {
    expect(await hostReach({ baseUrl: 'http://127.0.0.1:9/models/' })).toBe('unreachable');
    expect(await hostReach({ baseUrl: '/shared/models/' })).toBe(null);
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

  it('refuses a base URL that is not http(s) or a path, or that names another host as a path (issue 14, item 10)', () => {
    expect(weightsSource('')).toEqual({ kind: 'hub', url: 'https://huggingface.co/', host: 'huggingface.co' });
    expect(weightsSource(' https://models.example.org:8443/m ')).toEqual({
      kind: 'remote',
      url: 'https://models.example.org:8443/m',
      host: 'models.example.org:8443',
    });
    expect(weightsSource('/shared/models/')).toEqual({ kind: 'site', path: '/shared/models/' });
    expect(weightsSource('models/')).toEqual({ kind: 'site', path: 'models/' });
    expect(weightsSource('C:\\models')).toEqual({ kind: 'site', path: 'C:\\models' });
    for (const [base, problem] of [
      ['javascript:alert(1)', 'only http(s) URLs and paths on this site can serve the weights (got a javascript: address)'],
      ['data:text/plain,x', 'only http(s) URLs and paths on this site can serve the weights (got a data: address)'],
      ['file:///etc/', 'only http(s) URLs and paths on this site can serve the weights (got a file: address)'],
      ['//evil.example/', '"//evil.example/" would fetch from another host; write https://host/… to mean one'],
      ['/\\evil.example/', '"/\\\\evil.example/" would fetch from another host; write https://host/… to mean one'],
      ['/\t/evil.example/', '"/\\t/evil.example/" would fetch from another host; write https://host/… to mean one'],
      ['https://[bad', '"https://[bad" is not a valid URL'],
    ]) {
      expect(weightsSource(base), base).toEqual({ kind: 'refused', problem });
      expect(() => configureEnv(base)).toThrow(new EmbedLoadError(`The model base URL is refused: ${problem}.`));
    }
  });
});
