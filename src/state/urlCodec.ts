/**
 * The lab's parameters and their link (after tensorflow/playground's state.ts): one registry of typed fields
 * (FIELDS: URL key and order, default, zod schema; the numbers' ranges and defaults from engine/params.ts), from
 * which the link codec and the defaults are generated. Each field is
 * validated on its own, so a bad value falls back to that field's default and says so in a notice
 * ("tauMax=-3 is not valid (an integer 1–16); using 5") instead of breaking the page.
 *
 *   #world=sudoku&algos=promptwise,greedy&lambda=0.01&tauMax=5&tauExp=1&alpha=auto&T=1000&trials=20&seed=0
 *
 * Plain data and functions: no DOM, so the unit tests run it in Node.
 */

import { DEFAULT_EMBED_SETTINGS, isModelId } from '../embed/types';
import { DATASET_PARAMS, type DatasetParam, type DatasetParamKey, type DatasetParamValues, readProblem } from '../engine/lab/datasetChoice';
import { fmtCount } from '../engine/lab/format';
import { isDecimal, type LabRange, NUMBER_PARAMS, type NumberParam } from '../engine/params';
import { z } from '../engine/zod';
import { ALGO_IDS, ALL_ALGO_IDS, FOCUSED_ALGO_IDS, isAllAlgos, WORLD_NAMES } from './catalog';
import { SLIDES } from './slides';
import { TOUR_STEPS } from './tourSteps';

/** The link's word for every algorithm (catalog.ts ALL_ALGO_IDS). */
const ALL_ALGOS = 'all';

/** A recorded dataset served with the app (`data:<folder>`) or imported in this browser (`import:<id>`). */
const DATASET_WORLD = /^(data|import):[A-Za-z0-9._-]{1,120}$/;
export const isDatasetWorldName = (world: string) => DATASET_WORLD.test(world);

/** Everything the hash carries: the parameters plus view state. */
export interface HashState {
  params: LabParams;
  /** Presentation mode (`present=1`). */
  present: boolean;
  /** Selected step of the escalation trace (`step=N`), null when none. */
  step: number | null;
  /** The guided tour's step (`tour=N`, 1-based; state/tourSteps.ts), when the link opens the tour. */
  tour?: number | null;
  /** Presentation mode's slide, 0-based (`slide=N` is 1-based; state/slides.ts); in the link only while presenting. */
  slide?: number;
}

/** A message for the page: what was wrong in the link and what is used instead. */
export interface Notice {
  /** The field (or key) it is about. */
  field: string;
  text: string;
}

// --- field codecs ---------------------------------------------------------------------------------------

/** A decimal string (no hex, no empty string, no "Infinity") → number, then the range/integer checks. */
const numberText = () =>
  z
    .string()
    .trim()
    .refine(isDecimal)
    .transform((s) => Number(s));

const intIn = (min: number, max: number) => numberText().pipe(z.number().int().min(min).max(max));

/**
 * The link writes a number to 12 significant digits: a value is kept at that precision from the controls on, so
 * that the link, read back, gives the run the same number to the last bit.
 */
const LINK_DIGITS = 12;
const atLinkPrecision = (v: number) => (Number.isInteger(v) ? v : Number(v.toPrecision(LINK_DIGITS)));

/** A number in [min, max], at the link's precision: a link with more digits runs what it will say once rewritten. */
const numIn = (min: number, max: number) => numberText().pipe(z.number().min(min).max(max)).transform(atLinkPrecision);

/** "0.0001" rather than "1e-4": what a person would type. */
export function formatNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  const s = String(atLinkPrecision(v));
  if (!s.includes('e')) return s;
  return v
    .toFixed(Math.min(20, Math.max(0, -Math.floor(Math.log10(Math.abs(v))) + 11)))
    .replace(/0+$/, '')
    .replace(/\.$/, '');
}

/**
 * One lab parameter: how a link spells it (decoded with its zod schema, where a link or the stored settings enter:
 * the page's one check; the controls emit only valid values) and its default.
 */
interface Field<T> {
  /** Builds the link's validation: `schemaOf` calls it once, on first use (a first visit with no link: never). */
  schema: () => z.ZodType<T, string>;
  /** What a valid value looks like, for the notice. */
  expect: string;
  encode(v: T): string;
  default: T;
  /** Only links to dataset worlds carry it. */
  datasetOnly?: boolean;
  /** An empty list is left out of the link (the short link), and what it then means, for notices. */
  emptyMeans?: string;
}

/** A field of the registry, its type spelled out (a helper so each entry is checked against its own T). */
const field = <T>(f: Field<T>): Field<T> => f;

/** A number of the parameter registry (engine/params.ts) within the lab's range; `auto` spells null where allowed. */
function labField(p: NumberParam & { lab: { min: number; max: number } }, fallback = labDefault(p)): Field<number> {
  const { min, max } = p.lab;
  const common = { default: fallback };
  return p.integer
    ? { ...common, schema: () => intIn(min, max), expect: `an integer ${min}–${max}`, encode: String }
    : { ...common, schema: () => numIn(min, max), expect: `a number ${formatNumber(min)}–${formatNumber(max)}`, encode: formatNumber };
}

/** The lab's default of a registry number: its `lab.default`, else the engine's. */
function labDefault(p: NumberParam & { lab: { min: number; max: number; default?: number } }): number {
  const v = p.lab.default ?? p.default;
  if (v === null) throw new Error(`${p.key}: the registry gives the lab no default`);
  return v;
}

/** A number that may be "auto" (null: computed, as α from δ). */
function autoField(p: NumberParam & { lab: { min: number; max: number } }): Field<number | null> {
  const number = labField(p, p.lab.min);
  return {
    schema: () => z.union([z.literal('auto').transform(() => null), number.schema()]) as unknown as z.ZodType<number | null, string>,
    expect: `"auto" or ${number.expect}`,
    encode: (v) => (v === null ? 'auto' : number.encode(v)),
    default: null,
  };
}

/** A dataset choice of its registry (engine/lab/datasetChoice.ts): its one reading, its writing, its default. */
function datasetField<T>(p: DatasetParam<T>): Field<T> {
  return {
    schema: () =>
      z.string().transform((s, ctx) => {
        const v = p.read(s);
        const problem = readProblem(v);
        if (problem !== null) {
          ctx.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return v as T;
      }),
    expect: p.expect,
    encode: p.write,
    default: p.default,
    datasetOnly: true,
    emptyMeans: p.emptyMeans,
  };
}

const DATASET_FIELDS = Object.fromEntries(Object.values(DATASET_PARAMS).map((p: DatasetParam<unknown>) => [p.key, datasetField(p)])) as {
  [K in DatasetParamKey]: Field<DatasetParamValues[K]>;
};

/** The registry's numbers with a lab range (engine/params.ts), in its order: each a field of its own. */
export type LabNumberKey = { [K in keyof typeof NUMBER_PARAMS]: (typeof NUMBER_PARAMS)[K] extends { lab: object } ? K : never }[keyof typeof NUMBER_PARAMS];
type LabNumber<K extends LabNumberKey> = (typeof NUMBER_PARAMS)[K]['default'] extends null
  ? (typeof NUMBER_PARAMS)[K] extends { lab: { default: number } }
    ? number
    : number | null
  : number;

/** The lab's ranges of its numbers (the controls' bounds), by key. */
export const LIMITS = Object.fromEntries(Object.values(NUMBER_PARAMS).flatMap((p: NumberParam) => (p.lab ? [[p.key, p.lab]] : []))) as Record<
  LabNumberKey,
  LabRange
>;

/** The lab's numbers, in the registry's order. */
export const LAB_NUMBER_KEYS = Object.keys(LIMITS) as LabNumberKey[];

const LAB_NUMBERS = Object.fromEntries(
  Object.values(NUMBER_PARAMS).flatMap((p: NumberParam) => {
    if (!p.lab) return [];
    const lab = { ...p, lab: p.lab };
    // A number whose engine default is null and with no lab default is "auto" in the link (α: computed from δ).
    const f = p.default === null && p.lab.default === undefined ? autoField(lab) : labField(lab);
    return [[p.key, { ...f, datasetOnly: p.lab.datasetOnly }]];
  }),
) as { [K in LabNumberKey]: Field<LabNumber<K>> };

const listOf = (ids: readonly string[]) => (ids.length <= 4 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')}, …`);

/**
 * The lab's parameters, in the order the link writes them: the one place that says how each is spelled,
 * validated and defaulted (the numbers' ranges and defaults come from the engine's registry, engine/params.ts).
 * The link codec and the controls' limits read it.
 */
const FIELDS = {
  // The world the prompts come from: a built-in one, a recorded dataset (data:<folder>) or an import (import:<id>).
  world: field<string>({
    schema: () =>
      z
        .string()
        .trim()
        .refine((s) => WORLD_NAMES.includes(s) || isDatasetWorldName(s)),
    expect: `one of ${WORLD_NAMES.join(', ')}, data:<folder> or import:<id>`,
    encode: (v) => v,
    default: 'sudoku',
  }),
  // Dataset worlds: how prompts become contexts, which costs, which tasks, who joins when (their registry).
  ...DATASET_FIELDS,
  // Dataset worlds with embedding features: the embedding model, so that a link to an embedding run carries it
  // (issue 41, item 8); kept in step with the embedding settings (embedStore.ts).
  embed: field<string>({
    schema: () =>
      z
        .string()
        .trim()
        .transform((s) => (s === '' ? DEFAULT_EMBED_SETTINGS.model : s))
        // As the embedding settings and the panel take it (embed/types.ts).
        .pipe(z.string().refine(isModelId)),
    expect: 'a model id such as Xenova/all-MiniLM-L6-v2',
    // The default model is the short link's.
    encode: (v) => (v === DEFAULT_EMBED_SETTINGS.model ? '' : v),
    default: DEFAULT_EMBED_SETTINGS.model,
    datasetOnly: true,
    emptyMeans: DEFAULT_EMBED_SETTINGS.model,
  }),
  algos: field<string[]>({
    // Partly valid lists keep their known ids (decodeAlgos); this schema is for values from the controls.
    schema: () =>
      z
        .string()
        .transform((s) => (s === ALL_ALGOS ? [...ALL_ALGO_IDS] : s.split(',')))
        .pipe(z.array(z.string().refine((id) => ALGO_IDS.includes(id))).min(1))
        .transform((ids) => ALGO_IDS.filter((id) => ids.includes(id))),
    expect: `"all" or a comma-separated list of algorithm ids (${listOf(ALGO_IDS)})`,
    encode: (v) => (isAllAlgos(v) ? ALL_ALGOS : v.map(encodeURIComponent).join(',')),
    // A first visit is focused (catalog.ts); every algorithm is one click away, and `algos=all` in a link.
    default: [...FOCUSED_ALGO_IDS],
  }),
  ...LAB_NUMBERS,
  // The algorithm whose trial-0 escalation trace is shown.
  traceAlgo: field<string>({
    schema: () =>
      z
        .string()
        .trim()
        .refine((s) => ALGO_IDS.includes(s)),
    expect: `an algorithm id (${listOf(ALGO_IDS)})`,
    encode: (v) => v,
    default: 'promptwise',
  }),
};

type ParamKey = keyof typeof FIELDS;
/** The parameters of a lab run, as the controls edit them: one value per field of the registry, of its type. */
export type LabParams = { -readonly [K in ParamKey]: (typeof FIELDS)[K] extends Field<infer T> ? T : never };
const KEY_ORDER = Object.keys(FIELDS) as ParamKey[];
const fieldOf = <K extends ParamKey>(key: K) => FIELDS[key] as unknown as Field<LabParams[K]>;

/**
 * A field's zod schema, built on first use and kept. Building all of them while the page booted was about a fifth
 * of the boot task's CPU on the 2-core machine (issue 13's 50 ms long-task goal; docs/notes/benchmarks-history.md).
 */
const schemas = new Map<ParamKey, z.ZodType<unknown, string>>();
function schemaOf<K extends ParamKey>(key: K): z.ZodType<LabParams[K], string> {
  let schema = schemas.get(key);
  if (!schema) {
    schema = fieldOf(key).schema() as z.ZodType<unknown, string>;
    schemas.set(key, schema);
  }
  return schema as z.ZodType<LabParams[K], string>;
}

export const DEFAULT_PARAMS: LabParams = Object.fromEntries(KEY_ORDER.map((k) => [k, structuredClone(FIELDS[k].default)])) as unknown as LabParams;
export const DEFAULT_HASH_STATE: HashState = { params: DEFAULT_PARAMS, present: false, step: null };

const VIEW_KEYS = ['step', 'present', 'tour', 'slide'] as const;
const KNOWN_KEYS = new Set<string>([...KEY_ORDER, ...VIEW_KEYS]);

/** Unknown keys (or algorithm ids) named one by one in notices; any beyond are counted in one more. */
const MAX_UNKNOWN_KEYS = 5;

/** Long or odd raw values are shortened in notices. */
function showRaw(raw: string): string {
  const s = raw.replace(/\p{Cc}/gu, ''); // control characters
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

function invalid(key: string, raw: string, expect: string, fallback: string): Notice {
  return { field: key, text: `${key}=${showRaw(raw)} is not valid (${expect}); using ${fallback}` };
}

/** The algorithms list: unknown ids are dropped (each with a notice), duplicates merged, catalog order kept. */
function decodeAlgos(raw: string, notices: Notice[]): string[] {
  if (raw.trim() === ALL_ALGOS) return [...ALL_ALGO_IDS];
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = [...new Set(ids.filter((id) => !ALGO_IDS.includes(id)))];
  const known = ALGO_IDS.filter((id) => ids.includes(id));
  if (known.length === 0) {
    notices.push(invalid('algos', raw, FIELDS.algos.expect, DEFAULT_PARAMS.algos.join(',')));
    return [...DEFAULT_PARAMS.algos];
  }
  for (const id of unknown.slice(0, MAX_UNKNOWN_KEYS)) {
    notices.push({ field: 'algos', text: `algos: "${showRaw(id)}" is not an algorithm; it was left out` });
  }
  if (unknown.length > MAX_UNKNOWN_KEYS) {
    notices.push({ field: 'algos', text: `algos: ${fmtCount(unknown.length - MAX_UNKNOWN_KEYS)} more are not algorithms; they were left out` });
  }
  return known;
}

/** Splits "a=1&b=2" (with or without the leading #) into [key, value] pairs, decoding %xx and +. */
function pairs(hash: string): [string, string][] {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const out: [string, string][] = [];
  for (const [k, v] of new URLSearchParams(body)) out.push([k, v]);
  return out;
}

export interface Decoded {
  state: HashState;
  notices: Notice[];
  /** True when the hash had at least one key (an empty hash means "no link state": use the saved one). */
  hasState: boolean;
}

/** Reads a hash. Never throws: every bad field falls back to its default, with a notice. */
export function decodeHash(hash: string, defaults: HashState = DEFAULT_HASH_STATE): Decoded {
  const notices: Notice[] = [];
  const params: LabParams = { ...defaults.params, algos: [...defaults.params.algos] };
  let present = defaults.present;
  let step: number | null = defaults.step;
  let stepRaw: string | null = null;
  let tour: number | null = defaults.tour ?? null;
  let slide = defaults.slide ?? 0;
  let traceGiven = false;
  const entries = pairs(hash);
  // A key given again is read once and named once, however often it repeats (a link of 5,000 `k=v` pairs is
  // one notice); unknown keys are named up to MAX_UNKNOWN_KEYS, then counted.
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const unknownKeys: string[] = [];
  for (const [key, raw] of entries) {
    if (seen.has(key)) {
      if (KNOWN_KEYS.has(key) && !repeated.has(key)) notices.push({ field: key, text: `${key} is given more than once; using the first` });
      repeated.add(key);
      continue;
    }
    seen.add(key);
    if (key === 'algos') {
      params.algos = decodeAlgos(raw, notices);
    } else if (key === 'present') {
      if (['1', 'true', 'yes', 'on'].includes(raw.trim().toLowerCase())) present = true;
      else if (['0', 'false', 'no', 'off', ''].includes(raw.trim().toLowerCase())) present = false;
      else notices.push(invalid('present', raw, '1 or 0', defaults.present ? '1' : '0'));
    } else if (key === 'step') {
      stepRaw = raw;
    } else if (key === 'slide') {
      const parsed = intIn(1, SLIDES.length).safeParse(raw);
      if (parsed.success) slide = parsed.data - 1;
      else notices.push(invalid('slide', raw, `a slide 1–${SLIDES.length}`, 'the first slide'));
    } else if (key === 'tour') {
      const parsed = intIn(1, TOUR_STEPS.length).safeParse(raw);
      if (parsed.success) tour = parsed.data;
      else notices.push(invalid('tour', raw, `a tour step 1–${TOUR_STEPS.length}`, 'no tour'));
    } else if (Object.hasOwn(FIELDS, key)) {
      const k = key as ParamKey;
      const codec = fieldOf(k) as Field<unknown>;
      const parsed = schemaOf(k).safeParse(raw);
      if (parsed.success) {
        (params as unknown as Record<string, unknown>)[k] = parsed.data;
        if (k === 'traceAlgo') traceGiven = true;
      } else {
        const fallback = codec.encode((defaults.params as unknown as Record<string, unknown>)[k]);
        notices.push(invalid(k, raw, codec.expect, fallback === '' ? (codec.emptyMeans ?? 'none') : fallback));
      }
    } else if (key !== '') {
      unknownKeys.push(key);
    }
  }
  for (const key of unknownKeys.slice(0, MAX_UNKNOWN_KEYS)) notices.push({ field: key, text: `"${showRaw(key)}" is not a lab parameter; it was ignored` });
  if (unknownKeys.length > MAX_UNKNOWN_KEYS) {
    const more = unknownKeys.length - MAX_UNKNOWN_KEYS;
    notices.push({ field: unknownKeys[MAX_UNKNOWN_KEYS], text: `${fmtCount(more)} more keys are not lab parameters; they were ignored` });
  }
  // Cross-field checks: the traced algorithm must be one of those run; the step must lie within T.
  if (!params.algos.includes(params.traceAlgo)) {
    const fallback = params.algos.includes('promptwise') ? 'promptwise' : params.algos[0];
    if (traceGiven) {
      notices.push({
        field: 'traceAlgo',
        text: `traceAlgo=${params.traceAlgo} is not among the chosen algorithms; tracing ${fallback}`,
      });
    }
    params.traceAlgo = fallback;
  }
  if (stepRaw !== null) {
    const parsed = intIn(0, params.T - 1).safeParse(stepRaw);
    if (parsed.success) step = parsed.data;
    else {
      notices.push(invalid('step', stepRaw, `an integer 0–${params.T - 1}`, 'no selection'));
      step = null;
    }
  }
  // `tour` only when the link opens the tour: the view state of every other link is unchanged.
  return {
    state: { params, present, step, ...(tour !== null ? { tour } : {}), ...(slide > 0 ? { slide } : {}) },
    notices,
    hasState: entries.some(([k]) => k !== ''),
  };
}

/** Writes the hash (with the leading #): every parameter, then the view state when it differs from the default. */
export function encodeHash(state: HashState): string {
  const { params } = state;
  const parts: string[] = [];
  for (const key of KEY_ORDER) {
    const codec = fieldOf(key) as Field<unknown>;
    if (codec.datasetOnly && !isDatasetWorldName(params.world)) continue;
    const text = codec.encode(params[key]);
    if (codec.emptyMeans !== undefined && text === '') continue; // the default: the short link
    // The algorithm ids are encoded one by one (their commas stay); ':' is legal in a fragment, and keeping it
    // makes `world=data:routeprofile-ulab` readable.
    parts.push(`${key}=${key === 'algos' ? text : encodeURIComponent(text).replace(/%3A/g, ':')}`);
  }
  if (state.step !== null) parts.push(`step=${state.step}`);
  if (state.present) parts.push('present=1');
  if (state.present && state.slide) parts.push(`slide=${state.slide + 1}`);
  if (state.tour !== null && state.tour !== undefined) parts.push(`tour=${state.tour}`);
  return `#${parts.join('&')}`;
}

/** The effective traced algorithm for a set of algorithms (PromptWise when it runs, else the first). */
export function resolveTraceAlgo(algos: readonly string[], wanted: string): string {
  if (algos.includes(wanted)) return wanted;
  return algos.includes('promptwise') ? 'promptwise' : (algos[0] ?? wanted);
}
