/**
 * The import dialog's stages in Node: picking files previews them (and prefills prices from a models.json),
 * a bad file or a bad import lands in the error stage with the exact message and leaves the selected world and
 * the last preview untouched, and a file over 50 MB is refused before it is read. Saving to IndexedDB (the
 * accepted stage, the list of imports, reloads) runs in the real browser: e2e/import.e2e.ts.

 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** What the store reads of a picked file (the DOM's File has more). */
interface PickedFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

let store: typeof import('./importStore')['useImport'];
let params: typeof import('./params')['useParams'];

const picked = (name: string, text: string | Uint8Array): PickedFile => {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return { name, size: bytes.byteLength, arrayBuffer: async () => bytes.slice().buffer };
};
const state = () => store.getState();

beforeEach(async () => {
  vi.resetModules();
  store = (await import('./importStore')).useImport;
  params = (await import('./params')).useParams;
  params.getState().set({ world: 'sudoku' });
});

const CSV = 'id,text,task,small,large\n1,hello,greet,1,1\n2,two plus two,math,0,1\n';
const MODELS_JSON = JSON.stringify([
  { name: 'small', input_price_per_1M: 0.1, output_price_per_1M: 0.2 },
  { name: 'large', set_price: 5 },
]);

describe('sameNamedImport', () => {
  const stored = [
    { id: 'prompts-abc', name: 'prompts', rows: 600, models: ['a', 'b'], importedAt: 1 },
    { id: 'x-def', name: 'My Set', rows: 3, models: ['a'], importedAt: 2 },
  ];
  it('finds a stored import of the same name, trimmed and in any case', async () => {
    const { sameNamedImport } = await import('./importStore');
    expect(sameNamedImport('prompts', stored)?.id).toBe('prompts-abc');
    expect(sameNamedImport('  my set ', stored)?.id).toBe('x-def');
    expect(sameNamedImport('prompts 2', stored)).toBeUndefined();
    expect(sameNamedImport('   ', stored)).toBeUndefined();
  });
});

describe('import store', () => {
  it('idle → preview: a CSV and its models.json, prices prefilled', async () => {
    expect(state().stage).toBe('idle');
    await state().selectFiles([picked('my-prompts.csv', CSV), picked('models.json', MODELS_JSON)]);
    expect(state().stage).toBe('preview');
    expect(state().error).toBeNull();
    expect(state().name).toBe('my-prompts');
    expect(state().preview?.rows).toHaveLength(2);
    expect(state().mapping).toEqual({ textColumn: 'text', idColumn: 'id', taskColumn: 'task', modelColumns: ['small', 'large'] });
    expect(state().prices).toEqual({ small: '0.3', large: '5' });
    expect(state().costMode).toBe('set');
  });

  it('prefills and keeps the price of a model named __proto__ (issue 14, item 4)', async () => {
    const csv = CSV.replace('small,large', '__proto__,constructor');
    const models = MODELS_JSON.replace('"small"', '"__proto__"').replace('"large"', '"constructor"');
    await state().selectFiles([picked('p.csv', csv), picked('models.json', models)]);
    expect(Object.entries(state().prices)).toEqual([
      ['__proto__', '0.3'],
      ['constructor', '5'],
    ]);
    state().setPrice('__proto__', '7');
    expect(Object.entries(state().prices)).toEqual([
      ['__proto__', '7'],
      ['constructor', '5'],
    ]);
  });

  it('a JSONL with a per-prompt cost field starts in per-prompt mode', async () => {
    const text = readFileSync('../shared/data/routeprofile-ulab/prompts.jsonl', 'utf8');
    await state().selectFiles([picked('prompts.jsonl', text)]);
    expect(state().stage).toBe('preview');
    expect(state().models).toHaveLength(8);
    expect(state().costMode).toBe('per_prompt');
    expect(state().costField).toBe('cost_usd');
  });

  it('a bad file → error with the exact message; the previous preview and the world stay', async () => {
    await state().selectFiles([picked('good.csv', CSV)]);
    const before = state().preview;
    await state().selectFiles([picked('bad.jsonl', '{"id": 1, "text": "x", "task": "t", "outcomes": {"a": 1}}\n{"id": 2,\n')]);
    expect(state().stage).toBe('error');
    expect(state().error?.message).toMatch(/^bad\.jsonl line 2: not valid JSON at column 10 \(/);
    expect(state().error?.line).toBe(2);
    expect(state().preview).toBe(before);
    expect(params.getState().params.world).toBe('sudoku');
  });

  it('a file over 50 MB is refused on its size, without being read', async () => {
    const arrayBuffer = vi.fn(async () => new ArrayBuffer(0));
    await state().selectFiles([{ name: 'huge.jsonl', size: 50 * 2 ** 20 + 1, arrayBuffer }]);
    expect(state().stage).toBe('error');
    expect(state().error?.message).toBe('huge.jsonl: the file is 50.0 MB (52428801 bytes); the limit is 50 MB (52428800 bytes)');
    expect(arrayBuffer).not.toHaveBeenCalled();
  });

  it('warns of bytes that are not UTF-8 and of a column left out of the models (issue 14, item 8)', async () => {
    // "café" in Latin-1 (é = 0xE9) on line 2, and a "passed" column of yes/no: both would be lost without a word.
    const latin1 = Uint8Array.from(
      [...'id,text,passed,small\n1,caf'].map((c) => c.charCodeAt(0)).concat([0xe9, ...[...',yes,1\n2,two,no,0\n'].map((c) => c.charCodeAt(0))]),
    );
    await state().selectFiles([picked('latin.csv', latin1)]);
    expect(state().stage).toBe('preview');
    expect(state().models).toEqual(['small']);
    const { importWarnings } = await import('../engine/import');
    expect(importWarnings(state().preview!, state().mapping)).toEqual([
      'latin.csv is not UTF-8: 1 character could not be read and show as "\uFFFD" (first on line 2); save it as UTF-8 to keep them',
      'column "passed" is not used as a model: no outcome (a number in [0, 1]) in its first 2 rows; line 2 holds "yes"',
    ]);
    state().toggleModel('passed');
    expect(importWarnings(state().preview!, state().mapping)).toHaveLength(1);
    // A numeric column the user unticks is a choice, not a loss: it is not repeated back as a warning.
    state().toggleModel('small');
    expect(importWarnings(state().preview!, state().mapping)).toHaveLength(1);
  });

  it('run with a bad price → error naming the model; nothing saved, the world unchanged', async () => {
    await state().selectFiles([picked('p.csv', CSV), picked('models.json', MODELS_JSON)]);
    state().setPrice('large', '-1');
    expect(await state().runImport()).toBeNull();
    expect(state().stage).toBe('error');
    expect(state().error?.message).toBe('prices, model "large": must be a positive number (got -1)');
    expect(params.getState().params.world).toBe('sudoku');
    // The form is still there to fix.
    expect(state().preview).not.toBeNull();
  });

  it('typed prices survive a failed import and the fixed file picked again (issue 41, item 8)', async () => {
    await state().selectFiles([picked('p.csv', `${CSV}3,again,math,1,7\n`)]);
    state().setPrice('small', '0.5');
    state().setPrice('large', '12');
    expect(await state().runImport()).toBeNull();
    expect(state().stage).toBe('error');
    expect(state().prices).toMatchObject({ small: '0.5', large: '12' });
    // The user fixes the file and picks it again: the typed prices are still there.
    await state().selectFiles([picked('p.csv', CSV)]);
    expect(state().stage).toBe('preview');
    expect(state().prices).toMatchObject({ small: '0.5', large: '12' });
    // A models.json picked with it prices its models, over what was typed.
    await state().selectFiles([picked('p.csv', CSV), picked('models.json', MODELS_JSON)]);
    expect(state().prices).toMatchObject({ small: '0.3', large: '5' });
  });

  it('run with a bad row → error with line and column', async () => {
    await state().selectFiles([picked('p.csv', `${CSV}3,again,math,1,7\n`), picked('models.json', MODELS_JSON)]);
    expect(await state().runImport()).toBeNull();
    expect(state().error?.message).toBe('p.csv line 4, column "large": outcome 7 is outside [0, 1]');
    expect(state().error).toMatchObject({ file: 'p.csv', line: 4, field: 'large' });
  });

  it('a column taken as the task column leaves the models; unticking a model drops it', async () => {
    await state().selectFiles([picked('p.csv', CSV)]);
    state().setMapping({ taskColumn: 'small' });
    expect(state().models).toEqual(['large']);
    state().setMapping({ taskColumn: 'task' });
    state().toggleModel('small');
    expect(state().models).toEqual(['small', 'large']);
    state().toggleModel('large');
    expect(state().models).toEqual(['small']);
    expect(state().mapping?.modelColumns).toEqual(['small']);
  });
});
