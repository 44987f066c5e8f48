import type { World } from '../types';
import { buildWorld } from './build';
import { show, WorldFormatError } from './errors';
import { parseWorldSpec, type WorldSpec } from './schema';

/**
 * The lab's built-in worlds, written in the world-file format and validated like any file
 * (docs/WORLD-FORMAT.md describes each).
 */

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * The paper's synthetic text-to-image task: 5 prompt types (uniform), 5 experts; expert i (1-based) always
 * succeeds on types 1..i and succeeds with probability 0.5 on the rest. Costs are the paper's.
 */
const t2i = {
  type: 'categorical',
  name: 't2i',
  description: 'Synthetic text-to-image (paper): expert i always handles prompt types 1..i, 50% on the others',
  arms: range(5).map((i) => `expert-${i + 1}`),
  costs: [0.75, 1.37, 1.6, 12.5, 90],
  categories: range(5).map((j) => `type-${j + 1}`),
  q: range(5).map((j) => range(5).map((i) => (j <= i ? 1 : 0.5))),
};

/**
 * Sudoku puzzles by number of blanks, solved by five LLMs. OUR READING, NOT MEASURED: the paper's Sudoku
 * experiment used five LLMs of very different prices; these models and their list prices ($ per 1M output
 * tokens, early 2025) are a plausible stand-in, and the q table is illustrative: success falls with the
 * blanks, the reasoning models (o3-mini, o1) hold up on hard puzzles, and gpt-4o is dominated by the cheaper
 * o3-mini. The cheapest model with q ≥ 0.8 changes with the category (gpt-4o-mini, deepseek-chat, o3-mini,
 * o3-mini, o1), so routing by category matters.
 */
const sudoku = {
  type: 'categorical',
  name: 'sudoku',
  description: 'Sudoku by number of blanks, five LLMs (illustrative success rates, list prices)',
  arms: ['gpt-4o-mini', 'deepseek-chat', 'o3-mini', 'gpt-4o', 'o1'],
  costs: [0.6, 1.1, 4.4, 10, 60],
  categories: ['blanks-10', 'blanks-20', 'blanks-30', 'blanks-40', 'blanks-50'],
  q: [
    [0.92, 0.96, 0.99, 0.97, 0.99],
    [0.4, 0.85, 0.97, 0.8, 0.99],
    [0.1, 0.35, 0.93, 0.5, 0.98],
    [0.03, 0.1, 0.8, 0.25, 0.96],
    [0.01, 0.03, 0.45, 0.1, 0.9],
  ],
};

const specs = {
  t2i,
  sudoku,
  /** New models join the pool: the cheapest at step 0, then one more every 200 steps, in price order. */
  'sudoku-new-arms': {
    ...sudoku,
    name: 'sudoku-new-arms',
    description: 'Sudoku with models joining over time: one more every 200 steps, cheapest first',
    arm_start: [0, 200, 400, 600, 800],
  },
  /**
   * New prompt types appear: the two easiest from step 0, then a harder one every 250 steps, so all five
   * have appeared within the default T = 1000.
   */
  'sudoku-new-prompts': {
    ...sudoku,
    name: 'sudoku-new-prompts',
    description: 'Sudoku with harder puzzle types appearing over time: one more every 250 steps',
    category_start: [0, 0, 250, 500, 750],
  },
  /**
   * The paper's round-budget trade-off (Figure 4) is between two models priced 18 and 75. OUR READING, NOT
   * MEASURED: the paper's models and per-prompt success rates were not available offline, so this world keeps
   * the prices and gives the cheap model a real chance on easy prompts and little on hard ones, the dear one
   * a high rate everywhere: more rounds let the cheap model retry, which is the trade-off the figure shows.
   */
  'two-models': {
    type: 'categorical',
    name: 'two-models',
    description: 'Round-budget trade-off (paper, Figure 4): two models priced 18 and 75 (illustrative success rates)',
    arms: ['cheap-18', 'dear-75'],
    costs: [18, 75],
    categories: ['easy', 'medium', 'hard'],
    q: [
      [0.7, 0.95],
      [0.4, 0.9],
      [0.15, 0.85],
    ],
  },
  /** Linear-logistic world with theta drawn from a seed (so --d can change d), cheaper arms duller. */
  logistic: {
    type: 'logistic',
    name: 'logistic',
    description: 'q = sigmoid(<theta_a, x>), x uniform in the unit ball; theta drawn from a seed',
    costs: [1, 2, 4, 8, 16],
    d: 5,
    theta_seed: 0,
  },
} as const;

export type BuiltinWorldName = keyof typeof specs;

export const builtinWorldNames = Object.keys(specs) as BuiltinWorldName[];

export function isBuiltinWorld(name: string): name is BuiltinWorldName {
  return Object.hasOwn(specs, name);
}

/** A built-in world's spec, checked by the same validation as world files. */
export function builtinWorldSpec(name: string): WorldSpec {
  if (!isBuiltinWorld(name)) {
    throw new WorldFormatError('world', `no built-in world named ${show(name)} (built-ins: ${builtinWorldNames.join(', ')})`);
  }
  return parseWorldSpec(structuredClone(specs[name]), `built-in ${name}`);
}

/** A built-in world, ready to run (built-ins read no files, so no WorldIO is needed). */
export function builtinWorld(name: string, opts: { d?: number } = {}): World {
  return buildWorld(builtinWorldSpec(name), noFiles, opts);
}

const noFiles = {
  readText(path: string): string {
    throw new Error(`built-in worlds read no files (asked for ${path})`);
  },
  resolve: (_base: string, rel: string) => rel,
};
