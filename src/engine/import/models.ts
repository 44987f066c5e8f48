import { nameProblem, nfc } from '../names';
import { MAX_IMPORT_PRICE } from '../params';
import { expecting, fieldPath, show } from '../worlds/errors';
import { lineColumn, parseJson, stripBom } from '../worlds/json';
import { ARMS_BOUND, MAX_ARMS, overBound } from '../worlds/limits';
import { z } from '../zod';
import { ImportError } from './errors';

/** One model of a models.json, with the price the import form starts from. */
export interface ModelInfo {
  name: string;
  /**
   * The default price: `set_price` when the file gives one, else `input_price_per_1M + output_price_per_1M`
   * (a missing half counts as 0), else undefined (the user types one). The sum is our reading: the per-query
   * cost of a prompt with as many input as output tokens, per 1M of each; it is what the humaneval models.json
   * itself does (0.15 + 0.60 = 0.75 = its set_price).
   */
  defaultPrice?: number;
}

const nonNegative = z.number(expecting('a number ≥ 0')).nonnegative(expecting('a number ≥ 0'));
const positive = z.number(expecting('a positive number')).positive(expecting('a positive number'));
/** A price: positive, and at most MAX_IMPORT_PRICE (importDataset.ts says why). */
const price = positive.max(MAX_IMPORT_PRICE, expecting(`a positive number of at most ${MAX_IMPORT_PRICE.toExponential(0)}`));

/** A model's name as a file gives it: non-empty, no invisible or control character, in NFC (names.ts). */
export const modelName = () =>
  z
    .string(expecting('a non-empty string'))
    .trim()
    .min(1, expecting('a non-empty string'))
    .refine((n) => nameProblem(n) === null, { error: (issue) => nameProblem(issue.input as string) ?? '' })
    .transform(nfc);

/** The shape of ../shared/data/*\/models.json: a list of models; fields beyond these are kept out of the way. */
const modelsSchema = z
  .array(
    z.looseObject(
      {
        name: modelName(),
        set_price: price.optional(),
        input_price_per_1M: nonNegative.optional(),
        output_price_per_1M: nonNegative.optional(),
      },
      expecting('an object {name, set_price?, input_price_per_1M?, output_price_per_1M?}'),
    ),
    expecting('a JSON array of models'),
  )
  .min(1, expecting('a non-empty array of models'))
  .max(MAX_ARMS, { error: (issue) => overBound((issue.input as unknown[]).length, MAX_ARMS, 'models', ARMS_BOUND) })
  .superRefine((models, ctx) => {
    const seen = new Map<string, number>();
    models.forEach((m, i) => {
      const first = seen.get(m.name);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `duplicate model ${show(m.name)} (also [${first}].name)` });
      seen.set(m.name, i);
    });
  });

/** Parses a models.json (names and prices). Errors name the file and the field, e.g. `[2].set_price`. */
export function parseModelsJson(text: string, file: string): ModelInfo[] {
  const source = stripBom(text);
  const parsed = parseJson(source);
  if (!parsed.ok) {
    const at = parsed.offset === null ? '' : ` at ${lineColumn(source, parsed.offset)}`;
    throw new ImportError({ file }, `not valid JSON${at} (${parsed.reason})`);
  }
  const result = modelsSchema.safeParse(parsed.value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ImportError(issue.path.length ? { file, field: fieldPath(issue.path) } : { file }, issue.message);
  }
  return result.data.map((m) => ({ name: m.name, defaultPrice: defaultPrice(m) }));
}

function defaultPrice(m: { set_price?: number; input_price_per_1M?: number; output_price_per_1M?: number }): number | undefined {
  if (m.set_price !== undefined) return m.set_price;
  if (m.input_price_per_1M === undefined && m.output_price_per_1M === undefined) return undefined;
  const sum = (m.input_price_per_1M ?? 0) + (m.output_price_per_1M ?? 0);
  // Round away binary noise (0.1 + 0.2), keeping far more digits than any list price has.
  return sum > 0 ? Number(sum.toPrecision(12)) : undefined;
}
