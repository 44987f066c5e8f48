import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLiveModels, queryCost, setPrice } from './models';

const good = { name: 'small', base_url: 'http://127.0.0.1:8000/v1/', model: 'llama', input_price_per_1M: 0.1, output_price_per_1M: 0.3 };
const file = (models: unknown[]) => JSON.stringify({ models });

describe('live-models.json', () => {
  it('reads each model; the base URL loses its trailing slash', () => {
    const [m] = parseLiveModels(file([{ ...good, api_key_env: 'MY_KEY' }]));
    expect(m).toEqual({ name: 'small', baseUrl: 'http://127.0.0.1:8000/v1', model: 'llama', inputPrice: 0.1, outputPrice: 0.3, apiKeyEnv: 'MY_KEY' });
    expect(setPrice(m)).toBeCloseTo(0.4, 12);
    expect(queryCost(m, { promptTokens: 1000, completionTokens: 2000, estimated: false })).toBeCloseTo((1000 * 0.1 + 2000 * 0.3) / 1e6, 15);
  });

  it.each([
    [file([{ ...good, base_url: 'ftp://x' }]), 'models[0].base_url: must be an http(s) URL such as http://127.0.0.1:8000/v1'],
    [file([{ ...good, base_url: 'https://user:secret@host/v1' }]), 'models[0].base_url: must not hold a user name or password'],
    [file([good, { ...good, input_price_per_1M: -1 }]), 'models[1].input_price_per_1M: must be a number ≥ 0 (US dollars per 1M tokens) (got -1)'],
    [file([{ ...good, model: undefined }]), "models[0].model: missing (expected the endpoint's model id)"],
    [file([good, good]), 'models[1].name: "small" is named twice'],
    [file([{ ...good, api_key: 'sk-123' }]), 'models[0].api_key'],
    [file([{ ...good, api_key_env: 'not a name' }]), 'models[0].api_key_env: must be the name of an environment variable'],
    [file([]), 'models: must be at least one model'],
    ['{"models": [', '(file): not valid JSON at line 1'],
    ['', '(file): empty'],
  ])('names the field of a bad file: %s', (text, message) => {
    expect(() => parseLiveModels(text)).toThrow(message);
  });

  it('never echoes a key written where a field is expected', () => {
    for (const base_url of ['https://user:sk-very-secret@host/v1', 'ftp://u:sk-very-secret@host', 'sk-very-secret', 'http://h/v1?key=sk-very-secret']) {
      let message = '';
      try {
        parseLiveModels(file([{ ...good, base_url }]));
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/^models\[0\]\.base_url: /);
      expect(message).not.toContain('sk-very-secret');
    }
  });
});

describe('docs/LIVE.md', () => {
  it('shows a live-models.json the parser reads', () => {
    const doc = readFileSync(new URL('../../../docs/LIVE.md', import.meta.url), 'utf8');
    const example = /## live-models\.json\s+```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    expect(parseLiveModels(example ?? '').map((m) => m.name)).toEqual(['llama-8b', 'gpt-4o']);
  });
});
