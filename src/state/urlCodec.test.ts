import { describe, expect, it } from 'vitest';
import { ALL_ALGO_IDS } from './catalog';
import { DEFAULT_HASH_STATE, DEFAULT_PARAMS, decodeHash, encodeHash, formatNumber, type HashState } from './urlCodec';

const texts = (hash: string) => decodeHash(hash).notices.map((n) => n.text);

describe('URL hash codec: round trip', () => {
  it('writes every parameter in a readable order', () => {
    expect(encodeHash(DEFAULT_HASH_STATE)).toBe(
      '#world=sudoku&algos=promptwise,promptwise-budget,greedy,oracle&lambda=0.01&tauMax=5&tauExp=1&alpha=auto&T=1000&trials=20&seed=0&traceAlgo=promptwise',
    );
  });

  it('reads back what it writes, view state included', () => {
    const states: HashState[] = [
      DEFAULT_HASH_STATE,
      {
        params: {
          ...DEFAULT_PARAMS,
          world: 't2i',
          algos: ['promptwise', 'greedy'],
          T: 300,
          trials: 3,
          seed: 42,
          lambda: 0.0001,
          tauMax: 1,
          tauExp: 0,
          alpha: 1.5,
          traceAlgo: 'greedy',
        },
        present: true,
        step: 17,
        slide: 2,
      },
      {
        params: {
          ...DEFAULT_PARAMS,
          world: 'logistic',
          algos: ['oracle-prop1'],
          lambda: 1,
          tauMax: 16,
          tauExp: 5,
          alpha: 0,
          T: 5000,
          trials: 50,
          seed: 2 ** 31 - 1,
          traceAlgo: 'oracle-prop1',
        },
        present: false,
        step: 4999,
      },
      {
        params: { ...DEFAULT_PARAMS, world: 'data:routeprofile-ulab', features: 'embedding', dim: 32, costs: 'per-query' },
        present: false,
        step: null,
      },
      {
        params: { ...DEFAULT_PARAMS, world: 'import:my-logs-1a2b3c', features: 'hashed-ngrams', dim: 64, tasks: ['python-completion', 'java-to-cpp'] },
        present: false,
        step: null,
      },
      {
        params: {
          ...DEFAULT_PARAMS,
          world: 'data:humaneval-paper',
          modelStart: [{ name: 'gemini-2.5-flash-preview', step: 200 }],
          taskStart: [
            { name: 'python-completion', step: 250 },
            { name: 'java-to-cpp', step: 0 },
          ],
        },
        present: false,
        step: null,
      },
    ];
    for (const state of states) {
      const hash = encodeHash(state);
      const back = decodeHash(hash);
      expect(back.notices).toEqual([]);
      expect(back.hasState).toBe(true);
      expect(back.state).toEqual(state);
      expect(encodeHash(back.state)).toBe(hash);
    }
  });

  it.each([
    ['features=bert', 'features=bert is not valid (one of task-onehot, hashed-ngrams, embedding); using task-onehot'],
    ['dim=1', 'dim=1 is not valid (an integer 2–384); using 16'],
    ['costs=free', 'costs=free is not valid (prices or per-query); using prices'],
    [`tasks=a,${'x'.repeat(121)}`, `tasks=a,${'x'.repeat(35)}… is not valid (a comma-separated list of task names); using all tasks`],
    ['modelStart=qwen-plus', 'modelStart=qwen-plus is not valid (a comma-separated list of model:step); using every model from step 0'],
    ['taskStart=a:1,a:2', 'taskStart=a:1,a:2 is not valid (a comma-separated list of task:step); using every task from step 0'],
  ])('a dataset world with %s falls back with a notice', (pair, notice) => {
    const d = decodeHash(`#world=data:x&${pair}`);
    expect(d.notices.map((n) => n.text)).toEqual([notice]);
    expect(d.state.params).toEqual({ ...DEFAULT_PARAMS, world: 'data:x' });
  });

  it('keeps a task name with a space (MMLU-Pro\'s "computer science") through the link', () => {
    const params = { ...DEFAULT_PARAMS, world: 'data:mmlu-pro-tigerlab', tasks: ['computer science', 'law'] };
    const d = decodeHash(encodeHash({ ...DEFAULT_HASH_STATE, params }));
    expect(d.notices).toEqual([]);
    expect(d.state.params.tasks).toEqual(['computer science', 'law']);
  });

  it('writes the slide (1-based) only while presenting, past the first slide', () => {
    const at = (present: boolean, slide: number) => encodeHash({ ...DEFAULT_HASH_STATE, present, slide });
    expect(at(true, 3)).toMatch(/&present=1&slide=4$/);
    expect(at(true, 0)).toMatch(/&present=1$/);
    expect(at(false, 3)).not.toContain('slide=');
    expect(decodeHash(at(true, 3)).state).toMatchObject({ present: true, slide: 3 });
  });

  it('writes the dataset keys only for dataset worlds', () => {
    const builtin = encodeHash({ ...DEFAULT_HASH_STATE, params: { ...DEFAULT_PARAMS, features: 'embedding' } });
    expect(builtin).not.toMatch(/features=|dim=|costs=/);
    const scheduled = { ...DEFAULT_PARAMS, modelStart: [{ name: 'gpt-4o', step: 200 }], taskStart: [{ name: 'x', step: 1 }] };
    expect(encodeHash({ ...DEFAULT_HASH_STATE, params: scheduled })).not.toMatch(/modelStart=|taskStart=/);
    expect(encodeHash({ ...DEFAULT_HASH_STATE, params: { ...DEFAULT_PARAMS, world: 'data:humaneval-paper' } })).toMatch(
      /^#world=data:humaneval-paper&features=task-onehot&costs=prices&algos=.*&seed=0&dim=16&traceAlgo=/,
    );
  });

  it('carries the embedding model of a dataset run, the default one by leaving it out (issue 41, item 8)', () => {
    const params = { ...DEFAULT_PARAMS, world: 'data:humaneval-paper', features: 'embedding' as const, embed: 'fixtures/tiny-random-bert' };
    const hash = encodeHash({ ...DEFAULT_HASH_STATE, params });
    expect(hash).toContain('&embed=fixtures%2Ftiny-random-bert&');
    expect(decodeHash(hash).state.params.embed).toBe('fixtures/tiny-random-bert');
    const byDefault = encodeHash({ ...DEFAULT_HASH_STATE, params: { ...params, embed: DEFAULT_PARAMS.embed } });
    expect(byDefault).not.toContain('embed=');
    expect(decodeHash(byDefault).state.params.embed).toBe('Xenova/all-MiniLM-L6-v2');
    expect(decodeHash('#world=data:humaneval-paper&embed=two words').notices.map((n) => n.field)).toEqual(['embed']);
  });

  it('reads the example link of the brief, defaults for the rest', () => {
    const d = decodeHash('#world=sudoku&algos=promptwise,greedy&lambda=0.01&tauMax=5&T=1000&trials=20&seed=0');
    expect(d.notices).toEqual([]);
    expect(d.state.params).toEqual({ ...DEFAULT_PARAMS, algos: ['promptwise', 'greedy'] });
  });

  it('treats an empty hash as no state', () => {
    for (const h of ['', '#', '#&']) {
      const d = decodeHash(h);
      expect(d.hasState).toBe(false);
      expect(d.notices).toEqual([]);
      expect(d.state).toEqual(DEFAULT_HASH_STATE);
    }
  });

  it('accepts percent-encoding, spaces and alpha=auto', () => {
    const d = decodeHash('#algos=promptwise%2Coracle&lambda=%200.05%20&alpha=auto');
    expect(d.notices).toEqual([]);
    expect(d.state.params.algos).toEqual(['promptwise', 'oracle']);
    expect(d.state.params.lambda).toBe(0.05);
    expect(d.state.params.alpha).toBeNull();
  });

  it('lists algorithms in catalog order, without duplicates', () => {
    expect(decodeHash('#algos=oracle,promptwise,oracle').state.params.algos).toEqual(['promptwise', 'oracle']);
  });

  it('writes small λ in plain notation', () => {
    expect(formatNumber(0.0001)).toBe('0.0001');
    expect(formatNumber(0.00015)).toBe('0.00015');
    expect(formatNumber(0.3)).toBe('0.3');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
  });
});

describe('URL hash codec: every invalid field falls back to its default, with a notice', () => {
  it.each([
    ['tauMax=-3', 'tauMax=-3 is not valid (an integer 1–16); using 5'],
    ['tauMax=2.5', 'tauMax=2.5 is not valid (an integer 1–16); using 5'],
    ['tauMax=17', 'tauMax=17 is not valid (an integer 1–16); using 5'],
    ['lambda=abc', 'lambda=abc is not valid (a number 0.0001–1); using 0.01'],
    ['lambda=0', 'lambda=0 is not valid (a number 0.0001–1); using 0.01'],
    ['lambda=2', 'lambda=2 is not valid (a number 0.0001–1); using 0.01'],
    ['lambda=', 'lambda= is not valid (a number 0.0001–1); using 0.01'],
    ['lambda=0x10', 'lambda=0x10 is not valid (a number 0.0001–1); using 0.01'],
    ['lambda=Infinity', 'lambda=Infinity is not valid (a number 0.0001–1); using 0.01'],
    ['tauExp=9', 'tauExp=9 is not valid (an integer 0–5); using 1'],
    ['alpha=big', 'alpha=big is not valid ("auto" or a number 0–5); using auto'],
    ['alpha=-1', 'alpha=-1 is not valid ("auto" or a number 0–5); using auto'],
    ['T=50', 'T=50 is not valid (an integer 100–5000); using 1000'],
    ['T=1e9', 'T=1e9 is not valid (an integer 100–5000); using 1000'],
    ['trials=0', 'trials=0 is not valid (an integer 1–50); using 20'],
    ['seed=-1', 'seed=-1 is not valid (an integer 0–2147483647); using 0'],
    ['seed=1.5', 'seed=1.5 is not valid (an integer 0–2147483647); using 0'],
    [
      'world=mars',
      'world=mars is not valid (one of t2i, sudoku, sudoku-new-arms, sudoku-new-prompts, two-models, logistic, data:<folder> or import:<id>); using sudoku',
    ],
    [
      'world=data:../etc',
      'world=data:../etc is not valid (one of t2i, sudoku, sudoku-new-arms, sudoku-new-prompts, two-models, logistic, data:<folder> or import:<id>); using sudoku',
    ],
    ['traceAlgo=nope', 'traceAlgo=nope is not valid (an algorithm id (promptwise, promptwise-perstep, promptwise-klr, …)); using promptwise'],
    ['present=maybe', 'present=maybe is not valid (1 or 0); using 0'],
    ['step=-4', 'step=-4 is not valid (an integer 0–999); using no selection'],
    ['step=1000', 'step=1000 is not valid (an integer 0–999); using no selection'],
    ['slide=0', 'slide=0 is not valid (a slide 1–7); using the first slide'],
    ['slide=8', 'slide=8 is not valid (a slide 1–7); using the first slide'],
  ])('%s', (hash, notice) => {
    const d = decodeHash(`#${hash}`);
    expect(d.notices.map((n) => n.text)).toEqual([notice]);
    const key = hash.split('=')[0];
    if (key in DEFAULT_PARAMS) expect(d.state.params).toEqual(DEFAULT_PARAMS);
    else expect(d.state).toEqual(DEFAULT_HASH_STATE);
  });

  it('keeps the valid fields when others are invalid (the e2e link)', () => {
    const d = decodeHash('#tauMax=-3&lambda=abc&T=200&world=t2i');
    expect(d.notices.map((n) => n.field)).toEqual(['tauMax', 'lambda']);
    expect(d.state.params).toEqual({ ...DEFAULT_PARAMS, T: 200, world: 't2i' });
  });

  it('drops unknown algorithms one by one, and uses the default list when none is known', () => {
    expect(texts('#algos=promptwise,gpt5,oracle')).toEqual(['algos: "gpt5" is not an algorithm; it was left out']);
    expect(decodeHash('#algos=promptwise,gpt5,oracle').state.params.algos).toEqual(['promptwise', 'oracle']);
    const none = decodeHash('#algos=foo,bar');
    expect(none.notices.map((n) => n.text)).toEqual([
      'algos=foo,bar is not valid ("all" or a comma-separated list of algorithm ids (promptwise, promptwise-perstep, promptwise-klr, …)); using promptwise,promptwise-budget,greedy,oracle',
    ]);
    expect(none.state.params.algos).toEqual(DEFAULT_PARAMS.algos);
    expect(decodeHash('#algos=').state.params.algos).toEqual(DEFAULT_PARAMS.algos);
  });

  it('reads and writes every algorithm as algos=all; the first view is focused', () => {
    expect(DEFAULT_PARAMS.algos).toEqual(['promptwise', 'promptwise-budget', 'greedy', 'oracle']);
    const all = decodeHash('#algos=all');
    expect(all.notices).toEqual([]);
    expect(all.state.params.algos).toEqual([...ALL_ALGO_IDS]);
    expect(all.state.params.algos).not.toContain('promptwise-official');
    expect(encodeHash(all.state)).toContain('&algos=all&');
    // One algorithm less is a list again; the authors'-code readings are not part of "all".
    expect(encodeHash({ ...all.state, params: { ...all.state.params, algos: ALL_ALGO_IDS.slice(1) } })).toMatch(/algos=promptwise-perstep,/);
    expect(encodeHash({ ...all.state, params: { ...all.state.params, algos: [...ALL_ALGO_IDS, 'promptwise-official'] } })).not.toContain('algos=all');
  });

  it('traces one of the algorithms run', () => {
    const quiet = decodeHash('#algos=greedy,oracle');
    expect(quiet.notices).toEqual([]);
    expect(quiet.state.params.traceAlgo).toBe('greedy');
    const asked = decodeHash('#algos=promptwise,oracle&traceAlgo=greedy');
    expect(asked.notices.map((n) => n.text)).toEqual(['traceAlgo=greedy is not among the chosen algorithms; tracing promptwise']);
    expect(asked.state.params.traceAlgo).toBe('promptwise');
  });

  it('checks the step against T from the same link', () => {
    expect(decodeHash('#T=200&step=199').state.step).toBe(199);
    expect(texts('#T=200&step=200')).toEqual(['step=200 is not valid (an integer 0–199); using no selection']);
  });

  it('names unknown keys and repeated keys', () => {
    expect(texts('#foo=1&lambda=0.1')).toEqual(['"foo" is not a lab parameter; it was ignored']);
    const twice = decodeHash('#lambda=0.1&lambda=0.2');
    expect(twice.notices.map((n) => n.text)).toEqual(['lambda is given more than once; using the first']);
    expect(twice.state.params.lambda).toBe(0.1);
  });

  it('names a repeated key once, and counts unknown keys beyond five (issue 14, item 11)', () => {
    expect(texts(`#${Array(5000).fill('k=v').join('&')}`)).toEqual(['"k" is not a lab parameter; it was ignored']);
    expect(texts(`#${Array(5000).fill('lambda=0.1').join('&')}`)).toEqual(['lambda is given more than once; using the first']);
    expect(texts(`#algos=promptwise,${Array(5000).fill('gpt5').join(',')}`)).toEqual(['algos: "gpt5" is not an algorithm; it was left out']);
    const many = texts(`#${Array.from({ length: 5000 }, (_, i) => `k${i}=v`).join('&')}`);
    expect(many).toHaveLength(6);
    expect(many.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((i) => `"k${i}" is not a lab parameter; it was ignored`));
    expect(many[5]).toBe('4,995 more keys are not lab parameters; they were ignored');
    const ids = texts(`#algos=oracle,${Array.from({ length: 7 }, (_, i) => `x${i}`).join(',')}`);
    expect(ids).toHaveLength(6);
    expect(ids[5]).toBe('algos: 2 more are not algorithms; they were left out');
  });

  it('reads decimal numbers only: no hex, binary or Infinity', () => {
    for (const raw of ['0x10', '0b1', 'Infinity', '1_000']) expect(decodeHash(`#T=${raw}`).state.params.T, raw).toBe(DEFAULT_PARAMS.T);
    expect(decodeHash('#T=1e3').state.params.T).toBe(1000);
  });

  it('shortens absurd values and never throws', () => {
    const long = 'x'.repeat(500);
    const [n] = texts(`#world=${long}`);
    expect(n.length).toBeLessThan(200);
    for (const junk of ['#%E0%A4%A', '#=&=&==', '#lambda=%00', `#${'&'.repeat(1000)}`, '#tauMax', '#__proto__=1&constructor=2']) {
      expect(() => decodeHash(junk)).not.toThrow();
      expect(decodeHash(junk).state.params).toEqual(DEFAULT_PARAMS);
    }
  });
});

describe('link precision', () => {
  it('reads a link with more digits than it writes as the number it will write, so the rewritten link runs the same', () => {
    const { params } = decodeHash('#lambda=0.0031622776601683794&alpha=1.23456789012345').state;
    expect(params.lambda).toBe(0.00316227766017);
    expect(params.alpha).toBe(1.23456789012);
    expect(decodeHash(encodeHash({ params, present: false, step: null })).state.params).toEqual(params);
  });
});
