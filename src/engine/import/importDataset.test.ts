/**
 * Importing prompts files: the happy paths (CSV and JSONL, with set or per-prompt costs) and every way a file
 * is refused, each with its exact one-line message naming the file, the line and the column or field.
 */
import { describe, expect, it } from 'vitest';
import { datasetWorldOf } from '../lab/datasetSource';
import { readPromptRows } from '../worlds/prompts';
import { parseCsv } from './csv';
import { checkImportSize, MAX_IMPORT_BYTES } from './errors';
import { importId } from './id';
import { type ImportedDataset, importDataset, importWarnings, parsePrices, previewPrompts } from './importDataset';
import { notAModelReason } from './mapping';
import { parseModelsJson } from './models';
import { file, importErrorOf } from './testUtil';
import { importedSource } from './world';

const CSV = ['id,prompt,task,gpt-4o,claude', 'q1,What is 2+2?,math,1,0', 'q2,"Write a haiku, please",poetry,0.5,1', 'q3,"Two', 'lines",poetry,0,0.25', ''].join(
  '\n',
);

const jsonl = (...rows: object[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
const ROW1 = { id: 'a', text: 'first', task: 't1', outcomes: { m1: 1, m2: 0 }, cost_usd: { m1: 1e-5, m2: 2e-5 }, extra: 'dropped' };
const ROW2 = { id: 'b', text: 'second', task: 't2', outcomes: { m1: 0.5, m2: 1 }, cost_usd: { m1: 1.5e-5, m2: 3e-5 } };

/** The imported prompts, as objects. */
const rowsOf = (d: ImportedDataset) =>
  d.promptsJsonl
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

/** The dataset world the lab builds from an import (src/workers/worldSource.ts), with text features. */
function worldOf(d: ImportedDataset) {
  return datasetWorldOf(importedSource(d), { features: 'hashed-ngrams', dim: 64, costs: Array.isArray(d.costs) ? 'prices' : 'per-query' });
}

describe('CSV import', () => {
  it('previews the first rows and proposes text, id, task and model columns', () => {
    const preview = previewPrompts(file('prompts.csv', CSV));
    expect(preview.format).toBe('csv');
    expect(preview.columns).toEqual(['id', 'prompt', 'task', 'gpt-4o', 'claude']);
    expect(preview.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(preview.rows[2].cells[1]).toBe('Two\nlines');
    expect(preview.mapping).toEqual({ textColumn: 'prompt', idColumn: 'id', taskColumn: 'task', modelColumns: ['gpt-4o', 'claude'] });
  });

  it('imports every row as a world-format prompt the engine builds a world from', () => {
    const d = importDataset({ name: 'mine', prompts: file('prompts.csv', CSV), costs: { mode: 'set', prices: { 'gpt-4o': '10', claude: 3 } } });
    expect(d).toMatchObject({ name: 'mine', models: ['gpt-4o', 'claude'], costs: [10, 3], rows: 3, tasks: ['math', 'poetry'] });
    expect(d.source).toEqual({ files: ['prompts.csv'], bytes: CSV.length });
    expect(rowsOf(d)).toEqual([
      { id: 'q1', text: 'What is 2+2?', task: 'math', outcomes: { 'gpt-4o': 1, claude: 0 } },
      { id: 'q2', text: 'Write a haiku, please', task: 'poetry', outcomes: { 'gpt-4o': 0.5, claude: 1 } },
      { id: 'q3', text: 'Two\nlines', task: 'poetry', outcomes: { 'gpt-4o': 0, claude: 0.25 } },
    ]);
    const world = worldOf(d);
    expect(world.arms).toEqual(['gpt-4o', 'claude']);
    expect(world.categories).toEqual(['math', 'poetry']);
  });

  it('keeps an answer column (found by its name, never a model) for live runs’ graders, and replays as before', () => {
    const text = 'prompt,answer,small,large\nPick A or B,B,0,1\nPick C or D,,1,1\n';
    const preview = previewPrompts(file('p.csv', text));
    expect(preview.mapping).toEqual({
      textColumn: 'prompt',
      idColumn: undefined,
      taskColumn: undefined,
      answerColumn: 'answer',
      modelColumns: ['small', 'large'],
    });
    const d = importDataset({ name: 'x', prompts: file('p.csv', text), mapping: preview.mapping, costs: { mode: 'set', prices: { small: 1, large: 5 } } });
    expect(rowsOf(d)).toEqual([
      { id: '1', text: 'Pick A or B', task: 'all', answer: 'B', outcomes: { small: 0, large: 1 } },
      { id: '2', text: 'Pick C or D', task: 'all', outcomes: { small: 1, large: 1 } },
    ]);
    expect(worldOf(d).arms).toEqual(['small', 'large']);
    const json = importDataset({ name: 'y', prompts: file('p.jsonl', jsonl({ ...ROW1, answer: 42 }, ROW2)), costs: { mode: 'set', prices: { m1: 1, m2: 2 } } });
    expect(json.promptsJsonl.split('\n').map((l) => (l ? JSON.parse(l).answer : undefined))).toEqual(['42', undefined, undefined]);
  });

  it('without id and task columns: ids are row numbers, the task is "all"', () => {
    const text = 'text,a,b\nhello,1,0\nworld,0,1\n';
    const d = importDataset({
      name: 'x',
      prompts: file('p.csv', text),
      mapping: { textColumn: 'text', modelColumns: ['a', 'b'] },
      costs: { mode: 'set', prices: { a: 1, b: 2 } },
    });
    expect(
      d.promptsJsonl
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['1', '2']);
    expect(d.tasks).toEqual(['all']);
  });

  const MAPPING = { textColumn: 'prompt', idColumn: 'id', taskColumn: 'task', modelColumns: ['gpt-4o', 'claude'] };
  const bad = (csv: string, prices: Record<string, string | number> = { 'gpt-4o': 1, claude: 1 }) =>
    importErrorOf(() => importDataset({ name: 'x', prompts: file('prompts.csv', csv), mapping: MAPPING, costs: { mode: 'set', prices } })).message;

  it('the proposed mapping keeps a model column with a bad outcome, so the import names it', () => {
    const csv = CSV.replace('q1,What is 2+2?,math,1,0', 'q1,What is 2+2?,math,1.3,0');
    expect(previewPrompts(file('prompts.csv', csv)).models).toEqual(['gpt-4o', 'claude']);
    expect(
      importErrorOf(() => importDataset({ name: 'x', prompts: file('prompts.csv', csv), costs: { mode: 'set', prices: { 'gpt-4o': 1, claude: 1 } } })).message,
    ).toBe('prompts.csv line 2, column "gpt-4o": outcome 1.3 is outside [0, 1]');
  });

  it('a model column whose first rows hold yes, NaN or Infinity is proposed, so the import names the cell (issue 14, item 8)', () => {
    for (const junk of ['yes', 'NaN', 'Infinity']) {
      const csv = CSV.replace('q1,What is 2+2?,math,1,0', `q1,What is 2+2?,math,${junk},0`);
      const preview = previewPrompts(file('prompts.csv', csv));
      expect(preview.models, junk).toEqual(['gpt-4o', 'claude']);
      expect(importWarnings(preview, preview.mapping!)).toEqual([]);
      expect(
        importErrorOf(() => importDataset({ name: 'x', prompts: file('prompts.csv', csv), costs: { mode: 'set', prices: { 'gpt-4o': 1, claude: 1 } } }))
          .message,
      ).toBe(`prompts.csv line 2, column "gpt-4o": outcome "${junk}" is not a number`);
    }
  });

  it('an outcome outside [0, 1] names the line and the column', () => {
    const csv = CSV.replace('q1,What is 2+2?,math,1,0', 'q1,What is 2+2?,math,1.3,0');
    expect(bad(csv)).toBe('prompts.csv line 2, column "gpt-4o": outcome 1.3 is outside [0, 1]');
  });

  it('a non-numeric outcome, and a model missing on a row (empty cell)', () => {
    expect(bad(CSV.replace('q1,What is 2+2?,math,1,0', 'q1,What is 2+2?,math,yes,0'))).toBe(
      'prompts.csv line 2, column "gpt-4o": outcome "yes" is not a number',
    );
    // The quoted two-line prompt starts on line 4, so the row after it is line 6.
    expect(bad(`${CSV}q4,later,math,1,\n`)).toBe('prompts.csv line 6, column "claude": no outcome (the cell is empty)');
  });

  it('a row with a missing cell', () => {
    expect(bad(`${CSV}q4,later,math,1\n`)).toBe('prompts.csv line 6: expected 5 cells (one per header column), got 4');
  });

  it('empty text, duplicate ids', () => {
    expect(bad(CSV.replace('What is 2+2?', '  '))).toBe('prompts.csv line 2, column "prompt": the prompt text is empty');
    expect(bad(`${CSV}q2,again,math,1,1\n`)).toBe('prompts.csv line 6, column "id": duplicate id "q2" (first on line 3)');
  });

  it('malformed CSV: an unterminated quote', () => {
    expect(bad(`${CSV}q4,"never closed,math,1,1\n`)).toBe('prompts.csv line 6: not valid CSV (Quoted field unterminated)');
  });

  it('every problem of a file at once: a missing cell, a duplicate id and a broken quote together, in line order (issue 41, item 8)', () => {
    const csv = `${CSV}q4,later,math,1\nq2,again,math,1,1\nq5,"never closed,math,1,1\n`;
    const e = importErrorOf(() =>
      importDataset({ name: 'x', prompts: file('prompts.csv', csv), mapping: MAPPING, costs: { mode: 'set', prices: { 'gpt-4o': 1, claude: 1 } } }),
    );
    expect([e.message, ...e.others]).toEqual([
      'prompts.csv line 6: expected 5 cells (one per header column), got 4',
      'prompts.csv line 7, column "id": duplicate id "q2" (first on line 3)',
      'prompts.csv line 8: not valid CSV (Quoted field unterminated)',
    ]);
    // The parse alone (the preview's, the CLI's) says both structural problems too.
    const parsed = importErrorOf(() => parseCsv(csv, 'prompts.csv'));
    expect([parsed.message, ...parsed.others]).toEqual([
      'prompts.csv line 6: expected 5 cells (one per header column), got 4',
      'prompts.csv line 8: not valid CSV (Quoted field unterminated)',
    ]);
  });

  it('a header without prompts, an empty file, a header naming a column twice', () => {
    expect(bad('id,prompt,gpt-4o\n')).toBe('prompts.csv line 1: holds a header but no prompts');
    expect(bad('\n\n')).toBe('prompts.csv: the file is empty (expected a header row, then one row per prompt)');
    expect(bad('id,prompt,a,a\n1,x,1,1\n')).toBe('prompts.csv line 1, column "a": the header names this column twice (columns 3 and 4)');
  });

  it('non-numeric, non-positive and missing prices', () => {
    expect(bad(CSV, { 'gpt-4o': 'abc', claude: 1 })).toBe('prices, model "gpt-4o": "abc" is not a number');
    expect(bad(CSV, { 'gpt-4o': 1, claude: '0' })).toBe('prices, model "claude": must be a positive number (got 0)');
    expect(bad(CSV, { 'gpt-4o': -2, claude: 1 })).toBe('prices, model "gpt-4o": must be a positive number (got -2)');
    expect(bad(CSV, { 'gpt-4o': 1 })).toBe('prices, model "claude": no price (enter a positive number)');
    expect(parsePrices(['a', 'b'], { a: ' 1e-3 ', b: 2.5 })).toEqual([0.001, 2.5]);
  });

  it('a price no run could use is refused at import, typed or from a models.json (issue 42, item 7)', () => {
    expect(bad(CSV, { 'gpt-4o': '1e308', claude: 1 })).toBe(
      'prices, model "gpt-4o": must be at most 1e+12 (got 1e+308): a query at the largest λ would cost more successes than a run can add up',
    );
    expect(parsePrices(['a'], { a: '1e12' })).toEqual([1e12]);
    expect(importErrorOf(() => parseModelsJson('[{"name": "a", "set_price": 1e308}]', 'models.json')).message).toBe(
      'models.json, field "[0].set_price": must be a positive number of at most 1e+12 (got 1e+308)',
    );
  });

  it('a mapping naming a column twice or no model', () => {
    const csv = 'id,text,a\n1,x,1\n';
    const withMapping = (mapping: { textColumn: string; idColumn?: string; modelColumns: string[] }) =>
      importErrorOf(() => importDataset({ name: 'x', prompts: file('p.csv', csv), mapping, costs: { mode: 'set', prices: { a: 1, id: 1 } } })).message;
    expect(withMapping({ textColumn: 'text', modelColumns: [] })).toBe('p.csv: choose at least one model column');
    expect(withMapping({ textColumn: 'text', idColumn: 'id', modelColumns: ['id'] })).toBe(
      'p.csv: column "id" cannot be both the id column and a model column',
    );
  });
});

describe('JSONL import', () => {
  const JSONL = jsonl(ROW1, ROW2);

  it('previews the rows, detects the models from the first row and offers its cost fields', () => {
    const preview = previewPrompts(file('p.jsonl', JSONL));
    expect(preview).toMatchObject({ format: 'jsonl', models: ['m1', 'm2'], costFields: ['cost_usd'], columns: ['id', 'task', 'text', 'm1', 'm2'] });
    expect(preview.rows[1]).toEqual({ line: 2, cells: ['b', 't2', 'second', '0.5', '1'] });
  });

  it('imports with per-prompt costs, keeping only what the world reads', () => {
    const d = importDataset({ name: 'j', prompts: file('p.jsonl', JSONL), costs: { mode: 'per_prompt', field: 'cost_usd' } });
    expect(d).toMatchObject({ models: ['m1', 'm2'], costs: { per_prompt: 'cost_usd' }, rows: 2, tasks: ['t1', 't2'] });
    expect(JSON.parse(d.promptsJsonl.split('\n')[0])).toEqual({
      id: 'a',
      text: 'first',
      task: 't1',
      outcomes: { m1: 1, m2: 0 },
      cost_usd: { m1: 1e-5, m2: 2e-5 },
    });
    const world = worldOf(d);
    const rows = readPromptRows(d.promptsJsonl, { models: d.models, costField: 'cost_usd', file: 'prompts.jsonl' });
    expect(Array.from(rows[1].costs!)).toEqual([1.5e-5, 3e-5]);
    expect(world.arms).toEqual(['m1', 'm2']);
  });

  it('imports with set prices, a chosen subset of models, and keeps recorded trials', () => {
    const withTrials = jsonl({ ...ROW1, trials: { m1: [1, 0], m2: [0, 0] } }, ROW2);
    const d = importDataset({ name: 'j', prompts: file('p.jsonl', withTrials), models: ['m2'], costs: { mode: 'set', prices: { m2: '0.6' } } });
    expect(d.costs).toEqual([0.6]);
    expect(JSON.parse(d.promptsJsonl.split('\n')[0])).toEqual({ id: 'a', text: 'first', task: 't1', outcomes: { m2: 0 }, trials: { m2: [0, 0] } });
  });

  const bad = (
    text: string,
    costs: { mode: 'per_prompt'; field: string } | { mode: 'set'; prices: Record<string, number> } = { mode: 'set', prices: { m1: 1, m2: 1 } },
  ) => importErrorOf(() => importDataset({ name: 'x', prompts: file('prompts.jsonl', text), costs })).message;

  it('a malformed JSON line, with its line and column', () => {
    expect(bad(`${JSONL}{"id": "c", "text": "x",}\n`)).toBe('prompts.jsonl line 3: not valid JSON at column 25 (Expected double-quoted property name)');
    expect(importErrorOf(() => previewPrompts(file('prompts.jsonl', '{"id": 1\n'))).message).toBe(
      "prompts.jsonl line 1: not valid JSON at column 9 (Expected ',' or '}' after property value)",
    );
  });

  it('a model missing on some row', () => {
    const row3 = { id: 'c', text: 'third', task: 't1', outcomes: { m1: 1 } };
    expect(bad(jsonl(ROW1, ROW2, row3))).toBe('prompts.jsonl line 3, field "outcomes.m2": model "m2" has no outcome on this line (outcomes there: m1)');
  });

  it('an outcome outside [0, 1]', () => {
    expect(bad(jsonl(ROW1, { ...ROW2, outcomes: { m1: 1.3, m2: 1 } }))).toBe('prompts.jsonl line 2, field "outcomes.m1": must be a score in [0, 1] (got 1.3)');
  });

  it('empty text and duplicate ids', () => {
    expect(bad(jsonl(ROW1, { ...ROW2, text: ' ' }))).toBe('prompts.jsonl line 2, field "text": the prompt text is empty');
    expect(bad(jsonl(ROW1, ROW2, { ...ROW2, text: 'again' }))).toBe('prompts.jsonl line 3, field "id": duplicate id "b" (first on line 2)');
  });

  it('per-prompt costs: a row without the field, and a non-positive cost', () => {
    const perPrompt = { mode: 'per_prompt', field: 'cost_usd' } as const;
    const { cost_usd: _dropped, ...noCost } = ROW2;
    expect(bad(jsonl(ROW1, noCost), perPrompt)).toBe('prompts.jsonl line 2, field "cost_usd": missing (expected {model: cost} for per-prompt costs)');
    expect(bad(jsonl(ROW1, { ...ROW2, cost_usd: { m1: 0, m2: 1 } }), perPrompt)).toBe(
      'prompts.jsonl line 2, field "cost_usd.m1": must be a positive number (got 0)',
    );
  });

  it('a deeply nested value is named, not printed (no stack overflow)', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const idDeep = `{"id": ${deep}, "text": "a", "task": "t", "outcomes": {"m": 1}}\n`;
    expect(previewPrompts(file('p.jsonl', idDeep)).rows[0].cells[0]).toBe('a deeply nested array');
    expect(importErrorOf(() => importDataset({ name: 'x', prompts: file('p.jsonl', idDeep), costs: { mode: 'set', prices: { m: 1 } } })).message).toBe(
      'p.jsonl line 1, field "id": must be a string or number (got a deeply nested array)',
    );
    expect(importErrorOf(() => previewPrompts(file('p.jsonl', `{"id": 1, "text": "a", "outcomes": ${deep}}\n`))).message).toBe(
      'p.jsonl line 1, field "outcomes": must be an object {model: score} with at least one model (got a deeply nested array)',
    );
  });

  it('a first row without outcomes, an empty file', () => {
    expect(importErrorOf(() => previewPrompts(file('p.jsonl', '{"id": 1, "text": "x"}\n'))).message).toBe(
      'p.jsonl line 1, field "outcomes": must be an object {model: score} with at least one model (got nothing)',
    );
    expect(importErrorOf(() => previewPrompts(file('p.jsonl', '\n'))).message).toBe('p.jsonl: the file holds no prompts (expected one JSON object per line)');
  });
});

describe('file size, file type, name', () => {
  it('a file over 50 MB is refused on its size, before it is read', () => {
    expect(() => checkImportSize('big.jsonl', MAX_IMPORT_BYTES)).not.toThrow();
    expect(importErrorOf(() => checkImportSize('big.jsonl', MAX_IMPORT_BYTES + 1)).message).toBe(
      'big.jsonl: the file is 50.0 MB (52428801 bytes); the limit is 50 MB (52428800 bytes)',
    );
    // The size is what counts, not the text (which a caller would not even have read).
    expect(importErrorOf(() => previewPrompts({ name: 'big.csv', text: '', bytes: 60 * 2 ** 20 })).message).toBe(
      'big.csv: the file is 60.0 MB (62914560 bytes); the limit is 50 MB (52428800 bytes)',
    );
  });

  it('an unknown extension and an empty name', () => {
    expect(importErrorOf(() => previewPrompts(file('notes.txt', 'x'))).message).toBe('notes.txt: not a prompts file (expected .jsonl or .csv)');
    expect(importErrorOf(() => importDataset({ name: ' ', prompts: file('p.csv', CSV), costs: { mode: 'set', prices: {} } })).message).toBe(
      'dataset name: must not be empty',
    );
  });
});

describe('a file wider than the lab can show or run is refused before any per-column work (issue 42, item 1)', () => {
  const WHY = 'the lab runs at most this many models; docs/WORLD-FORMAT.md, "Bounds"';
  const names = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);
  const csv = (models: string[]) => `id,text,${models.join(',')}\n${[1, 2, 3].map((r) => `q${r},prompt ${r},${models.map(() => '1').join(',')}`).join('\n')}\n`;
  const jsonl = (models: string[]) =>
    `${[1, 2, 3].map((r) => JSON.stringify({ id: `q${r}`, text: 'p', task: 't', outcomes: Object.fromEntries(models.map((m) => [m, 1])) })).join('\n')}\n`;

  it('a JSONL line of 50,000 models, and a CSV of 50,000 or 300 model columns: refused at the preview', () => {
    expect(importErrorOf(() => previewPrompts(file('wide.jsonl', jsonl(names(50_000))))).message).toBe(
      `wide.jsonl line 1, field "outcomes": has 50,000 models; at most 256 are allowed (${WHY})`,
    );
    expect(importErrorOf(() => previewPrompts(file('wide.csv', csv(names(50_000))))).message).toBe(
      'wide.csv line 1: the header has 50,002 columns; at most 1,024 are allowed (at most 256 models, the text, id and task columns, and any others the import leaves out)',
    );
    expect(importErrorOf(() => previewPrompts(file('wide.csv', csv(names(300))))).message).toBe(
      `wide.csv: the header has 300 columns of outcomes (models); at most 256 are allowed (${WHY})`,
    );
  });

  it('256 models are previewed and imported; a mapping or choice of 257 is refused', () => {
    expect(previewPrompts(file('ok.csv', csv(names(256)))).models).toHaveLength(256);
    expect(previewPrompts(file('ok.jsonl', jsonl(names(256)))).models).toHaveLength(256);
    const prices = Object.fromEntries(names(300).map((m) => [m, 1]));
    const costs = { mode: 'set' as const, prices };
    expect(importDataset({ name: 'ok', prompts: file('ok.jsonl', jsonl(names(256))), costs }).models).toHaveLength(256);
    const mapping = { textColumn: 'text', idColumn: 'id', modelColumns: names(257) };
    expect(importErrorOf(() => importDataset({ name: 'wide', prompts: file('wide.csv', csv(names(257))), mapping, costs })).message).toBe(
      `wide.csv: the mapping has 257 model columns; at most 256 are allowed (${WHY})`,
    );
    expect(importErrorOf(() => importDataset({ name: 'wide', prompts: file('wide.jsonl', jsonl(names(257))), models: names(257), costs })).message).toBe(
      `wide.jsonl line 1, field "outcomes": has 257 models; at most 256 are allowed (${WHY})`,
    );
  });

  it('a JSONL line nested 100,000 deep: the file, the line and the limit, at the preview and at the import (issue 42, item 3)', () => {
    const good = JSON.stringify({ id: 'q1', text: 'p', task: 't', outcomes: { a: 1 } });
    const deep = `{"id": "q2", "outcomes": ${'['.repeat(100_000)}`;
    const limit = /^deep\.jsonl line 2: not valid JSON at column 89 \(nested more than 64 levels deep, the limit\)$/;
    expect(importErrorOf(() => previewPrompts(file('deep.jsonl', `${good}\n${deep}\n`))).message).toMatch(limit);
    const twelve = Array.from({ length: 12 }, (_, i) => JSON.stringify({ id: `q${i + 3}`, text: 'p', task: 't', outcomes: { a: 1 } }));
    const request = { name: 'deep', prompts: file('deep.jsonl', [good, deep, ...twelve].join('\n')), costs: { mode: 'set' as const, prices: { a: 1 } } };
    expect(importErrorOf(() => importDataset(request)).message).toMatch(limit);
  });

  it('a models.json of 257 models', () => {
    const text = JSON.stringify(names(257).map((name) => ({ name, set_price: 1 })));
    expect(importErrorOf(() => parseModelsJson(text, 'models.json')).message).toBe(`models.json: has 257 models; at most 256 are allowed (${WHY})`);
  });
});

describe('model names that look alike (issue 42, item 7)', () => {
  const composed = 'caf\u00e9';
  const decomposed = 'cafe\u0301';
  const costs = { mode: 'set' as const, prices: { [composed]: 1, b: 2 } };

  it('a CSV naming one model in two Unicode forms names the column twice; one in NFD imports as NFC', () => {
    expect(importErrorOf(() => previewPrompts(file('two.csv', `id,text,${composed},${decomposed}\nq1,x,1,0\n`))).message).toBe(
      'two.csv line 1, column "café": the header names this column twice (columns 3 and 4)',
    );
    const d = importDataset({ name: 'nfd', prompts: file('nfd.csv', `id,text,${decomposed},b\nq1,x,1,0\n`), costs });
    expect(d.models).toEqual([composed, 'b']);
    expect(d.promptsJsonl).toContain(`"${composed}":1`);
  });

  it('a JSONL line in NFD imports as NFC; a model name with an invisible or bidirectional character is refused', () => {
    const line = (outcomes: Record<string, number>) => `${JSON.stringify({ id: 'q1', text: 'x', task: 't', outcomes })}\n`;
    const d = importDataset({ name: 'nfd', prompts: file('nfd.jsonl', line({ [decomposed]: 1, b: 0 })), costs });
    expect(d.models).toEqual([composed, 'b']);
    expect(d.promptsJsonl).toContain(`"${composed}":1`);
    expect(importErrorOf(() => previewPrompts(file('rtl.jsonl', line({ '\u202egpt-4o': 1 })))).message).toBe(
      'rtl.jsonl line 1, field "outcomes.\\u202egpt-4o": the model name holds the invisible or control character U+202E at position 1: two names could look the same and be different (remove it)',
    );
    expect(importErrorOf(() => previewPrompts(file('zw.csv', 'id,text,gpt\u200b-4o\nq1,x,1\n'))).message).toMatch(
      /^zw\.csv line 1, column "gpt\\u200b-4o": the column name holds the invisible or control character U\+200B at position 4/,
    );
    expect(importErrorOf(() => parseModelsJson(JSON.stringify([{ name: 'gpt\u200b-4o', set_price: 1 }]), 'models.json')).message).toMatch(
      /^models\.json, field "\[0\]\.name": holds the invisible or control character U\+200B/,
    );
  });
});

describe('models.json', () => {
  it('default price: set_price, else input + output per 1M', () => {
    const models = parseModelsJson(
      JSON.stringify([
        { name: 'a', set_price: 0.75, input_price_per_1M: 0.15, output_price_per_1M: 0.6 },
        { name: 'b', input_price_per_1M: 0.1, output_price_per_1M: 0.2, size: '7B' },
        { name: 'c' },
      ]),
      'models.json',
    );
    expect(models).toEqual([
      { name: 'a', defaultPrice: 0.75 },
      { name: 'b', defaultPrice: 0.3 },
      { name: 'c', defaultPrice: undefined },
    ]);
  });

  it('bad files name the field', () => {
    const bad = (text: string) => importErrorOf(() => parseModelsJson(text, 'models.json')).message;
    expect(bad('[{"name": "a", "set_price": 0}]')).toBe('models.json, field "[0].set_price": must be a positive number (got 0)');
    expect(bad('[{"name": "a", "input_price_per_1M": "cheap"}]')).toBe('models.json, field "[0].input_price_per_1M": must be a number ≥ 0 (got "cheap")');
    expect(bad('[{"name": "a"}, {"name": "a"}]')).toBe('models.json, field "[1].name": duplicate model "a" (also [0].name)');
    expect(bad('{"name": "a"}')).toBe('models.json: must be a JSON array of models (got {"name":"a"})');
    expect(bad('[{"name": "a",]')).toBe('models.json: not valid JSON at line 1, column 15 (Expected double-quoted property name)');
  });
});

describe('models named __proto__ or constructor keep their data (issue 14, item 4)', () => {
  // Prices as the form holds them: computed keys define own properties, so "__proto__" is a key here.
  const prices = { ['__proto__']: '4', constructor: '2' };
  const expectedRows = [
    { id: 'q1', text: 'a', task: 'all', outcomes: JSON.parse('{"__proto__": 1, "constructor": 0}') },
    { id: 'q2', text: 'b', task: 'all', outcomes: JSON.parse('{"__proto__": 0.5, "constructor": 1}') },
  ];
  const checkDataset = (d: ImportedDataset) => {
    expect(d.models).toEqual(['__proto__', 'constructor']);
    expect(d.costs).toEqual([4, 2]);
    expect(rowsOf(d)).toEqual(expectedRows);
    const rows = readPromptRows(d.promptsJsonl, { models: d.models, file: 'prompts.jsonl' });
    expect(rows.map((r) => Array.from(r.q))).toEqual([
      [1, 0],
      [0.5, 1],
    ]);
  };

  it('CSV columns', () => {
    const csv = 'id,text,__proto__,constructor\nq1,a,1,0\nq2,b,0.5,1\n';
    expect(previewPrompts(file('p.csv', csv)).models).toEqual(['__proto__', 'constructor']);
    checkDataset(importDataset({ name: 'x', prompts: file('p.csv', csv), costs: { mode: 'set', prices } }));
    expect(importErrorOf(() => importDataset({ name: 'x', prompts: file('p.csv', csv), costs: { mode: 'set', prices: {} } })).message).toBe(
      'prices, model "__proto__": no price (enter a positive number)',
    );
  });

  it('JSONL outcomes, and a per-prompt cost field named __proto__', () => {
    const text = expectedRows.map((r) => JSON.stringify({ ...r, extra: 1 })).join('\n');
    const preview = previewPrompts(file('p.jsonl', text));
    expect(preview.models).toEqual(['__proto__', 'constructor']);
    expect(preview.rows[0].cells).toEqual(['q1', 'all', 'a', '1', '0']);
    checkDataset(importDataset({ name: 'x', prompts: file('p.jsonl', text), costs: { mode: 'set', prices } }));

    const perPrompt = '{"id": "1", "text": "a", "task": "t", "outcomes": {"m": 1}, "__proto__": {"m": 0.25}}\n';
    expect(previewPrompts(file('p.jsonl', perPrompt)).costFields).toEqual(['__proto__']);
    const d = importDataset({ name: 'x', prompts: file('p.jsonl', perPrompt), costs: { mode: 'per_prompt', field: '__proto__' } });
    expect(JSON.parse(d.promptsJsonl)).toEqual(JSON.parse(perPrompt));
    expect(Array.from(readPromptRows(d.promptsJsonl, { models: ['m'], costField: '__proto__', file: 'p.jsonl' })[0].costs!)).toEqual([0.25]);
  });

  it('a model named constructor missing on a row is reported missing, not mistyped', () => {
    const text = '{"id": 1, "text": "a", "task": "t", "outcomes": {"m": 1}}\n';
    expect(
      importErrorOf(() =>
        importDataset({ name: 'x', prompts: file('p.jsonl', text), models: ['m', 'constructor'], costs: { mode: 'set', prices: { m: 1, constructor: 1 } } }),
      ).message,
    ).toBe('p.jsonl line 1, field "outcomes.constructor": model "constructor" has no outcome on this line (outcomes there: m)');
  });
});

describe('messages quote a short excerpt of the file, never a whole cell (issue 14, item 11)', () => {
  const long = 'm'.repeat(10_000);
  it.each([
    ['a duplicate model in models.json', () => parseModelsJson(JSON.stringify([{ name: long }, { name: long }]), 'models.json')],
    [
      'a missing JSONL model',
      () => importDataset({ name: 'x', prompts: file('p.jsonl', jsonl(ROW1)), models: ['m1', long], costs: { mode: 'set', prices: { m1: 1 } } }),
    ],
    [
      'a CSV model column not in the header',
      () =>
        importDataset({ name: 'x', prompts: file('p.csv', CSV), mapping: { textColumn: 'prompt', modelColumns: [long] }, costs: { mode: 'set', prices: {} } }),
    ],
    [
      'a non-numeric CSV outcome',
      () =>
        importDataset({
          name: 'x',
          prompts: file('p.csv', CSV.replace(',math,1,0', `,math,${long},0`)),
          mapping: { textColumn: 'prompt', idColumn: 'id', taskColumn: 'task', modelColumns: ['gpt-4o', 'claude'] },
          costs: { mode: 'set', prices: { 'gpt-4o': 1, claude: 1 } },
        }),
    ],
  ])('%s', (_, f) => {
    const message = importErrorOf(f).message;
    expect(message).toContain('mmmm');
    expect(message.length).toBeLessThan(300);
  });
});

describe('import ids', () => {
  it('are URL-safe, stable for the same data, and differ when the data do', () => {
    const d = importDataset({ name: 'My data: v2!', prompts: file('p.jsonl', jsonl(ROW1, ROW2)), costs: { mode: 'set', prices: { m1: 1, m2: 2 } } });
    const id = importId(d);
    expect(id).toMatch(/^my-data-v2-[0-9a-z]{8,14}$/);
    expect(importId({ ...d })).toBe(id);
    expect(importId({ ...d, costs: [1, 3] })).not.toBe(id);
    expect(importId({ ...d, promptsJsonl: d.promptsJsonl.replace('first', 'First') })).not.toBe(id);
    expect(encodeURIComponent(id)).toBe(id);
  });
});

describe('every problem of a file at once (issue 15, item 6)', () => {
  const set = { mode: 'set' as const, prices: { 'gpt-4o': 1, claude: 2 } };

  it('CSV: lists each bad row in line order, the first as the message', () => {
    const text = ['id,prompt,gpt-4o,claude', 'a,ok,1,0', 'b,bad,1.3,0', 'c,,0,1', 'a,dup,0,1', 'd,bad too,yes,1', ''].join('\n');
    const e = importErrorOf(() => importDataset({ name: 'x', prompts: file('p.csv', text), costs: set }));
    expect(e.message).toBe('p.csv line 3, column "gpt-4o": outcome 1.3 is outside [0, 1]');
    expect(e.others).toEqual([
      'p.csv line 4, column "prompt": the prompt text is empty',
      'p.csv line 5, column "id": duplicate id "a" (first on line 2)',
      'p.csv line 6, column "gpt-4o": outcome "yes" is not a number',
    ]);
    expect(e.unlisted).toBe(0);
  });

  it('JSONL: schema problems and empty texts together, in line order', () => {
    const text = jsonl(
      { id: 1, text: '', task: 't', outcomes: { m1: 1 } },
      { id: 2, text: 'x', task: 't', outcomes: { m1: 2 } },
      { id: 3, text: 'y', task: 't', outcomes: {} },
    );
    const e = importErrorOf(() => importDataset({ name: 'x', prompts: file('p.jsonl', text), models: ['m1'], costs: { mode: 'set', prices: { m1: 1 } } }));
    expect(e.line).toBe(1);
    expect(e.message).toBe('p.jsonl line 1, field "text": the prompt text is empty');
    expect(e.others.map((m) => m.replace(/:.*/, ''))).toEqual(['p.jsonl line 2, field "outcomes.m1"', 'p.jsonl line 3, field "outcomes.m1"']);
  });

  it('lists the first twenty and counts the rest', () => {
    const rows = ['id,prompt,m', ...Array.from({ length: 50 }, (_, i) => `${i},text,${i % 2 === 0 ? 'no' : '1'}`), ''].join('\n');
    const e = importErrorOf(() => importDataset({ name: 'x', prompts: file('p.csv', rows), costs: { mode: 'set', prices: { m: 1 } } }));
    // 25 bad rows: the message and 19 others listed, 5 counted.
    expect(e.line).toBe(2);
    expect(e.others).toHaveLength(19);
    expect(e.unlisted).toBe(5);
  });

  it('says why a column is not a model: what it holds, when it holds no number', () => {
    const preview = previewPrompts(file('p.csv', ['id,prompt,note,m', '1,a,yes,1', '2,b,,0', ''].join('\n')));
    expect(preview.mapping?.modelColumns).toEqual(['m']);
    expect(notAModelReason(preview.rows, 2)).toBe('no outcome (a number in [0, 1]) in its first 2 rows; line 2 holds "yes"');
    expect(notAModelReason(preview.rows, 3)).toBeNull();
  });
});
