/**
 * The models of a live run (issue 44): each one a model on an OpenAI-compatible endpoint (`POST
 * {base_url}/chat/completions`: hosted APIs, OpenRouter, vLLM, llama.cpp's server, Ollama's `/v1`, LM Studio) with
 * its prices. The CLI reads them from a `live-models.json` (docs/LIVE.md gives the schema); every problem is one
 * line naming the field (`models[1].base_url: must be an http(s) URL (got "ftp://x")`).
 *
 * A key is never part of the file: the file names the environment variable that holds it (`api_key_env`), so a
 * live-models.json can be shared and committed, and the key stays where the shell keeps it.
 */
import { modelName } from '../import/models';
import { expecting, WorldFormatError } from '../worlds/errors';
import { lineColumn, parseJson, stripBom } from '../worlds/json';
import { issueToError } from '../worlds/zod-issue';
import { z } from '../zod';

export interface LiveModel {
  /** The model's name in the lab, the recording and the exported dataset. */
  name: string;
  /** The endpoint's base URL, without the trailing `/chat/completions`. */
  baseUrl: string;
  /** The endpoint's own model id (`model` in the request). */
  model: string;
  /** US dollars per 1M input (prompt) tokens and per 1M output (completion) tokens. */
  inputPrice: number;
  outputPrice: number;
  /** Where the CLI reads the key from (an environment variable's name), when the endpoint needs one. */
  apiKeyEnv?: string;
}

const price = z.number(expecting('a number ≥ 0 (US dollars per 1M tokens)')).nonnegative(expecting('a number ≥ 0 (US dollars per 1M tokens)'));

/**
 * An http(s) URL with no credentials, query or fragment: the base every request is sent to, and nowhere else. The
 * messages never quote the value: a key pasted into the wrong field must not be printed.
 */
function baseUrlProblem(raw: string): string | null {
  const shape = 'must be an http(s) URL such as http://127.0.0.1:8000/v1';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return shape;
  }
  if (url.username || url.password) return 'must not hold a user name or password: put the key in the environment variable named by api_key_env';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return shape;
  if (url.search || url.hash) return 'must have no query or fragment';
  return null;
}

const modelSchema = z.strictObject({
  name: modelName(),
  base_url: z
    .string(expecting('an http(s) URL'))
    .trim()
    .refine((u) => baseUrlProblem(u) === null, { error: (issue) => baseUrlProblem(issue.input as string) ?? '' })
    .transform((u) => u.replace(/\/+$/, '')),
  model: z.string(expecting("the endpoint's model id")).trim().min(1, expecting("the endpoint's model id")),
  input_price_per_1M: price,
  output_price_per_1M: price,
  api_key_env: z
    .string(expecting('the name of an environment variable'))
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, expecting('the name of an environment variable'))
    .optional(),
});

const fileSchema = z.strictObject({
  models: z
    .array(modelSchema, expecting('a list of models'))
    .min(1, expecting('at least one model'))
    .max(64, expecting('at most 64 models'))
    .superRefine((models, ctx) => {
      const seen = new Set<string>();
      models.forEach((m, i) => {
        if (seen.has(m.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `${JSON.stringify(m.name)} is named twice` });
        seen.add(m.name);
      });
    }),
});

/** Reads a live-models.json; throws a WorldFormatError (`field: problem`) naming the first problem. */
export function parseLiveModels(text: string, source = 'live-models.json'): LiveModel[] {
  const body = stripBom(text);
  const json = parseJson(body);
  if (body.trim() === '') throw new WorldFormatError('(file)', 'empty (expected a JSON object with a "models" list)', source);
  if (!json.ok) {
    const where = json.offset === null ? '' : ` at ${lineColumn(body, json.offset)}`;
    throw new WorldFormatError('(file)', `not valid JSON${where} (${json.reason})`, source);
  }
  const parsed = fileSchema.safeParse(json.value);
  if (!parsed.success) throw issueToError(parsed.error.issues[0], source);
  return parsed.data.models.map((m) => ({
    name: m.name,
    baseUrl: m.base_url,
    model: m.model,
    inputPrice: m.input_price_per_1M,
    outputPrice: m.output_price_per_1M,
    ...(m.api_key_env ? { apiKeyEnv: m.api_key_env } : {}),
  }));
}

/**
 * The per-query cost c_a the learner weighs before it asks (Protocol 1 needs it known in advance): the model's input
 * plus output price per 1M tokens, as the lab's recorded datasets charge in their `prices` mode (import/models.ts
 * `defaultPrice`), so λ means the same in a live run as in a replay. What a query really cost, in dollars, is
 * recorded beside it (`queryCost`).
 */
export const setPrice = (m: LiveModel): number => m.inputPrice + m.outputPrice;

/** Token counts of one answer; `estimated` when the endpoint gave no `usage` and they were estimated from lengths. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  estimated: boolean;
}

/** What a query cost in US dollars: tokens × prices. */
export const queryCost = (m: LiveModel, u: Usage): number => (u.promptTokens * m.inputPrice + u.completionTokens * m.outputPrice) / 1e6;

/**
 * Tokens estimated from a text's length where an endpoint omits `usage`: about 4 characters per token for English
 * (OpenAI's rule of thumb for its tokenizers). Marked as estimated wherever it is shown or recorded.
 */
export const estimateTokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));
