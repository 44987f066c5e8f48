/**
 * The lab's live runs (issue 44): the engine's live session (engine/live/session.ts) in a worker, so that a
 * learner's updates never hold up the page. Every finished query is written to IndexedDB before the learner goes
 * on; a run started again with the same settings (after a reload, a crash, a closed tab) replays what is stored
 * and asks no model again. Keys arrive with each run and live in this worker's memory only.
 */
// First, before any other module runs: this worker's life lock (holdLifeLock.ts).
import './holdLifeLock';
import * as Comlink from 'comlink';
import { getImport } from '../data/imports';
import { type LiveRequest, readRun, startRun, storeQuery } from '../data/liveRecording';
import { refusedByPolicy } from '../embed/errors';
import { type Answer, ask } from '../engine/live/client';
import type { LivePrompt, QueryRecord } from '../engine/live/loop';
import type { LiveModel } from '../engine/live/models';
import { readLivePrompts, withContexts } from '../engine/live/prompts';
import { exportDataset, headerMismatch } from '../engine/live/recording';
import { type LiveSummary, liveHeader, runLiveSession } from '../engine/live/session';
import type { StepRecord } from '../engine/types';
import { fetchText, servedFileUrl } from './worldSource';

export type LiveEvent = { type: 'query'; record: QueryRecord; fresh: boolean } | { type: 'step'; t: number; promptId: string; step: StepRecord };

/** The prompts of a served dataset (`data:<folder>`) or of an import in this browser (`import:<id>`), with contexts. */
async function promptsOf(request: LiveRequest): Promise<LivePrompt[]> {
  const { dataset } = request;
  let text: string;
  let file: string;
  if (dataset.startsWith('data:')) {
    const folder = dataset.slice('data:'.length);
    text = await fetchText(servedFileUrl(folder, 'prompts.jsonl'));
    file = `${folder}/prompts.jsonl`;
  } else if (dataset.startsWith('import:')) {
    const stored = await getImport(dataset.slice('import:'.length));
    if (!stored) throw new Error(`prompts: no imported dataset ${JSON.stringify(dataset)} in this browser (it may have been deleted)`);
    text = stored.promptsJsonl;
    file = stored.name;
  } else throw new Error(`prompts: a live run reads a served dataset or an import (got ${JSON.stringify(dataset)})`);
  return withContexts(readLivePrompts(text, file, request.limit), request.features);
}

const cspMessage = (origin: string) =>
  `this page's Content-Security-Policy does not allow ${origin} (connect-src). Serve the lab with PROMPTWISE_LIVE_HOSTS="${origin}" (docs/LIVE.md); models on this machine are allowed`;

/** Why a request could not be sent, when this page's policy refused its origin. */
async function unreachable(origin: string): Promise<string | null> {
  // The policy's event is queued beside the fetch's failure: let it arrive first.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return refusedByPolicy(origin) ? cspMessage(origin) : null;
}

let controller: AbortController | null = null;

const api = {
  /** Runs (or resumes) a live run; rejects with an AbortError when cancelled. */
  async run(request: LiveRequest, keys: Record<string, string>, onEvent: (event: LiveEvent) => void): Promise<LiveSummary> {
    controller = new AbortController();
    const header = liveHeader(request.settings);
    const stored = await readRun();
    if (stored) {
      const differ = headerMismatch(stored.header, header);
      if (differ.length > 0) {
        throw new Error(
          `a recording of another live run is stored (${stored.queries.size} queries; its ${differ.join(', ')} differ): resume it, export it or discard it first`,
        );
      }
    } else await startRun({ request, header });
    const prompts = await promptsOf(request);
    return runLiveSession(request.settings, prompts, {
      keyOf: (m) => keys[m.name] || undefined,
      recorded: stored?.queries ?? new Map(),
      signal: controller.signal,
      onQuery: async (record, fresh) => {
        if (fresh) await storeQuery(record);
        onEvent({ type: 'query', record, fresh });
      },
      onStep: (t, step) => onEvent({ type: 'step', t, promptId: prompts[t].id, step }),
      unreachable,
    });
  },

  /** The stored recording as a dataset in the world format (engine/live/recording.ts exportDataset). */
  async exported(): Promise<ReturnType<typeof exportDataset> | null> {
    const s = await readRun();
    return s && exportDataset(s.header, s.queries, await promptsOf(s.request));
  },

  /**
   * One question to one model, asked from the playground (the person grades the answer): the client's timeout and
   * retries, the page's policy named when it refuses the endpoint.
   */
  askOne(model: LiveModel, key: string | undefined, text: string, options: { timeoutMs: number; maxTokens?: number }): Promise<Answer> {
    return ask(model, key || undefined, text, { ...options, unreachable });
  },

  cancel(): void {
    controller?.abort();
  },
};

export type LiveWorkerApi = typeof api;

Comlink.expose(api);
