import { readFileSync } from 'node:fs';
import { dirname, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../rng';
import { buildDatasetWorld, type DatasetOptions, type WorldIO } from './dataset';
import { type DatasetSpec, parseWorldSpec } from './schema';
import { errorOf } from './testErrors';

/** ../shared/data, beside the repository (read-only reference data; see ../shared/README.md). */
const SHARED_DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

const nodeIo: WorldIO = {
  readText: (path) => readFileSync(path, 'utf8'),
  resolve: (base, rel) => resolve(dirname(base), rel),
};

/** Files in memory, for the malformed-input cases. */
function memoryIo(files: Record<string, string>): WorldIO & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readText(path) {
      reads.push(path);
      if (!(path in files)) throw new Error(`ENOENT: ${path}`);
      return files[path];
    },
    resolve: (base, rel) => posix.resolve(posix.dirname(base), rel),
  };
}

/** An Rng whose int(n) walks 0, 1, 2, ...: drawing n prompts then visits every row once, in order. */
function rowWalker(): Rng {
  let i = 0;
  return { int: (n) => i++ % n, uniform: () => 0, normal: () => 0 };
}

/** Per-model "mean score" and "mean cost" from a data README's summary table. */
function readmeSummary(folder: string): Map<string, { score: number; cost: number }> {
  const out = new Map<string, { score: number; cost: number }>();
  for (const line of readFileSync(`${SHARED_DATA}${folder}/README.md`, 'utf8').split('\n')) {
    const m = /^\| ([\w.-]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.e+-]+) \|$/.exec(line.trim());
    if (m) out.set(m[1], { score: Number(m[2]), cost: Number(m[4]) });
  }
  return out;
}

describe('dataset world on routeprofile-ulab (600 prompts × 8 models, exact per-query cost)', () => {
  const summary = readmeSummary('routeprofile-ulab');
  const models = [...summary.keys()];
  const spec = (features: unknown) =>
    parseWorldSpec({
      type: 'dataset',
      name: 'routeprofile',
      prompts: 'prompts.jsonl',
      models,
      features,
      costs: { per_prompt: 'cost_usd' },
    }) as DatasetSpec;
  const worldPath = `${SHARED_DATA}routeprofile-ulab/world.json`; // prompts.jsonl is relative to it
  const world = buildDatasetWorld(spec('task-onehot'), nodeIo, { worldPath });

  it('reads the README table of 8 models', () => {
    expect(models).toHaveLength(8);
  });

  it("has each model's mean q equal to the README's mean score, and its mean cost", () => {
    const rng = rowWalker();
    const prompts = Array.from({ length: 600 }, (_, t) => world.draw(t, rng));
    expect(prompts.map((p) => p.row)).toEqual(Array.from({ length: 600 }, (_, i) => i));
    models.forEach((m, a) => {
      const meanQ = prompts.reduce((s, p) => s + p.q[a], 0) / 600;
      const meanCost = prompts.reduce((s, p) => s + p.costs[a], 0) / 600;
      expect(Math.abs(meanQ - summary.get(m)!.score), m).toBeLessThanOrEqual(1e-4);
      expect(meanCost / summary.get(m)!.cost, m).toBeCloseTo(1, 3);
    });
  });

  it('names the 12 tasks as categories and one-hot encodes them', () => {
    expect(world.categories).toHaveLength(12);
    expect(world.categories).toEqual([...world.categories].sort());
    expect(world.dim).toBe(12);
    const rng = rowWalker();
    for (let t = 0; t < 600; t++) {
      const p = world.draw(t, rng);
      expect(world.categories[p.category]).toBe(world.rows[p.row].task);
      expect(Array.from(p.x)).toEqual(world.categories.map((_, j) => (j === p.category ? 1 : 0)));
    }
  });

  it('builds hashed n-gram contexts in the unit ball, with --d setting their dimension', () => {
    const ngrams = buildDatasetWorld(spec({ type: 'hashed-ngrams', dim: 64 }), nodeIo, { worldPath });
    expect(ngrams.dim).toBe(64);
    const d32 = buildDatasetWorld(spec({ type: 'hashed-ngrams', dim: 64 }), nodeIo, { worldPath, d: 32 });
    expect(d32.dim).toBe(32);
    const rng = rowWalker();
    let longest = 0;
    for (let t = 0; t < 600; t++) {
      const { x } = d32.draw(t, rng);
      const n = Math.hypot(...x);
      expect(n).toBeLessThanOrEqual(1 + 1e-12);
      longest = Math.max(longest, n);
    }
    expect(longest).toBeCloseTo(1, 12);
  });

  it('draws prompts uniformly with replacement, the same ones from the same seed', () => {
    const rows = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 3000 }, (_, t) => world.draw(t, rng).row);
    };
    expect(rows(7)).toEqual(rows(7));
    expect(rows(8)).not.toEqual(rows(7));
    const distinct = new Set(rows(7)).size;
    expect(distinct).toBeGreaterThan(560); // E ≈ 600·(1 − e⁻⁵) ≈ 596
    expect(distinct).toBeLessThan(600);
  });

  it('pulls a Bernoulli(score) with the given uniform when there are no trials', () => {
    const rng = rowWalker();
    const p = Array.from({ length: 600 }, (_, t) => world.draw(t, rng)).find((r) => r.q[0] === 1 && r.q[1] === 0)!;
    expect(world.pull(p, 0, 0.999)).toBe(1);
    expect(world.pull(p, 1, 0)).toBe(0);
    const scored = { ...p, q: Float64Array.from(p.q, () => 0.3) };
    expect(world.pull(scored, 0, 0.29)).toBe(1);
    expect(world.pull(scored, 0, 0.3)).toBe(0);
  });
});

/** The recorded HumanEval data as a world file would name it, with `extra` fields (e.g. a task_start). */
const humanevalSpec = (extra: object = {}) =>
  parseWorldSpec({
    type: 'dataset',
    name: 'humaneval',
    prompts: `${SHARED_DATA}humaneval-paper/prompts.jsonl`,
    models: ['gemini-2.5-flash-preview', 'qwen-plus'],
    features: 'task-onehot',
    costs: [0.75, 1.6],
    ...extra,
  }) as DatasetSpec;

describe('dataset world on humaneval-paper (10 recorded trials per model and task)', () => {
  const world = buildDatasetWorld(humanevalSpec(), nodeIo);
  const lines = readFileSync(`${SHARED_DATA}humaneval-paper/prompts.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

  it('replays trial k for u in [k/10, (k+1)/10), and has q = the pass rate', () => {
    expect(world.categories).toEqual(['java-to-cpp', 'python-completion']);
    const rng = rowWalker();
    for (let t = 0; t < lines.length; t++) {
      const p = world.draw(t, rng);
      const row = lines[p.row];
      expect(world.rows[p.row].id).toBe(row.id);
      expect(Array.from(p.costs)).toEqual([0.75, 1.6]);
      ['gemini-2.5-flash-preview', 'qwen-plus'].forEach((m, a) => {
        expect(p.q[a]).toBeCloseTo(row.outcomes[m], 12);
        for (let k = 0; k < 10; k++) {
          expect(world.pull(p, a, k / 10 + 0.001)).toBe(row.trials[m][k]);
          expect(world.pull(p, a, (k + 1) / 10 - 0.001)).toBe(row.trials[m][k]);
        }
      });
    }
  });
});

describe('task_start: prompt types that arrive during the run (the adaptation experiment)', () => {
  const spec = (taskStart?: Record<string, number>) => humanevalSpec(taskStart ? { task_start: taskStart } : {});

  it('draws only the started tasks, and every started one soon after it starts', () => {
    const world = buildDatasetWorld(spec({ 'python-completion': 250 }), nodeIo);
    const rng = createRng(4);
    const seen = new Map<string, number>();
    for (let t = 0; t < 600; t++) {
      const task = world.categories[world.draw(t, rng).category];
      if (t < 250) expect(task, `step ${t}`).toBe('java-to-cpp');
      if (!seen.has(task)) seen.set(task, t);
    }
    expect(seen.get('java-to-cpp')).toBe(0);
    // Half the prompts are Python once it starts: waiting 30 steps for one has odds 2⁻³⁰.
    expect(seen.get('python-completion')! - 250).toBeLessThan(30);
  });

  it('draws exactly as without a schedule when every task starts at step 0', () => {
    const plain = buildDatasetWorld(spec(), nodeIo);
    const scheduled = buildDatasetWorld(spec({ 'java-to-cpp': 0, 'python-completion': 0 }), nodeIo);
    const [a, b] = [createRng(9), createRng(9)];
    for (let t = 0; t < 200; t++) expect(scheduled.draw(t, b).row).toBe(plain.draw(t, a).row);
  });

  it('names the field for an unknown task, no task at step 0, or a bad step', () => {
    expect(() => buildDatasetWorld(spec({ rust: 5 }), nodeIo)).toThrow('task_start: no prompt has task "rust" (tasks: java-to-cpp, python-completion)');
    expect(() => buildDatasetWorld(spec({ 'java-to-cpp': 1, 'python-completion': 2 }), nodeIo)).toThrow('task_start: some task must start at step 0');
    expect(() => spec({ 'java-to-cpp': -1 })).toThrow(/task_start/);
    // A task filtered out by --tasks cannot be scheduled either.
    expect(() => buildDatasetWorld(spec({ 'python-completion': 9 }), nodeIo, { tasks: ['java-to-cpp'] })).toThrow(
      'task_start: no prompt has task "python-completion" (tasks: java-to-cpp)',
    );
  });
});

describe('dataset world from files in memory', () => {
  const base = { type: 'dataset', name: 'd', prompts: 'p.jsonl', models: ['a', 'b'], features: 'task-onehot', costs: { per_prompt: 'cost' } };
  const row = (id: string, extra: object = {}) =>
    JSON.stringify({ id, text: `prompt ${id}`, task: 't', outcomes: { a: 1, b: 0.5 }, cost: { a: 1, b: 2 }, ...extra });
  const build = (lines: string[], world: object = {}, opts: DatasetOptions = {}) => {
    const io = memoryIo({ '/w/p.jsonl': lines.join('\n') });
    return buildDatasetWorld(parseWorldSpec({ ...base, ...world }) as DatasetSpec, io, { worldPath: '/w/world.json', ...opts });
  };

  it.each([
    // [what, lines, world fields, field, message]
    [
      'a malformed line',
      [row('q1'), '{"id": "q2",'],
      {},
      'prompts',
      'prompts: line 2 of p.jsonl: not valid JSON at column 13 (Expected double-quoted property name)',
    ],
    ['a line that is not an object', ['[1, 2]'], {}, 'prompts', 'prompts: line 1 of p.jsonl: must be a JSON object (got [1,2])'],
    ['a duplicate id', [row('q1'), row('q2'), row('q1')], {}, 'prompts', 'prompts: line 3 of p.jsonl: duplicate id "q1" (first on line 1)'],
    ['an empty file', [''], {}, 'prompts', 'prompts: "p.jsonl" holds no prompts'],
    ['a file of blank lines', ['', '  ', ''], {}, 'prompts', 'prompts: "p.jsonl" holds no prompts'],
    [
      'an outcome above 1',
      [row('q1', { outcomes: { a: 1.5, b: 0 } })],
      {},
      'prompts',
      'prompts: line 1 of p.jsonl: outcomes.a: must be a score in [0, 1] (got 1.5)',
    ],
    [
      'a non-numeric outcome',
      [row('q1', { outcomes: { a: 1, b: 'yes' } })],
      {},
      'prompts',
      'prompts: line 1 of p.jsonl: outcomes.b: must be a score in [0, 1] (got "yes")',
    ],
    [
      'a bad outcome of a model with a dash',
      [row('q1', { outcomes: { a: 1, 'gpt-4o': -1 } })],
      { models: ['a', 'gpt-4o'] },
      'prompts',
      'prompts: line 1 of p.jsonl: outcomes["gpt-4o"]: must be a score in [0, 1] (got -1)',
    ],
    ['an unknown model', [row('q1')], { models: ['a', 'c'] }, 'models[1]', 'models[1]: "c" has no outcome on line 1 of p.jsonl (outcomes there: a, b)'],
    [
      'a model missing on a later line',
      [row('q1'), '', row('q2', { outcomes: { b: 1 } })],
      {},
      'models[0]',
      'models[0]: "a" has no outcome on line 3 of p.jsonl (outcomes there: b)',
    ],
    [
      'a missing per-prompt cost field',
      [row('q1'), row('q2', { cost: undefined })],
      {},
      'costs.per_prompt',
      'costs.per_prompt: line 2 of p.jsonl has no "cost" field (expected {model: cost})',
    ],
    [
      'a per-prompt cost field named __proto__ that a line lacks (issue 42, item 7)',
      [row('q1')],
      { costs: { per_prompt: '__proto__' } },
      'costs.per_prompt',
      'costs.per_prompt: line 1 of p.jsonl has no "__proto__" field (expected {model: cost})',
    ],
    [
      'a per-prompt cost field named constructor that a line lacks (issue 42, item 7)',
      [row('q1')],
      { costs: { per_prompt: 'constructor' } },
      'costs.per_prompt',
      'costs.per_prompt: line 1 of p.jsonl has no "constructor" field (expected {model: cost})',
    ],
    [
      'a line whose outcomes name one model in two Unicode forms (issue 42, item 7)',
      [JSON.stringify({ id: 'q1', text: 'x', task: 't', outcomes: { a: 1, b: 0, 'caf\u00e9': 1, 'cafe\u0301': 0 }, cost: { a: 1, b: 2 } })],
      {},
      'prompts',
      'prompts: line 1 of p.jsonl: outcomes: two keys are the name "café" in two Unicode forms',
    ],
    ['a zero per-prompt cost', [row('q1', { cost: { a: 1, b: 0 } })], {}, 'prompts', 'prompts: line 1 of p.jsonl: cost.b: must be a positive number (got 0)'],
    [
      'a per-prompt cost missing for a model',
      [row('q1', { cost: { a: 1 } })],
      {},
      'prompts',
      'prompts: line 1 of p.jsonl: cost.b: missing (expected a positive number)',
    ],
    ['a trial that is not 0/1', [row('q1', { trials: { a: [1, 2] } })], {}, 'prompts', 'prompts: line 1 of p.jsonl: trials.a[1]: must be 0 or 1 (got 2)'],
    [
      'an empty trial list',
      [row('q1', { trials: { a: [] } })],
      {},
      'prompts',
      'prompts: line 1 of p.jsonl: trials.a: must be a non-empty array of 0/1 outcomes (got [])',
    ],
    ['a prompt without a task', [row('q1', { task: undefined })], {}, 'prompts', 'prompts: line 1 of p.jsonl: task: missing (expected a non-empty string)'],
    ['a prompt without text', [row('q1', { text: undefined })], {}, 'prompts', 'prompts: line 1 of p.jsonl: text: missing (expected a string)'],
    ['a missing prompts file', [row('q1')], { prompts: 'nope.jsonl' }, 'prompts', 'prompts: cannot read "/w/nope.jsonl" (ENOENT: /w/nope.jsonl)'],
    [
      'more tasks than one-hot dimensions (issue 42, item 2)',
      Array.from({ length: 4097 }, (_, i) => row(`q${i}`, { task: `t${i}` })),
      {},
      'features',
      'features: task-onehot: the prompts file has 4,097 tasks; at most 4,096 are allowed (each task is one dimension of the one-hot context, whose size is bounded like d)',
    ],
    [
      'a line nested past the JSON depth limit (issue 42, item 3)',
      [`{"id": "q1", "outcomes": ${'['.repeat(100_000)}`],
      {},
      'prompts',
      'prompts: line 1 of p.jsonl: not valid JSON at column 89 (nested more than 64 levels deep, the limit)',
    ],
    [
      'embedding features',
      [row('q1')],
      { features: { type: 'embedding', model: 'Xenova/all-MiniLM-L6-v2' } },
      'features',
      'features: embedding features need the prompts\' embeddings by "Xenova/all-MiniLM-L6-v2", which the browser lab computes; here use task-onehot or hashed-ngrams',
    ],
  ])('rejects %s', (_, lines, world, field, message) => {
    const e = errorOf(() => build(lines, world));
    expect(e.message).toBe(message);
    expect(e.field).toBe(field);
    expect(e.source).toBe('/w/world.json');
  });

  it('finds a model named in either Unicode form: the world in NFC, the lines in NFD (issue 42, item 7)', () => {
    const nfd = 'cafe\u0301';
    const line = JSON.stringify({ id: 'q1', text: 'x', task: 't', outcomes: { [nfd]: 1, b: 0.5 }, cost: { [nfd]: 1, b: 2 } });
    const world = build([line], { models: ['caf\u00e9', 'b'] });
    expect(world.arms).toEqual(['caf\u00e9', 'b']);
  });

  it('rejects --d for task-onehot features before reading any file', () => {
    const io = memoryIo({});
    const e = errorOf(() => buildDatasetWorld(parseWorldSpec(base) as DatasetSpec, io, { d: 8 }));
    expect(e.message).toBe('d: task-onehot features have one dimension per task; --d sets the dimension of hashed-ngrams or embedding features (got --d 8)');
    expect(io.reads).toEqual([]);
  });

  describe('embedding features', () => {
    const emb = { features: { type: 'embedding', model: 'm', dim: 2 } };
    const lines = ['q1', 'q2', 'q3', 'q4'].map((id) => row(id));
    // Spread along (1,1,0), less along (0,0,1), none along (1,−1,0).
    const raws = [
      [2, 2, 0.5],
      [-2, -2, -0.5],
      [1, 1, -0.5],
      [-1, -1, 0.5],
    ];

    it('projects the given embeddings by PCA to dim, scales them into the unit ball and says what it kept', () => {
      const world = build(lines, emb, { embeddings: raws });
      expect(world.dim).toBe(2);
      expect(world.features.type).toBe('embedding');
      expect(world.features.explainedVariance).toBeCloseTo(1, 12);
      const rng = rowWalker();
      const xs = lines.map(() => world.draw(0, rng).x);
      const longest = Math.max(...xs.map((x) => Math.hypot(...x)));
      expect(longest).toBeCloseTo(1, 12);
      // the first component carries the (1,1,0) spread: rows 0 and 1 are opposite
      expect(xs[0][0]).toBeCloseTo(-xs[1][0], 12);
      // a new prompt with row 0's embedding lands on row 0's context
      const again = world.features.contextOf({ text: 'x', embedding: raws[0] });
      expect(Array.from(again)).toEqual(Array.from(xs[0]));
    });

    it('keeps the raw embeddings without dim, and refuses a mismatch', () => {
      const world = build(lines, { features: { type: 'embedding', model: 'm' } }, { embeddings: raws });
      expect(world.dim).toBe(3);
      expect(world.features.explainedVariance).toBeUndefined();
      expect(errorOf(() => build(lines, emb, { embeddings: raws.slice(1) })).message).toBe('features: got 3 embeddings for 4 prompts');
      expect(errorOf(() => build(lines, { features: { type: 'embedding', model: 'm', dim: 5 } }, { embeddings: raws })).message).toBe(
        "features.dim: must be at most the embedding's dimension 3 (got 5)",
      );
    });
  });

  it('featurises a new prompt as it did the rows (task one-hot, hashed n-grams)', () => {
    const lines = [row('q1', { task: 'b' }), row('q2', { task: 'a' })];
    const onehot = build(lines);
    expect(Array.from(onehot.features.contextOf({ text: '', task: 'b' }))).toEqual([0, 1]);
    expect(Array.from(onehot.features.contextOf({ text: '', task: 'zzz' }))).toEqual([0, 0]);
    const ngrams = build(lines, { features: { type: 'hashed-ngrams', dim: 16 } });
    const rng = rowWalker();
    expect(Array.from(ngrams.features.contextOf({ text: 'prompt q1' }))).toEqual(Array.from(ngrams.draw(0, rng).x));
  });

  it('resolves prompts against the world file, and takes the path as is without one', () => {
    const io = memoryIo({ '/w/sub/data/p.jsonl': row('q1'), 'data/p.jsonl': row('q1') });
    const spec = parseWorldSpec({ ...base, prompts: 'data/p.jsonl' }) as DatasetSpec;
    buildDatasetWorld(spec, io, { worldPath: '/w/sub/world.json' });
    buildDatasetWorld(spec, io);
    expect(io.reads).toEqual(['/w/sub/data/p.jsonl', 'data/p.jsonl']);
  });

  it('takes q from the trials when a row has them, and replays them', () => {
    const world = build([row('q1', { trials: { a: [1, 0, 0, 0] } })]);
    const p = world.draw(0, rowWalker());
    expect(Array.from(p.q)).toEqual([0.25, 0.5]);
    expect([0.1, 0.3, 0.6, 0.9].map((u) => world.pull(p, 0, u))).toEqual([1, 0, 0, 0]);
  });

  it('uses per-prompt costs, arm names and arm_start', () => {
    const world = build([row('q1', { cost: { a: 0.5, b: 7 } })], { arms: ['A', 'B'], arm_start: [0, 3] });
    expect(world.arms).toEqual(['A', 'B']);
    const rng = rowWalker();
    const p = world.draw(0, rng);
    expect(Array.from(p.costs)).toEqual([0.5, 7]);
    expect(Array.from(p.available)).toEqual([1, 0]);
    expect(Array.from(world.draw(3, rng).available)).toEqual([1, 1]);
    expect(world.rows).toEqual([{ id: 'q1', text: 'prompt q1', task: 't', line: 1 }]);
  });

  it('keeps physical line numbers across blank lines and CRLF endings', () => {
    const world = build([`${row('q1')}\r`, '\r', `${row('q2')}\r`]);
    expect(world.rows.map((r) => r.line)).toEqual([1, 3]);
    const e = errorOf(() => build([`${row('q1')}\r`, '\r', `${row('q1')}\r`]));
    expect(e.message).toBe('prompts: line 3 of p.jsonl: duplicate id "q1" (first on line 1)');
  });
});
