import { describe, expect, it } from 'vitest';
import { parseWorldSpec } from './schema';
import { errorOf } from './testErrors';

const categorical = {
  type: 'categorical',
  name: 'c',
  arms: ['a', 'b'],
  costs: [1, 2],
  categories: ['x', 'y', 'z'],
  q: [
    [0.1, 0.2],
    [0.3, 0.4],
    [0.5, 0.6],
  ],
};
const logistic = {
  type: 'logistic',
  name: 'l',
  costs: [1, 2],
  d: 3,
  theta: [
    [1, 0, 0],
    [0, 1, 0],
  ],
};
const dataset = { type: 'dataset', name: 'd', prompts: 'p.jsonl', models: ['a', 'b'], features: 'task-onehot', costs: [1, 2] };

const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

describe('parseWorldSpec accepts', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a categorical world', categorical],
    [
      'a categorical world with every option',
      { ...categorical, category_probs: [0.2, 0.3, 0.5], context_dim: 4, arm_start: [0, 9], category_start: [0, 3, 3], description: 'd' },
    ],
    ['hand-written thirds as category_probs', { ...categorical, category_probs: [0.333, 0.333, 0.333] }],
    [
      'contexts on the unit sphere',
      {
        ...categorical,
        contexts: [
          [1, 0],
          [0, 1],
          [0.6, 0.8],
        ],
      },
    ],
    ['a logistic world with theta', logistic],
    ['a logistic world with theta_seed and arm names', { ...without(logistic, 'theta'), theta_seed: 7, arms: ['p', 'q'] }],
    ['a dataset world', dataset],
    ['per-prompt costs and hashed n-grams', { ...dataset, costs: { per_prompt: 'cost_usd' }, features: { type: 'hashed-ngrams', dim: 16 } }],
    [
      'a dataset world asking for embeddings (buildWorld rejects them, the format allows them)',
      { ...dataset, features: { type: 'embedding', model: 'Xenova/all-MiniLM-L6-v2', dim: 32 } },
    ],
  ])('%s', (_, spec) => {
    expect(parseWorldSpec(spec).type).toBe(spec.type);
  });

  it('expands the feature shorthand', () => {
    const spec = parseWorldSpec({ ...dataset, features: 'hashed-ngrams' });
    expect(spec.type === 'dataset' && spec.features).toEqual({ type: 'hashed-ngrams' });
  });

  it('returns what it validated, unchanged', () => {
    expect(parseWorldSpec(categorical)).toEqual(categorical);
  });
});

describe('parseWorldSpec rejects, naming the field', () => {
  const cases: [string, unknown, string, string][] = [
    // [what, input, field, message]
    ['an unknown type', { ...categorical, type: 'foo' }, 'type', 'type: unknown world type "foo" (expected categorical, logistic or dataset)'],
    ['a missing type', without(categorical, 'type'), 'type', 'type: missing (expected categorical, logistic or dataset)'],
    ['a world that is not an object', [1, 2], '(file)', '(file): must be an object with a "type" field (got [1,2])'],
    ['a missing name', without(categorical, 'name'), 'name', 'name: missing (expected a non-empty string)'],
    ['missing costs', without(categorical, 'costs'), 'costs', 'costs: missing (expected an array of positive numbers, one per arm)'],
    ['a negative cost', { ...categorical, costs: [1, -2] }, 'costs[1]', 'costs[1]: must be a positive number (got -2)'],
    ['a zero cost', { ...categorical, costs: [0, 2] }, 'costs[0]', 'costs[0]: must be a positive number (got 0)'],
    ['a non-numeric cost', { ...categorical, costs: [1, '2'] }, 'costs[1]', 'costs[1]: must be a positive number (got "2")'],
    ['costs not one per arm', { ...categorical, costs: [1, 2, 3] }, 'costs', 'costs: expected 2 values (one per arm), got 3'],
    ['missing arms in a categorical world', without(categorical, 'arms'), 'arms', 'arms: missing (expected an array of model names)'],
    ['duplicate arm names', { ...categorical, arms: ['a', 'a'] }, 'arms[1]', 'arms[1]: duplicate name "a" (also arms[0])'],
    [
      'a probability above 1',
      {
        ...categorical,
        q: [
          [0.1, 0.2],
          [0.3, 0.4],
          [0.5, 1.3],
        ],
      },
      'q[2][1]',
      'q[2][1]: must be a probability in [0, 1] (got 1.3)',
    ],
    [
      'a negative probability',
      {
        ...categorical,
        q: [
          [-0.1, 0.2],
          [0.3, 0.4],
          [0.5, 0.6],
        ],
      },
      'q[0][0]',
      'q[0][0]: must be a probability in [0, 1] (got -0.1)',
    ],
    ['a q row not one per arm', { ...categorical, q: [[0.1], [0.3, 0.4], [0.5, 0.6]] }, 'q[0]', 'q[0]: expected 2 values (one per arm), got 1'],
    [
      'q rows not one per category',
      {
        ...categorical,
        q: [
          [0.1, 0.2],
          [0.3, 0.4],
        ],
      },
      'q',
      'q: expected 3 rows (one per category), got 2',
    ],
    [
      'category_probs not one per category',
      { ...categorical, category_probs: [0.5, 0.5] },
      'category_probs',
      'category_probs: expected 3 values (one per category), got 2',
    ],
    ['category_probs not summing to 1', { ...categorical, category_probs: [0.5, 0.3, 0.1] }, 'category_probs', 'category_probs: must sum to 1 (got 0.9)'],
    [
      'a category probability above 1',
      { ...categorical, category_probs: [1.5, -0.5, 0] },
      'category_probs[0]',
      'category_probs[0]: must be a probability in [0, 1] (got 1.5)',
    ],
    [
      'a misspelt optional field',
      { ...categorical, catgory_probs: [1, 0, 0] },
      'catgory_probs',
      'catgory_probs: unknown field in a categorical world (known: type, name, description, arm_start, arms, costs, categories, q, category_probs, context_dim, contexts, category_start)',
    ],
    ['arm_start not one per arm', { ...categorical, arm_start: [0] }, 'arm_start', 'arm_start: expected 2 values (one per arm), got 1'],
    ['no arm available at step 0', { ...categorical, arm_start: [5, 10] }, 'arm_start', 'arm_start: some arm must be available at step 0 (got [5,10])'],
    ['a fractional start step', { ...categorical, arm_start: [0, 1.5] }, 'arm_start[1]', 'arm_start[1]: must be a step index (an integer ≥ 0) (got 1.5)'],
    [
      'category_start not one per category',
      { ...categorical, category_start: [0, 5] },
      'category_start',
      'category_start: expected 3 values (one per category), got 2',
    ],
    [
      'no category at step 0',
      { ...categorical, category_start: [3, 5, 7] },
      'category_start',
      'category_start: some category with positive probability must start at step 0 (got [3,5,7])',
    ],
    [
      'only a zero-probability category at step 0',
      { ...categorical, category_probs: [0, 0.5, 0.5], category_start: [0, 5, 7] },
      'category_start',
      'category_start: some category with positive probability must start at step 0 (got [0,5,7])',
    ],
    [
      'context_dim below the number of categories',
      { ...categorical, context_dim: 2 },
      'context_dim',
      'context_dim: must be at least the number of categories (3), got 2',
    ],
    [
      'both contexts and context_dim',
      { ...categorical, context_dim: 3, contexts: [[1], [0], [0]] },
      'contexts',
      'contexts: give either contexts or context_dim, not both',
    ],
    [
      'contexts not one per category',
      {
        ...categorical,
        contexts: [
          [1, 0],
          [0, 1],
        ],
      },
      'contexts',
      'contexts: expected 3 vectors (one per category), got 2',
    ],
    [
      'contexts of unequal length',
      { ...categorical, contexts: [[1, 0], [0, 1], [0.5]] },
      'contexts[2]',
      'contexts[2]: expected 2 values (like contexts[0]), got 1',
    ],
    [
      'a context outside the unit ball',
      {
        ...categorical,
        contexts: [
          [1, 0],
          [0, 1],
          [0.8, 0.8],
        ],
      },
      'contexts[2]',
      'contexts[2]: norm 1.131371 exceeds 1 (context vectors must lie in the unit ball)',
    ],
    ['neither theta nor theta_seed', without(logistic, 'theta'), 'theta', 'theta: missing (expected 2 vectors of length d = 3, or theta_seed to draw them)'],
    ['both theta and theta_seed', { ...logistic, theta_seed: 1 }, 'theta_seed', 'theta_seed: give either theta or theta_seed, not both'],
    ['theta not one per arm', { ...logistic, theta: [[1, 0, 0]] }, 'theta', 'theta: expected 2 vectors (one per arm), got 1'],
    [
      'a theta row not of length d',
      {
        ...logistic,
        theta: [
          [1, 0, 0],
          [0, 1],
        ],
      },
      'theta[1]',
      'theta[1]: expected 3 values (d = 3), got 2',
    ],
    ['a non-integer d', { ...logistic, d: 2.5 }, 'd', 'd: must be an integer from 1 to 4,096 (got 2.5)'],
    // A size past its bound is refused before anything is allocated (issue 14, item 2).
    ['a d of 1e9', { ...logistic, d: 1e9 }, 'd', 'd: must be an integer from 1 to 4,096 (got 1000000000)'],
    ['logistic arm names not one per cost', { ...logistic, arms: ['p'] }, 'arms', 'arms: expected 2 names (one per arm), got 1'],
    ['a dataset without prompts', without(dataset, 'prompts'), 'prompts', 'prompts: missing (expected the path of a JSONL file)'],
    ['a dataset without features', without(dataset, 'features'), 'features', 'features: missing (expected task-onehot, hashed-ngrams or embedding)'],
    [
      'an unknown feature type',
      { ...dataset, features: 'bag-of-words' },
      'features.type',
      'features.type: unknown feature type "bag-of-words" (expected task-onehot, hashed-ngrams or embedding)',
    ],
    [
      'a zero feature dimension',
      { ...dataset, features: { type: 'hashed-ngrams', dim: 0 } },
      'features.dim',
      'features.dim: must be an integer from 1 to 4,096 (got 0)',
    ],
    [
      'an embedding without a model',
      { ...dataset, features: { type: 'embedding' } },
      'features.model',
      'features.model: missing (expected a non-empty string)',
    ],
    ['dataset costs not one per model', { ...dataset, costs: [1] }, 'costs', 'costs: expected 2 values (one per arm), got 1'],
    ['a non-positive dataset cost', { ...dataset, costs: [1, -1] }, 'costs[1]', 'costs[1]: must be a positive number (got -1)'],
    [
      'per_prompt that is not a field name',
      { ...dataset, costs: { per_prompt: 3 } },
      'costs.per_prompt',
      'costs.per_prompt: must be a non-empty string (got 3)',
    ],
    [
      'costs of the wrong kind',
      { ...dataset, costs: 'cheap' },
      'costs',
      'costs: must be an array of positive numbers or {"per_prompt": "<field>"} (got "cheap")',
    ],
    ['duplicate models', { ...dataset, models: ['a', 'a'] }, 'models[1]', 'models[1]: duplicate name "a" (also models[0])'],
  ];

  it.each(cases)('%s', (_, input, field, message) => {
    const e = errorOf(() => parseWorldSpec(input, 'test.json'));
    expect(e.message).toBe(message);
    expect(e.field).toBe(field);
    expect(e.source).toBe('test.json');
  });
});

describe('parseWorldSpec bounds every count that sets a dimension (issue 42, item 2)', () => {
  const range = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const categories = (M: number) => ({ ...categorical, arms: ['a'], costs: [1], categories: range(M, 'c'), q: new Array(M).fill([0.5]) });
  const ARMS_WHY = 'the lab runs at most this many models; docs/WORLD-FORMAT.md, "Bounds"';
  const CATEGORIES_WHY = 'each is one dimension of the one-hot context, whose size is bounded like d';

  it('accepts each bound itself: 4,096 categories, 256 arms, 4,096 task start steps', () => {
    expect(() => parseWorldSpec(categories(4096))).not.toThrow();
    expect(() =>
      parseWorldSpec({ ...logistic, costs: new Array(256).fill(1), theta: undefined, theta_seed: 1, arm_start: new Array(256).fill(0) }),
    ).not.toThrow();
    expect(() => parseWorldSpec({ ...dataset, task_start: Object.fromEntries(range(4096, 't').map((t) => [t, 1])) })).not.toThrow();
  });

  it.each([
    ['4,097 categories', categories(4097), `categories: has 4,097 category names; at most 4,096 are allowed (${CATEGORIES_WHY})`],
    ['200,000 categories', categories(200_000), `categories: has 200,000 category names; at most 4,096 are allowed (${CATEGORIES_WHY})`],
    [
      '4,097 rows of q',
      { ...categories(2), q: new Array(4097).fill([0.5]) },
      `q: has 4,097 entries; at most 4,096 are allowed (one per category; ${CATEGORIES_WHY})`,
    ],
    ['257 arms', { ...categorical, arms: range(257, 'm'), costs: [1] }, `arms: has 257 model names; at most 256 are allowed (${ARMS_WHY})`],
    ['257 costs', { ...logistic, costs: new Array(257).fill(1) }, `costs: has 257 entries; at most 256 are allowed (one per model; ${ARMS_WHY})`],
    [
      '300,000 arm start steps',
      { ...logistic, theta: undefined, theta_seed: 1, arm_start: new Array(300_000).fill(0) },
      `arm_start: has 300,000 entries; at most 256 are allowed (one per model; ${ARMS_WHY})`,
    ],
    ['50,000 models', { ...dataset, models: range(50_000, 'm') }, `models: has 50,000 model names; at most 256 are allowed (${ARMS_WHY})`],
    [
      '4,097 task start steps',
      { ...dataset, task_start: Object.fromEntries(range(4097, 't').map((t) => [t, 1])) },
      'task_start: has 4,097 tasks; at most 4,096 are allowed (each task is one dimension of the one-hot context, whose size is bounded like d)',
    ],
  ])('refuses %s, naming the bound', (_, input, message) => {
    expect(errorOf(() => parseWorldSpec(input)).message).toBe(message);
  });
});

describe('names that look alike (issue 42, item 7)', () => {
  const composed = 'caf\u00e9';
  const decomposed = 'cafe\u0301';

  it('puts names in NFC, so two Unicode forms of one name are a duplicate', () => {
    expect(composed).not.toBe(decomposed);
    expect(errorOf(() => parseWorldSpec({ ...dataset, models: [composed, decomposed] })).message).toBe('models[1]: duplicate name "café" (also models[0])');
    const spec = parseWorldSpec({ ...dataset, models: [decomposed, 'b'] });
    expect(spec.type === 'dataset' && spec.models[0]).toBe(composed);
  });

  it.each([
    ['a zero-width space', 'gpt\u200b-4o', 'U+200B at position 4'],
    ['a right-to-left override', '\u202egpt-4o', 'U+202E at position 1'],
    ['a control character', 'gpt\u001b[2J', 'U+001B at position 4'],
    ['a soft hyphen', 'gpt\u00ad4o', 'U+00AD at position 4'],
  ])('refuses a name with %s, naming the code point', (_, bad, where) => {
    expect(errorOf(() => parseWorldSpec({ ...categorical, arms: ['a', bad] })).message).toBe(
      `arms[1]: holds the invisible or control character ${where}: two names could look the same and be different (remove it)`,
    );
  });
});
