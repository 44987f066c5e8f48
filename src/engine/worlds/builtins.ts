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

/** The paper's models for Tasks 1–3 and their set prices (promptwise.tex l. 374 and the appendix's price table, l. 766–780). */
const TASK_MODELS = ['gemini-2.5-flash', 'deepseek-chat', 'qwen-plus', 'gpt-4o', 'claude-opus-4'];
const TASK_PRICES = [0.75, 1.37, 1.6, 12.5, 90];

/**
 * Task 1 of the paper (§5.2, l. 381): 9×9 Sudoku with 5–30 blanks, a 5-dimensional one-hot context by number of
 * blanks (five buckets), the five Task 1–3 models at their set prices. The paper reports no per-bucket success
 * rates, so the q table is OUR ILLUSTRATION, NOT MEASURED: success falls with the blanks, fastest for the cheap
 * models, and Claude-Opus-4 holds up everywhere at 120× Gemini's price. The cheapest model with q ≥ 0.8 changes
 * with the bucket (Gemini, DeepSeek, GPT-4o, then Claude-Opus-4), and on the hardest puzzles Qwen-Plus has the
 * lowest c/q, so Proposition 1 asks a different model first as puzzles get harder.
 */
const sudoku = {
  type: 'categorical',
  name: 'sudoku',
  description: "Sudoku (paper's Task 1): 5–30 blanks in five buckets, the paper's five models at set prices; success rates illustrative",
  arms: TASK_MODELS,
  costs: TASK_PRICES,
  categories: ['blanks-5-9', 'blanks-10-14', 'blanks-15-19', 'blanks-20-24', 'blanks-25-30'],
  q: [
    [0.95, 0.92, 0.9, 0.97, 0.99],
    [0.75, 0.85, 0.8, 0.93, 0.98],
    [0.45, 0.65, 0.7, 0.85, 0.97],
    [0.2, 0.35, 0.45, 0.7, 0.95],
    [0.05, 0.15, 0.25, 0.5, 0.92],
  ],
};

const specs = {
  t2i,
  sudoku,
  /**
   * New models join the pool as in the paper's adaptation experiment (appendix "Testing Adaptability", l. 971):
   * Qwen-Plus and Gemini-2.5-Flash from the start, then GPT-4o, DeepSeek-Chat and Claude-Opus-4, one every 200 steps.
   * The paper ran it on code translation; the recorded data has two of the models (the humaneval-paper presets).
   */
  'sudoku-new-arms': {
    ...sudoku,
    name: 'sudoku-new-arms',
    description: "Sudoku with models joining over time (paper's order): Qwen-Plus and Gemini first, then GPT-4o, DeepSeek, Claude-Opus-4 every 200 steps",
    arm_start: [0, 400, 0, 200, 600],
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
   * MEASURED: the paper gives no per-prompt success rates of its two models (only the figure, not in its source), so this world keeps
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
    description: 'q = sigmoid(⟨θ_a, x⟩), x uniform in the unit ball; θ drawn from a seed',
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
