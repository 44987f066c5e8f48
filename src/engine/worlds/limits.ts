/**
 * The bounds on what a world, a data folder or an import may hold: every count that sets a dimension of the run
 * (issue 42, items 1–3). Each is checked where the input enters (the world schema, models.json, the import's
 * preview), before any per-item work, with a message that names the bound; docs/WORLD-FORMAT.md lists them all.
 */
import { fmtCount } from '../lab/format';
import { NUMBER_PARAMS } from '../params';

/**
 * Models (arms) of a world, a data folder or an import. The learners keep a d × d matrix per arm, and the lab
 * shows a price field, a checkbox and a table row per model: 256 is twenty times the largest recorded dataset
 * (12 models) and more than any router's catalogue, and a 50,000-model file is refused before it is read on.
 */
export const MAX_ARMS = 256;

/**
 * Categories of a categorical world and tasks of a dataset: each is one dimension of the one-hot context, so
 * the bound is the largest context dimension (the `d` parameter's).
 */
export const MAX_CATEGORIES = NUMBER_PARAMS.dim.max;

/** Columns of an imported CSV: the models, the text, id and task, and room for metadata the import leaves out. */
export const MAX_CSV_COLUMNS = 1024;

/**
 * Nesting of arrays and objects in a JSON text: a world file nests three deep (`q`: rows of numbers in an
 * object), a prompts line four (`trials`: {model: [scores]}). Deeper text that fails to parse is refused for it.
 */
export const MAX_JSON_DEPTH = 64;

/** Why each bound is there, in the messages that refuse a count over it. */
export const ARMS_BOUND = 'the lab runs at most this many models; docs/WORLD-FORMAT.md, "Bounds"';
export const CATEGORIES_BOUND = 'each is one dimension of the one-hot context, whose size is bounded like d';
export const CSV_COLUMNS_BOUND = `at most ${fmtCount(MAX_ARMS)} models, the text, id and task columns, and any others the import leaves out`;
export const TASKS_BOUND = 'each task is one dimension of the one-hot context, whose size is bounded like d';

/** `has 50,000 models; at most 256 are allowed (why)`: how many there are, the bound, and why it is there. */
export function overBound(n: number, max: number, what: string, why: string): string {
  return `has ${fmtCount(n)} ${what}; at most ${fmtCount(max)} are allowed (${why})`;
}
