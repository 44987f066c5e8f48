/**
 * The lab's live runs (issue 44; docs/LIVE.md): the models the Live panel edits, their keys, the run's settings,
 * and what the run in the live worker reports as its answers arrive.
 *
 * Keys are secrets. They are held in this store's memory for the tab, and in sessionStorage only when the user ticks
 * "Remember on this device". They never go to localStorage (the models and settings do), a link, IndexedDB, a
 * recording, an export or a message. They are sent only to the live worker, which puts each in the
 * Authorization header of requests to its own model's endpoint.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { discardRun, type LiveRequest, type StoredLiveRun, storedRun } from '../data/liveRecording';
import { parseGrader } from '../engine/live/graders';
import { type LiveModel, parseLiveModels } from '../engine/live/models';
import { LIVE_NUMBERS } from '../engine/live/params';
import type { LiveSummary } from '../engine/live/session';
import { isAbortError, messageOf } from '../engine/messageOf';
import { once } from '../engine/once';
import { acceptsNumber, type NumberParam, numberProblem } from '../engine/params';
import { defaultParams } from '../engine/types';
import { z } from '../engine/zod';
import { type LiveEvent, liveWorker } from '../workers/liveBridge';
import { useParams } from './params';
import { readStoredFields } from './storedFields';

/** A model as the panel edits it: the file's fields, the key apart. */
export interface ModelDraft {
  name: string;
  baseUrl: string;
  model: string;
  inputPrice: number;
  outputPrice: number;
}

/** One finished prompt of the run on screen, newest first in `steps`. */
interface LiveStep {
  t: number;
  promptId: string;
  pulls: { model: string; reward: 0 | 1 }[];
  utility: number;
}

interface LiveSettingsDraft {
  dataset: string;
  /** The first N prompts of the dataset. */
  limit: number;
  /** A grader's spelling (engine/live/graders.ts parseGrader). */
  grader: string;
  /** A learner's id, or `collect`: every model once per prompt. */
  algo: string;
  /** US dollars. */
  spendCap: number;
  /** Requests in flight per endpoint. */
  concurrency: number;
  /** Seconds per request before it is given up (and retried). */
  timeoutS: number;
}

export interface LiveState extends LiveSettingsDraft {
  models: ModelDraft[];
  /** By model name: in memory, and in sessionStorage when `remember` is on. */
  keys: Record<string, string>;
  remember: boolean;
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  error: string | null;
  spentUsd: number;
  asked: number;
  replayed: number;
  /** Queries whose tokens, and so cost, were estimated from lengths (the endpoint gave no usage). */
  estimated: number;
  /**
   * Queries of a model that had already failed on the same prompt: Protocol 1 lets a learner ask a model again, and
   * each ask is paid; at temperature 0 (engine/live/client.ts) the answer is usually the first again (docs/LIVE.md).
   */
  reasked: number;
  /** The prompt being asked, its answers so far (drawn as they arrive). */
  current: { promptId: string; pulls: LiveStep['pulls'] } | null;
  done: number;
  of: number;
  steps: LiveStep[];
  summary: LiveSummary | null;
  /** The recording IndexedDB holds (null: none; undefined: not asked yet). */
  stored: StoredLiveRun | null | undefined;
}

type PanelNumber = 'spendCap' | 'limit' | 'concurrency' | 'timeoutS';

/** The settings' numbers and their entries in the live run's registry (engine/live/params.ts): bounds, label, default. */
export const PANEL_NUMBERS = [
  ['limit', LIVE_NUMBERS.limit],
  ['spendCap', LIVE_NUMBERS.spendCap],
  ['concurrency', LIVE_NUMBERS.concurrency],
  ['timeoutS', LIVE_NUMBERS.timeout],
] as const satisfies readonly (readonly [PanelNumber, NumberParam & { lab: object }])[];

const KEYS_STORAGE = 'promptwise-live-keys';

/** What a run shows before its first answer. */
const FRESH_RUN = {
  status: 'idle',
  error: null,
  spentUsd: 0,
  asked: 0,
  replayed: 0,
  estimated: 0,
  reasked: 0,
  current: null,
  done: 0,
  of: 0,
  steps: [],
  summary: null,
} as const satisfies Partial<LiveState>;
/** Finished prompts the panel lists. */
const SHOWN_STEPS = 30;

function sessionKeys(): { keys: Record<string, string>; remember: boolean } {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEYS_STORAGE);
    const keys = raw ? z.record(z.string(), z.string()).safeParse(JSON.parse(raw)) : null;
    if (keys?.success) return { keys: keys.data, remember: true };
  } catch {
    // storage disabled or unreadable: keys are typed again
  }
  return { keys: {}, remember: false };
}

function writeSessionKeys(keys: Record<string, string>, remember: boolean): void {
  try {
    if (remember) globalThis.sessionStorage?.setItem(KEYS_STORAGE, JSON.stringify(keys));
    else globalThis.sessionStorage?.removeItem(KEYS_STORAGE);
  } catch {
    // storage full or disabled: the keys stay in memory for the tab
  }
}

/** What localStorage keeps of the panel (never the keys). */
type StoredSettings = LiveSettingsDraft & { models: ModelDraft[] };

/** The panel's name for each stored field that is not a number (the numbers are named by their registry entries). */
const FIELD_LABELS: Record<Exclude<keyof StoredSettings, PanelNumber>, string> = { models: 'models', dataset: 'prompts', grader: 'grader', algo: 'router' };

/** Each stored field's reading; the numbers are their registry entries' (PANEL_NUMBERS). Built on first read. */
const storedSchemas = once((): { [K in keyof StoredSettings]: z.ZodType<StoredSettings[K]> } => ({
  models: z.array(z.object({ name: z.string(), baseUrl: z.string(), model: z.string(), inputPrice: z.number(), outputPrice: z.number() })),
  dataset: z.string(),
  grader: z.string(),
  algo: z.string(),
  ...(Object.fromEntries(PANEL_NUMBERS.map(([field, p]) => [field, z.number().refine((v) => acceptsNumber(p, v))])) as unknown as Record<
    PanelNumber,
    z.ZodType<number>
  >),
}));

/**
 * The panel's settings read back from localStorage, field by field, where they enter (storedFields.ts, as the
 * embedding settings are): a field that is what the panel takes is kept, a missing one is left to its default, and
 * one that is present but unusable (hand-edited, corrupted, from another version) is left to its default and said in
 * `notices`, a number in its registry entry's words. Read unchecked, a stored `models` that was not a list broke the
 * Live card at every reload.
 */
export function liveSettingsFrom(stored: unknown): { settings: Partial<StoredSettings>; notices: string[] } {
  const { values, unreadable } = readStoredFields(stored, storedSchemas);
  const notices = unreadable.map((key) => {
    const p = PANEL_NUMBERS.find(([field]) => field === key)?.[1];
    if (!p) return `The saved Live settings: the ${FIELD_LABELS[key as keyof typeof FIELD_LABELS]} could not be read; using the default`;
    const got = JSON.stringify((stored as Record<string, unknown>)[key]);
    return `The saved Live settings: ${numberProblem(p.lab.label, p, got)}; using ${p.lab.default}`;
  });
  return { settings: values, notices };
}

export const useLive = create<LiveState>()(
  persist(
    (): LiveState => ({
      models: [],
      ...sessionKeys(),
      dataset: 'data:mmlu-pro-tigerlab',
      grader: 'choice',
      algo: 'promptwise',
      ...(Object.fromEntries(PANEL_NUMBERS.map(([field, p]) => [field, p.lab.default])) as Pick<LiveSettingsDraft, PanelNumber>),
      ...FRESH_RUN,
      steps: [],
      stored: undefined,
    }),
    {
      name: 'promptwise-live-settings',
      storage: createJSONStorage(() => localStorage),
      // Never the keys: those are sessionStorage's, and only when asked.
      partialize: ({ models, dataset, limit, grader, algo, spendCap, concurrency, timeoutS }): StoredSettings => ({
        models,
        dataset,
        limit,
        grader,
        algo,
        spendCap,
        concurrency,
        timeoutS,
      }),
      merge: (stored, current) => {
        const { settings, notices } = liveSettingsFrom(stored);
        if (notices.length > 0) useParams.getState().addNotices(notices.map((text) => ({ field: 'live settings', text })));
        return { ...current, ...settings };
      },
    },
  ),
);

export function setLiveSettings(patch: Partial<LiveSettingsDraft> & { models?: ModelDraft[] }): void {
  useLive.setState(patch);
}

export function setKey(name: string, key: string): void {
  const keys = { ...useLive.getState().keys, [name]: key };
  useLive.setState({ keys });
  writeSessionKeys(keys, useLive.getState().remember);
}

export function setRemember(remember: boolean): void {
  useLive.setState({ remember });
  writeSessionKeys(useLive.getState().keys, remember);
}

/** The three models of the replay endpoint's MMLU-Pro folder, at its address (`npm run replay-endpoint`). */
export function replayEndpointModels(baseUrl: string): ModelDraft[] {
  const model = (name: string, inputPrice: number, outputPrice: number) => ({ name, baseUrl, model: name, inputPrice, outputPrice });
  return [model('phi-3-mini-4k-instruct', 0.1, 0.1), model('llama-3.1-70b-instruct', 0.88, 0.88), model('gemini-1.5-pro-002', 1.25, 5)];
}

/** The drafts as a live-models.json (the CLI's file, docs/LIVE.md): never a key. */
export function modelsFile(drafts: readonly ModelDraft[]): string {
  const models = drafts.map((m) => ({
    name: m.name,
    base_url: m.baseUrl,
    model: m.model,
    input_price_per_1M: m.inputPrice,
    output_price_per_1M: m.outputPrice,
  }));
  return `${JSON.stringify({ models }, null, 2)}\n`;
}

/** The drafts as live models, checked as live-models.json is (the same messages, naming the field). */
export function checkedModels(drafts: readonly ModelDraft[]): LiveModel[] {
  return parseLiveModels(modelsFile(drafts), 'the Live panel');
}

/** Takes the models of a live-models.json (a file the CLI reads too); a bad file is one message, the models unchanged. */
export function loadModelsFile(text: string, name: string): void {
  try {
    const models = parseLiveModels(text, name).map(({ name, baseUrl, model, inputPrice, outputPrice }) => ({ name, baseUrl, model, inputPrice, outputPrice }));
    useLive.setState({ models, error: null });
  } catch (e) {
    useLive.setState({ error: messageOf(e) });
  }
}

/** The request for a new run from the panel's settings and the lab's parameters (λ, τ_max, τ_exp, α, seed). */
function requestOf(s: LiveState): LiveRequest {
  const p = useParams.getState().params;
  const algo = s.algo === 'collect' ? null : s.algo;
  // The numbers are valid: the fields commit only valid values, and stored ones are read back by liveSettingsFrom.
  return {
    settings: {
      models: checkedModels(s.models),
      algo,
      grader: parseGrader(s.grader),
      params: { ...defaultParams, ...bandit(p) },
      seed: p.seed,
      spendCap: s.spendCap,
      promptsSource: s.dataset,
      concurrency: s.concurrency,
      timeoutMs: s.timeoutS * 1000,
    },
    dataset: s.dataset,
    limit: s.limit,
    features: p.features === 'hashed-ngrams' ? { type: 'hashed-ngrams', dim: p.dim } : { type: 'task-onehot' },
  };
}

/** The lab's bandit parameters (the registry's defaults for the rest: engine/params.ts). */
function bandit(p: ReturnType<typeof useParams.getState>['params']) {
  return { lambda: p.lambda, tauMax: p.tauMax, tauExp: p.tauExp, alpha: p.alpha };
}

let running: AbortController | null = null;
/** The model names of the run in flight, by arm (the worker's steps name arms). */
let runModels: string[] = [];

function onEvent(event: LiveEvent): void {
  const s = useLive.getState();
  if (event.type === 'query') {
    const { record, fresh } = event;
    const pull = { model: record.model, reward: record.grade };
    useLive.setState({
      spentUsd: s.spentUsd + record.costUsd,
      asked: s.asked + (fresh ? 1 : 0),
      replayed: s.replayed + (fresh ? 0 : 1),
      estimated: s.estimated + (record.usageEstimated ? 1 : 0),
      // Its k-th ask of this model on this prompt (engine/live/loop.ts); a prompt ends at its first success, so the
      // asks before it failed.
      reasked: s.reasked + (record.k > 0 ? 1 : 0),
      current: s.current?.promptId === record.promptId ? { ...s.current, pulls: [...s.current.pulls, pull] } : { promptId: record.promptId, pulls: [pull] },
    });
    return;
  }
  const step: LiveStep = {
    t: event.t,
    promptId: event.promptId,
    pulls: event.step.pulls.map((p) => ({ model: runModels[p.arm], reward: p.reward })),
    utility: event.step.utility,
  };
  useLive.setState({ done: event.t + 1, current: null, steps: [step, ...s.steps].slice(0, SHOWN_STEPS) });
}

async function run(request: LiveRequest): Promise<void> {
  running?.abort();
  const controller = new AbortController();
  running = controller;
  runModels = request.settings.models.map((m) => m.name);
  useLive.setState({ ...FRESH_RUN, steps: [], status: 'running', of: request.limit });
  try {
    const summary = await liveWorker.run(request, useLive.getState().keys, onEvent, controller.signal);
    useLive.setState({ status: 'done', summary, of: summary.of, current: null });
  } catch (e) {
    const cancelled = isAbortError(e);
    useLive.setState({ status: cancelled ? 'cancelled' : 'error', error: cancelled ? null : messageOf(e) });
  } finally {
    if (running === controller) running = null;
    await refreshStored();
  }
}

/** Starts a run with the panel's settings; a bad setting is one message, nothing is sent. */
export async function startLive(): Promise<void> {
  let request: LiveRequest;
  try {
    request = requestOf(useLive.getState());
  } catch (e) {
    useLive.setState({ status: 'error', error: messageOf(e) });
    return;
  }
  await run(request);
}

/** Resumes the stored run with its own settings: what it recorded is replayed, not asked again. */
export async function resumeLive(): Promise<void> {
  const stored = useLive.getState().stored;
  if (stored) await run(stored.request);
}

export function cancelLive(): void {
  running?.abort();
}

export async function refreshStored(): Promise<void> {
  try {
    // Read here, from IndexedDB: offering "Resume" starts no worker.
    useLive.setState({ stored: await storedRun() });
  } catch {
    useLive.setState({ stored: null }); // IndexedDB unavailable: nothing to resume
  }
}

export async function discardLive(): Promise<void> {
  await discardRun();
  useLive.setState({ ...FRESH_RUN, steps: [], stored: null });
}

/** The stored recording as a dataset: prompts.jsonl and models.json, and how many prompts each holds or left out. */
export async function exportLive(): Promise<{ promptsJsonl: string; modelsJson: string; kept: number; leftOut: number } | null> {
  return liveWorker.exported();
}
