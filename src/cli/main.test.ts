import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from './main';
import { formatSingleModels } from './table';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pw-cli-'));

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function worldFile(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
}

const categorical = {
  type: 'categorical',
  name: 'two-by-two',
  arms: ['cheap', 'dear'],
  costs: [1, 10],
  categories: ['easy', 'hard'],
  q: [
    [0.9, 1],
    [0.2, 0.95],
  ],
};

describe('npm run sim on a prompts file the lab imports (issue 41, item 8)', () => {
  const csv = ['id,prompt,task,small,large', 'q1,What is 2+2?,math,1,1', 'q2,"Write a haiku, please",poetry,0,1', 'q3,Prove it,math,0,1', ''].join('\n');

  it('runs the CSV with typed prices or a models.json, as the lab imports it', async () => {
    const file = worldFile('mine.csv', csv);
    const typed = await run(['--world', file, '--prices', 'small=1,large=10', '--algos', 'promptwise,oracle', '--T', '50', '--trials', '2', '--no-timing']);
    expect(typed.err).toBe('');
    expect(typed.code).toBe(0);
    expect(typed.out).toMatch(/promptwise/);
    const models = worldFile('models.json', [
      { name: 'small', set_price: 1 },
      { name: 'large', set_price: 10 },
    ]);
    const viaFile = await run(['--world', file, '--prices', models, '--algos', 'promptwise,oracle', '--T', '50', '--trials', '2', '--no-timing']);
    expect(viaFile.out).toBe(typed.out);
  });

  it('says in one line what is wrong with the file, or that prices are missing', async () => {
    const bad = worldFile('bad.csv', `${csv}q4,again,math,1\nq1,dup,math,1,1\n`);
    const r = await run(['--world', bad, '--prices', 'small=1,large=10', '--T', '50', '--trials', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toBe("bad.csv line 5: expected 5 cells (one per header column), got 4 (and 1 more: the lab's import lists them)");
    const noPrices = await run(['--world', worldFile('mine.csv', csv), '--T', '50', '--trials', '1']);
    expect(noPrices.code).toBe(2);
    expect(noPrices.err).toMatch(/^--prices: a prompts file needs its models’ prices/);
    const wrongWorld = await run(['--world', 't2i', '--prices', 'a=1']);
    expect(wrongWorld.err).toMatch(/^--prices applies to --world FILE\.csv or FILE\.jsonl/);
  });

  it('--help lists the built-in worlds and every number with its bounds', async () => {
    const help = await run(['--help']);
    for (const name of ['t2i', 'sudoku', 'sudoku-new-arms', 'sudoku-new-prompts', 'two-models', 'logistic']) expect(help.out).toContain(name);
    expect(help.out).toContain('--lambda      cost weight λ in utility = reward − λ·cost; a non-negative number [0.0001–1] (default 0.01)');
    expect(help.out).toContain('--T           prompts per trial; an integer from 1 to 1,000,000');
    expect(help.out).toContain('at most 50 MiB');
  });
});

describe('npm run sim refuses what it cannot do well, at once, in one line (issue 42, item 7)', () => {
  it('runs an algorithm named twice once', async () => {
    const json = join(dir, 'twice.json');
    const r = await run(['--world', 't2i', '--algos', 'promptwise,oracle,promptwise', '--T', '50', '--trials', '1', '--json', json]);
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(json, 'utf8')).results)).toEqual(['promptwise', 'oracle']);
  });

  it('refuses a seed beyond 2^53, which would run as another seed', async () => {
    const r = await run(['--seed', '9007199254740993', '--T', '50', '--trials', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('--seed: must be an integer of at most 2^53 − 1 in size (got "9007199254740993")');
    expect((await run(['--seed', '9007199254740991', '--algos', 'random', '--T', '10', '--trials', '1'])).code).toBe(0);
  });

  it('checks the --json path before running: empty, a folder, a missing folder', async () => {
    for (const [path, message] of [
      ['', '--json: give a file path (got an empty one)'],
      [dir, `--json: ${JSON.stringify(dir)} is a folder; give a file path in it`],
      [join(dir, 'no-such-folder', 'out.json'), `--json: the folder ${JSON.stringify(join(dir, 'no-such-folder'))} does not exist`],
    ]) {
      const r = await run(['--world', 't2i', '--json', path]);
      expect(r.code).toBe(2);
      expect(r.err).toBe(message);
      expect(r.out).toBe(''); // nothing ran
    }
  });

  it('reads only regular files: a prompts path of /dev/zero is one line, not an abort', async () => {
    const world = worldFile('zero.json', {
      type: 'dataset',
      name: 'zero',
      prompts: '/dev/zero',
      models: ['a', 'b'],
      costs: [1, 2],
      features: { type: 'task-onehot' },
    });
    const r = await run(['--world', world, '--T', '10', '--trials', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot read "\/dev\/zero" \(\/dev\/zero: not a regular file\)/);
  });

  it('a per-prompt cost field named __proto__ or constructor that the lines lack is said to be missing', async () => {
    writeFileSync(join(dir, 'costless.jsonl'), `${JSON.stringify({ id: '1', text: 'a', task: 't', outcomes: { a: 1, b: 0 } })}\n`);
    for (const field of ['__proto__', 'constructor']) {
      const world = worldFile(`cost-${field}.json`, {
        type: 'dataset',
        name: 'c',
        prompts: 'costless.jsonl',
        models: ['a', 'b'],
        features: 'task-onehot',
        costs: { per_prompt: field },
      });
      const r = await run(['--world', world, '--T', '10', '--trials', '1']);
      expect(r.code).toBe(2);
      expect(r.err).toBe(`${world}: costs.per_prompt: line 1 of costless.jsonl has no "${field}" field (expected {model: cost})`);
    }
  });

  it('model names that look alike: two Unicode forms of one name are a duplicate, an invisible or bidirectional character is refused', async () => {
    const twoForms = worldFile('cafe.json', { ...categorical, arms: ['caf\u00e9', 'cafe\u0301'] });
    expect((await run(['--world', twoForms, '--T', '10', '--trials', '1'])).err).toBe(`${twoForms}: arms[1]: duplicate name "café" (also arms[0])`);
    const rtl = worldFile('rtl.json', { ...categorical, arms: ['cheap', '\u202ereal'] });
    const r = await run(['--world', rtl, '--T', '10', '--trials', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `${rtl}: arms[1]: holds the invisible or control character U+202E at position 1: two names could look the same and be different (remove it)`,
    );
  });

  it('writes a model name with control characters escaped: no forged row, no terminal escape', () => {
    const line = formatSingleModels([
      { arm: 0, model: 'evil\nalgorithm  9.9999', success: { mean: 1, std: 0 }, cost: { mean: 1, std: 0 }, utility: { mean: 1, std: 0 } },
      { arm: 1, model: '\u001b[2Jclear\u200b', success: { mean: 1, std: 0 }, cost: { mean: 1, std: 0 }, utility: { mean: 1, std: 0 } },
    ]);
    expect(line.split('\n')).toHaveLength(5); // the title, the header, the rule, two rows
    // No raw control or invisible character is left but the lines' own breaks.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
    expect(/[\u0000-\u0009\u000b-\u001f\u007f\u200b]/.test(line)).toBe(false);
    expect(line).toContain('evil\\u{a}algorithm');
    expect(line).toContain('\\u{1b}[2Jclear\\u{200b}');
  });
});

describe('npm run sim names the file and the bound of an input too large or too deep (issue 42, items 2–3)', () => {
  /** The bundled CLI as a real process: where the stack overflows of issue 42 were seen. */
  function sim(argv: string[]) {
    const p = spawnSync(process.execPath, ['bin/sim.mjs', ...argv, '--T', '10', '--trials', '1'], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
    expect(p.stdout).toBe('');
    expect(p.stderr.trim().split('\n'), p.stderr).toHaveLength(1);
    expect(p.status, p.stderr).toBe(2);
    return p.stderr.trim();
  }

  it('a 100,000-deep malformed JSON world, and a prompts line like it', () => {
    const deep = worldFile('deep.json', '['.repeat(100_000));
    expect(sim(['--world', deep])).toBe(`${deep}: not valid JSON at line 1, column 65 (nested more than 64 levels deep, the limit)`);
    const folder = mkdtempSync(join(dir, 'deep-line-'));
    writeFileSync(join(folder, 'prompts.jsonl'), `{"id": "1", "text": "a", "task": "t", "outcomes": ${'['.repeat(100_000)}\n`);
    const world = join(folder, 'world.json');
    writeFileSync(world, JSON.stringify({ type: 'dataset', name: 'deep', prompts: 'prompts.jsonl', models: ['a'], features: 'task-onehot', costs: [1] }));
    expect(sim(['--world', world])).toBe(
      `${world}: prompts: line 1 of prompts.jsonl: not valid JSON at column 114 (nested more than 64 levels deep, the limit)`,
    );
  });

  it('a data folder of 50,000 models, and 300,000 arms with arm_start', () => {
    const folder = mkdtempSync(join(dir, 'wide-'));
    const models = Array.from({ length: 50_000 }, (_, i) => `m${i}`);
    writeFileSync(join(folder, 'models.json'), JSON.stringify(models.map((name) => ({ name, set_price: 1 }))));
    writeFileSync(join(folder, 'prompts.jsonl'), `${JSON.stringify({ id: '1', text: 'a', task: 't', outcomes: { m0: 1 } })}\n`);
    expect(sim(['--world', folder])).toMatch(/^models: .*wide-\w+\/models\.json: has 50,000 models; at most 256 are allowed \(.+\)$/);
    const K = 300_000;
    const arms = worldFile('arms.json', { type: 'logistic', name: 'wide', costs: Array(K).fill(1), d: 2, theta_seed: 1, arm_start: Array(K).fill(0) });
    expect(sim(['--world', arms])).toMatch(new RegExp(`^${arms}: (costs|arm_start): has 300,000 entries; at most 256 are allowed \\(one per model; .+\\)$`));
  });

  it('categories past the one-hot context bound (4,096), and a world of 257 arms', () => {
    const categories = (M: number) => ({
      type: 'categorical',
      name: 'wide',
      arms: ['a'],
      costs: [1],
      categories: Array.from({ length: M }, (_, j) => `c${j}`),
      q: Array(M).fill([0.5]),
    });
    for (const M of [4097, 200_000]) {
      const path = worldFile(`categories-${M}.json`, categories(M));
      expect(sim(['--world', path])).toBe(
        `${path}: categories: has ${M.toLocaleString('en-US')} category names; at most 4,096 are allowed (each is one dimension of the one-hot context, whose size is bounded like d)`,
      );
    }
    const arms = worldFile('arms-257.json', { type: 'logistic', name: 'wide', costs: Array(257).fill(1), d: 2, theta_seed: 1 });
    expect(sim(['--world', arms])).toMatch(/: costs: has 257 entries; at most 256 are allowed/);
    // At the bounds themselves, the worlds run.
    expect(
      spawnSync(
        process.execPath,
        ['bin/sim.mjs', '--world', worldFile('categories-4096.json', categories(4096)), '--algos', 'random', '--T', '5', '--trials', '1'],
        { cwd: repo },
      ).status,
    ).toBe(0);
  });
});

describe('npm run sim', () => {
  it('prints the table and writes the results file of the CLI contract', async () => {
    const json = join(dir, 'out.json');
    const r = await run(['--world', 't2i', '--algos', 'promptwise,random,oracle', '--T', '200', '--trials', '3', '--json', json]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/promptwise\s+\S+ ± /);
    const file = JSON.parse(readFileSync(json, 'utf8'));
    expect(file.world).toBe('t2i');
    expect(file.params).toMatchObject({ T: 200, trials: 3, seed: 0, lambda: 0.01, tauMax: 5, tauExp: 1, ridge: 0.01, sigma: 3, beta: 1 });
    expect(file.params.alpha).toBeCloseTo(Math.sqrt(2 * Math.log((2 * 5) / 0.05)), 12);
    expect(Object.keys(file.results)).toEqual(['promptwise', 'random', 'oracle']);
    for (const r of Object.values(file.results) as Record<string, { mean: number; std: number }>[]) {
      for (const k of ['utility', 'cost', 'success', 'regret']) {
        expect(Number.isFinite(r[k].mean) && Number.isFinite(r[k].std)).toBe(true);
      }
    }
  });

  it('--single-models adds each model alone: a table and singleModels in the file, the cheapest one exactly Lowest-cost', async () => {
    const json = join(dir, 'singles.json');
    const base = ['--world', 'sudoku', '--algos', 'promptwise,lowest-cost', '--T', '200', '--trials', '3'];
    const r = await run([...base, '--single-models', '--json', json]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/model alone +utility +cost +success\n[- ]+\ngemini-2\.5-flash +\S+ ± /);
    const file = JSON.parse(readFileSync(json, 'utf8'));
    expect(file.singleModels.map((m: { model: string }) => m.model)).toEqual(['gemini-2.5-flash', 'deepseek-chat', 'qwen-plus', 'gpt-4o', 'claude-opus-4']);
    const { utility, cost, success } = file.results['lowest-cost'];
    expect(file.singleModels[0]).toMatchObject({ arm: 0, utility, cost, success });
    // Without the flag the file is cli.md's, nothing added.
    const plain = join(dir, 'plain.json');
    expect((await run([...base, '--json', plain])).code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(plain, 'utf8')))).toEqual(['world', 'params', 'results']);
  });

  it('gives a byte-identical file for the same seed (with --no-timing) and a different one for another seed', async () => {
    const args = (seed: string, out: string) => ['--world', 'sudoku', '--T', '150', '--trials', '2', '--seed', seed, '--no-timing', '--json', join(dir, out)];
    expect((await run(args('4', 'a.json'))).code).toBe(0);
    expect((await run(args('4', 'b.json'))).code).toBe(0);
    expect((await run(args('5', 'c.json'))).code).toBe(0);
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    expect(read('a.json')).toBe(read('b.json'));
    expect(read('a.json')).not.toBe(read('c.json'));
  });

  it('gives the same file with 1, 2 or 3 worker threads (--jobs): trials are independent, merged in trial order', async () => {
    // Every learner family, the random baselines (their own streams) and a data folder with per-trial worlds.
    const runs = [
      ['--world', 't2i', '--algos', 'all', '--T', '120', '--trials', '5'],
      [
        '--world',
        join(repo, '../shared/data/humaneval-paper'),
        '--features',
        'hashed-ngrams',
        '--d',
        '16',
        '--algos',
        'promptwise,random-ts,oracle',
        '--T',
        '80',
        '--trials',
        '4',
      ],
    ];
    for (const argv of runs) {
      const files = await Promise.all(
        [1, 2, 3].map(async (jobs) => {
          const json = join(dir, `jobs-${jobs}.json`);
          const r = await run([...argv, '--jobs', String(jobs), '--no-timing', '--json', json]);
          expect(r.err).toBe('');
          return readFileSync(json, 'utf8');
        }),
      );
      expect(files[1]).toBe(files[0]);
      expect(files[2]).toBe(files[0]);
    }
    // Without --jobs, trials 0–1 run here and the rest on the pool when it pays (here: always): the same file.
    const argv = ['--world', 'sudoku', '--algos', 'promptwise,greedy,random,oracle', '--T', '100', '--trials', '7', '--no-timing'];
    const file = async (extra: string[], name: string) => {
      expect((await run([...argv, ...extra, '--json', join(dir, name)])).err).toBe('');
      return readFileSync(join(dir, name), 'utf8');
    };
    process.env.PROMPTWISE_POOL_SECONDS = '0';
    try {
      expect(await file([], 'adaptive.json')).toBe(await file(['--jobs', '1'], 'one.json'));
    } finally {
      delete process.env.PROMPTWISE_POOL_SECONDS;
    }
    // An error in the workers is still one line, with the exit code of the same error in this thread.
    const bad = await run(['--world', join(repo, '../shared/data/humaneval-paper'), '--tasks', 'rust', '--jobs', '2', '--trials', '2']);
    expect([bad.code, bad.err]).toEqual([2, 'tasks: no prompt has task "rust" (tasks: java-to-cpp, python-completion)']);
  });

  it('runs a world file', async () => {
    const r = await run(['--world', worldFile('ok.json', categorical), '--algos', 'promptwise,oracle', '--T', '50', '--trials', '1']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('world two-by-two');
  });

  const bad: [string, unknown, RegExp][] = [
    ['unknown type', { ...categorical, type: 'spherical' }, /^type: /],
    ['wrong lengths', { ...categorical, costs: [1, 10, 100] }, /^costs: /],
    [
      'q outside [0,1]',
      {
        ...categorical,
        q: [
          [0.9, 1.3],
          [0.2, 0.95],
        ],
      },
      /^q\[0\]\[1\]: /,
    ],
    ['non-positive cost', { ...categorical, costs: [0, 10] }, /^costs\[0\]: /],
    ['malformed JSON', '{"type": "categorical", "arms": [', /^not valid JSON at line 1, column 34 /],
  ];
  it.each(bad)('rejects a world file with %s: exit ≠ 0 and one line naming the file and the field', async (_, body, field) => {
    const path = worldFile('bad.json', body);
    const r = await run(['--world', path, '--T', '10', '--trials', '1']);
    expect(r.code).not.toBe(0);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err.startsWith(`${path}: `), r.err).toBe(true);
    expect(r.err.slice(path.length + 2)).toMatch(field);
    expect(r.out).toBe('');
  });

  it('rejects a dataset world naming an unknown model, and one whose prompts file is missing', async () => {
    const prompts = join(dir, 'p.jsonl');
    writeFileSync(prompts, ['a', 'b'].map((id) => JSON.stringify({ id, text: id, task: 't', outcomes: { m1: 1, m2: 0 } })).join('\n'));
    const base = { type: 'dataset', name: 'ds', prompts: 'p.jsonl', models: ['m1', 'm2'], costs: [1, 2], features: 'task-onehot' };
    expect((await run(['--world', worldFile('ds.json', base), '--T', '10', '--trials', '1'])).code).toBe(0);

    const unknown = await run(['--world', worldFile('ds2.json', { ...base, models: ['m1', 'm3'] }), '--T', '10', '--trials', '1']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.err).toMatch(/ds2\.json: models\[1\]: .*m3/);

    const missing = await run(['--world', worldFile('ds3.json', { ...base, prompts: 'nowhere.jsonl' }), '--T', '10', '--trials', '1']);
    expect(missing.code).not.toBe(0);
    expect(missing.err).toMatch(/ds3\.json: prompts: .*nowhere\.jsonl/);
  });

  it('keeps the data of models, a task and a cost field named __proto__ or constructor (issue 14, item 4)', async () => {
    // JSON.parse keeps "__proto__" as an own key; a plain object's assignment or zod's output would drop it.
    // The cheap model succeeds on the "__proto__" task's prompts only; the "__proto__" model on every prompt.
    const row = (id: number) =>
      `{"id": ${id}, "text": "p${id}", "task": "${id % 2 ? '__proto__' : 'constructor'}", "outcomes": {"__proto__": 1, "constructor": 0, "cheap": ${id % 2}}, ` +
      `"trials": {"cheap": [${id % 2}]}, "__proto__": {"__proto__": 3, "constructor": 1, "cheap": 0.5}}`;
    writeFileSync(join(dir, 'proto.jsonl'), Array.from({ length: 20 }, (_, i) => row(i)).join('\n'));
    const base = {
      type: 'dataset',
      name: 'proto',
      prompts: 'proto.jsonl',
      models: ['__proto__', 'constructor', 'cheap'],
      costs: [4, 2, 1],
      features: 'task-onehot',
    };
    const json = join(dir, 'proto-out.json');
    const results = async (world: unknown) => {
      const r = await run(['--world', worldFile('proto.json', world), '--algos', 'lowest-cost,highest-cost', '--T', '50', '--trials', '1', '--json', json]);
      expect(r.err).toBe('');
      return JSON.parse(readFileSync(json, 'utf8')).results;
    };
    const priced = await results(base);
    expect(priced['highest-cost']).toMatchObject({ success: { mean: 1 }, cost: { mean: 4 } });
    // Per-prompt costs from a field named __proto__: the "__proto__" model's recorded 3 on every prompt.
    expect((await results({ ...base, costs: { per_prompt: '__proto__' } }))['highest-cost'].cost.mean).toBe(3);
    // The "__proto__" task joins at step 45 of 50: the cheap model can succeed on at most 5 steps.
    expect(priced['lowest-cost'].success.mean).toBeGreaterThan(0.2);
    const late = await results({ ...base, task_start: JSON.parse('{"__proto__": 45}') });
    expect(late['lowest-cost'].success.mean).toBeLessThanOrEqual(0.1);
  });

  it('runs a recorded data folder of ../shared/data, with the featurizer and cost mode asked for', async () => {
    const folder = join(repo, '../shared/data/routeprofile-ulab');
    const algos = ['--algos', 'greedy,oracle', '--T', '40', '--trials', '1'];
    const priced = await run(['--world', folder, ...algos]);
    expect(priced.err).toBe('');
    expect(priced.out).toContain('world routeprofile-ulab');
    const json = join(dir, 'folder.json');
    const perQuery = await run(['--world', folder, '--features', 'hashed-ngrams', '--d', '16', '--costs', 'per-query', '--json', json, ...algos]);
    expect(perQuery.code).toBe(0);
    // µ$ per query: routeprofile's recorded costs are 1e-5…1e-3 USD
    const cost = JSON.parse(readFileSync(json, 'utf8')).results.oracle.cost.mean;
    expect(cost).toBeGreaterThan(1);
    expect(cost).toBeLessThan(1000);
    expect((await run(['--world', folder, '--features', 'embedding'])).err).toMatch(/^--features: must be task-onehot or hashed-ngrams/);
    expect((await run(['--world', folder, '--d', '8'])).err).toMatch(/^--d: task-onehot features have one dimension per task/);
    expect((await run(['--features', 'hashed-ngrams'])).err).toMatch(
      /^--features, --costs, --tasks, --model-start and --task-start apply to --world DATA_FOLDER/,
    );
    const python = await run(['--world', join(repo, '../shared/data/humaneval-paper'), '--tasks', 'python-completion', ...algos]);
    expect(python.code).toBe(0);
    expect((await run(['--world', join(repo, '../shared/data/humaneval-paper'), '--tasks', 'rust', ...algos])).err).toMatch(
      /^tasks: no prompt has task "rust"/,
    );
  });

  it('schedules models and tasks on a data folder (--model-start, --task-start: the adaptation presets)', async () => {
    const folder = join(repo, '../shared/data/humaneval-paper');
    const algos = ['--algos', 'oracle', '--T', '300', '--trials', '2', '--no-timing'];
    const json = async (extra: string[]) => {
      const path = join(dir, 'schedule.json');
      expect((await run(['--world', folder, '--json', path, ...algos, ...extra])).code).toBe(0);
      return JSON.parse(readFileSync(path, 'utf8')).results.oracle;
    };
    // Gemini (0.75) is cheaper than Qwen-Plus (1.6): without it for 200 of 300 steps, the oracle pays more.
    expect((await json(['--model-start', 'gemini-2.5-flash-preview:200'])).cost.mean).toBeGreaterThan((await json([])).cost.mean + 0.3);
    expect(await json(['--task-start', 'python-completion:250'])).not.toEqual(await json([]));
    expect((await run(['--world', folder, '--model-start', 'qwen-plus', ...algos])).err).toBe(
      '--model-start: "qwen-plus" is not NAME:STEP (a name and a step index ≥ 0)',
    );
    expect((await run(['--world', folder, '--model-start', 'gpt-5:3', ...algos])).err).toBe(
      'arm_start: no model named "gpt-5" (models: gemini-2.5-flash-preview, qwen-plus)',
    );
    expect((await run(['--world', folder, '--task-start', 'rust:3', ...algos])).err).toMatch(/^task_start: no prompt has task "rust"/);
    expect((await run(['--model-start', 'a:1'])).err).toMatch(/apply to --world DATA_FOLDER/);
  });

  it.each([
    [['--T', 'abc'], '--T: must be an integer from 1 to 1,000,000 (got "abc")'],
    // Every size has an upper bound, checked before anything is allocated (issue 14, item 2).
    [['--T', '1e9'], '--T: must be an integer from 1 to 1,000,000 (got "1e9")'],
    // Decimal notation only: Number() would read 0x10 as 16 and a blank as 0 (issue 14, item 11).
    [['--T', '0x10'], '--T: must be an integer from 1 to 1,000,000 (got "0x10")'],
    [['--lambda', '0b1'], '--lambda: must be a non-negative number (got "0b1")'],
    [['--seed', ' '], '--seed: must be an integer of at most 2^53 − 1 in size (got " ")'],
    [['--world', '../shared/data/humaneval-paper', '--tasks', ','], '--tasks: names no task (got ","; give A,B or leave it out for every task)'],
    [['--trials', '1e9'], '--trials: must be an integer from 1 to 10,000 (got "1e9")'],
    [['--tau-max', '1e9'], '--tau-max: must be an integer from 1 to 1,000 (got "1e9")'],
    [['--world', 'logistic', '--d', '100000'], '--d: must be an integer from 1 to 4,096 (got "100000")'],
    [['--algos', 'promptwise,magic'], '--algos: unknown algorithm "magic"'],
    [['--lambda', '-1'], '--lambda: must be a non-negative number (got "-1")'],
    // Utilities that cannot be represented are refused, never written as -Infinity ± NaN (issue 14, item 3).
    [['--world', 'sudoku', '--lambda', '1e308'], 'lambda × costs: a query costs λ × c = 7.50e+307 (model 1, prompt 0)'],
    [['--algos', 'promptwise-klr', '--sigma', '1e-170'], 'sigma: too small for the RBF kernel'],
    [['--world', 'nowhere-world'], 'world: no built-in world or file named "nowhere-world"'],
  ])('rejects bad options %j', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });

  it('as a real process (`npm run sim`: bin/sim.mjs, the bundled CLI): exits non-zero with one line and no stack trace', async () => {
    const p = spawnSync(process.execPath, ['bin/sim.mjs', '--world', join(dir, 'missing.json')], { cwd: repo, encoding: 'utf8' });
    expect(p.status).toBe(2);
    expect(p.stderr.trim().split('\n')).toHaveLength(1);
    expect(p.stderr).not.toMatch(/\n\s+at /);
  });

  it('as a real process whose reader stops early (`… | head`): no EPIPE crash, the --json file is written', async () => {
    const json = join(dir, 'closed-stdout.json');
    const child = spawn(process.execPath, ['bin/sim.mjs', '--world', 't2i', '--T', '20', '--trials', '2', '--json', json], { cwd: repo });
    child.stdout.destroy(); // the reader is gone before the CLI writes its first line
    let stderr = '';
    child.stderr.on('data', (b) => {
      stderr += b;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(json, 'utf8')).params.trials).toBe(2);
  });

  it('as a real process with a worker pool: the bundled workers give the in-process file', async () => {
    const argv = ['--world', 'sudoku', '--algos', 'promptwise,ca-pak-ucb-ts,random,oracle', '--T', '100', '--trials', '4', '--no-timing'];
    const files = ['1', '2'].map((jobs) => {
      const json = join(dir, `process-${jobs}.json`);
      const p = spawnSync(process.execPath, ['bin/sim.mjs', ...argv, '--jobs', jobs, '--json', json], { cwd: repo, encoding: 'utf8' });
      expect(p.stderr).toBe('');
      expect(p.status).toBe(0);
      return readFileSync(json, 'utf8');
    });
    expect(files[1]).toBe(files[0]);
  });
});
