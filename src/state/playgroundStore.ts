/**
 * The prompt playground's state: a learner in the playground worker, warmed up on the current world with the
 * current λ, τ_max, τ_exp, α and seed, and what it said about the prompt asked last. Components send intents
 * (ask, answer ✓/✗); the worker computes.
 */
import { create } from 'zustand';
import { allAnswers, storeAnswer, storedAnswer } from '../data/playgroundLive';
import { fmtUsd } from '../engine/lab/format';
import { ASK_DEFAULTS } from '../engine/live/client';
import { HUMAN_GRADER, type HumanGradedRecord, liveModelsOf, typedPromptId } from '../engine/live/humanGraded';
import { costBound, recordOf } from '../engine/live/query';
import { messageOf } from '../engine/messageOf';
import type { PlaygroundAlgo } from '../engine/playground/algos';
import type { PlaygroundView } from '../engine/playground/session';
import { liveWorker } from '../workers/liveBridge';
import { type PlaygroundAnswer, type PlaygroundConfig, type PlaygroundInfo, playgroundWorker } from '../workers/playgroundBridge';
import { embedVectors, openEmbedPort } from './embedStore';
import { pageLabConfig } from './labStore';
import { checkedModels, useLive } from './liveStore';
import { costUnitOf } from './stakeholder';
import type { LabParams } from './urlCodec';

/** Prompts of the world the learner plays before the user's first question. */
export const PLAYGROUND_WARMUP = 500;

type PlaygroundStatus = 'idle' | 'starting' | 'ready' | 'asking' | 'error';

export interface PlaygroundState {
  status: PlaygroundStatus;
  error: string | null;
  /** The configuration the worker's learner was built for (JSON), to know when to rebuild it. */
  key: string | null;
  /** The learner's world, with the unit of its costs (state/stakeholder.ts costUnitOf). */
  info: (PlaygroundInfo & { costUnit: string }) | null;
  answer: PlaygroundAnswer | null;
  algo: PlaygroundAlgo;
  /** Prompts of the world the learner plays first: PLAYGROUND_WARMUP, or 0 for a fresh learner. */
  warmup: number;
  /** The last ✓/✗ and what the learner thought of the prompt just before it (before → after). */
  lastChange: { arm: number; reward: 0 | 1; before: PlaygroundView } | null;
  /** Live answers to the current prompt, in the order asked (the person grades each). */
  live: LiveAnswer[];
  liveStatus: 'idle' | 'asking' | 'error';
  liveError: string | null;
  /** US dollars the playground's live answers stored in this browser cost (null: not read yet). */
  liveSpentUsd: number | null;
}

/** A live answer to the current prompt: which model (arm) gave it, its record, and whether it came from the browser's store. */
interface LiveAnswer {
  arm: number;
  record: HumanGradedRecord;
  /** Answered from IndexedDB: asked (and paid for) before, not asked again. */
  kept: boolean;
  /** The person's ✓/✗ taught this learner (a kept answer's earlier grade did not). */
  taught: boolean;
}

export const usePlayground = create<PlaygroundState>()(() => ({
  status: 'idle',
  error: null,
  key: null,
  info: null,
  answer: null,
  algo: 'promptwise',
  warmup: PLAYGROUND_WARMUP,
  lastChange: null,
  live: [],
  liveStatus: 'idle',
  liveError: null,
  liveSpentUsd: null,
}));

/** A new prompt or learner: no live answers yet. */
const NO_LIVE = { live: [], liveStatus: 'idle', liveError: null } as const satisfies Partial<PlaygroundState>;

/** The page's current run (world, dataset choice, λ, τ_max, τ_exp, α, seed), learned by one learner. */
function configOf(p: LabParams, algo: PlaygroundAlgo, warmup: number): PlaygroundConfig {
  const { world, dataset, params, seed } = pageLabConfig(p);
  return { world, ...(dataset ? { dataset } : {}), algo, params, seed, warmup };
}

/** The learner a question for `p` needs: what `key` holds once the worker has built it. */
export function playgroundKey(p: LabParams, algo: PlaygroundAlgo, warmup: number): string {
  return JSON.stringify(configOf(p, algo, warmup));
}

function fail(error: unknown): void {
  usePlayground.setState({ status: 'error', error: messageOf(error) });
}

/** Builds the learner for `p` unless the worker already holds it. */
async function ensurePlayground(p: LabParams): Promise<boolean> {
  const { algo, key, status, warmup } = usePlayground.getState();
  const config = configOf(p, algo, warmup);
  const wanted = playgroundKey(p, algo, warmup);
  if (key === wanted && status !== 'error' && status !== 'starting') return true;
  usePlayground.setState({ status: 'starting', error: null, key: wanted, answer: null, lastChange: null, ...NO_LIVE });
  try {
    const info = await playgroundWorker.start(config, config.dataset?.features === 'embedding' ? openEmbedPort : undefined);
    if (usePlayground.getState().key !== wanted) return false; // a newer start took over
    usePlayground.setState({ status: 'ready', info: { ...info, costUnit: costUnitOf(config) } });
    return true;
  } catch (e) {
    if (usePlayground.getState().key === wanted) fail(e);
    return false;
  }
}

async function ask(p: LabParams, question: () => Promise<PlaygroundAnswer>): Promise<void> {
  if (!(await ensurePlayground(p))) return;
  usePlayground.setState({ status: 'asking', error: null });
  try {
    const answer = await question();
    usePlayground.setState({ status: 'ready', answer, lastChange: null, ...NO_LIVE });
  } catch (e) {
    fail(e);
  }
}

/** The current prompt as a live query sends it: its id in the records and its text (a drawn prompt has none). */
export function livePromptOf(answer: PlaygroundAnswer): { id: string; text: string } | null {
  const p = answer.prompt;
  if (p.kind === 'row') return { id: p.id, text: p.text };
  if (p.kind === 'typed') return { id: typedPromptId(p.text, p.task), text: p.text };
  return null;
}

async function storedSpend(): Promise<number> {
  return (await allAnswers()).reduce((sum, r) => sum + r.costUsd, 0);
}

export const playgroundIntents = {
  setAlgo(algo: PlaygroundAlgo): void {
    usePlayground.setState({ algo, key: null, answer: null, lastChange: null, ...NO_LIVE });
  },
  /** A fresh learner (no warm-up): its first ✓/✗ move q̂, the bonus and the plan visibly. The next question builds it. */
  setFresh(fresh: boolean): void {
    usePlayground.setState({ warmup: fresh ? 0 : PLAYGROUND_WARMUP, key: null, answer: null, lastChange: null, ...NO_LIVE });
  },
  askTyped(p: LabParams, text: string, task: string | null): Promise<void> {
    return ask(p, async () => {
      const info = usePlayground.getState().info;
      const embedding = info?.features === 'embedding' ? (await embedVectors([text]))[0] : undefined;
      return playgroundWorker.askTyped(text, task, embedding);
    });
  },
  askRow(p: LabParams, row: number): Promise<void> {
    return ask(p, () => playgroundWorker.askRow(row));
  },
  askSample(p: LabParams): Promise<void> {
    return ask(p, () => playgroundWorker.askSample());
  },
  /**
   * Sends the current prompt to the live model of the world's model `arm` (the Live routing panel's model of that
   * name, its key and timeout), under the panel's spend cap; the answer is stored before it is shown. Asked again
   * (this prompt, this model, the same ask), the stored answer comes back instead: no model is asked twice.
   */
  async askLive(arm: number): Promise<void> {
    const { answer, info, live } = usePlayground.getState();
    const prompt = answer && livePromptOf(answer);
    if (!prompt || !info) return;
    usePlayground.setState({ liveStatus: 'asking', liveError: null });
    try {
      const model = liveModelsOf(info.arms, checkedModels(useLive.getState().models))[arm];
      if (!model) throw new Error(`${info.arms[arm]} is not one of the Live routing panel's models`);
      const k = live.filter((a) => a.arm === arm).length;
      const spent = usePlayground.getState().liveSpentUsd ?? (await storedSpend());
      const stored = await storedAnswer(prompt.id, model.name, k);
      let record = stored;
      if (!record) {
        const { spendCap, keys, timeoutS } = useLive.getState();
        const bound = costBound([model], ASK_DEFAULTS.maxTokens)(0, prompt);
        if (spent + bound > spendCap)
          throw new Error(
            `spend cap: asking ${model.name} could take the playground's live spend past ${fmtUsd(spendCap)} (spent ${fmtUsd(spent)}, this query up to ${fmtUsd(bound)}); raise the cap in the Live routing panel`,
          );
        const reply = await liveWorker.askOne(model, keys[model.name], prompt.text, { timeoutMs: timeoutS * 1000 });
        record = { ...recordOf(model, prompt.id, k, reply, null), grader: HUMAN_GRADER, prompt: prompt.text };
        await storeAnswer(record);
      }
      if (usePlayground.getState().answer !== answer) return; // another prompt was asked meanwhile
      usePlayground.setState({
        live: [...usePlayground.getState().live, { arm, record, kept: stored !== undefined, taught: false }],
        liveStatus: 'idle',
        liveSpentUsd: spent + (stored ? 0 : record.costUsd),
      });
    } catch (e) {
      usePlayground.setState({ liveStatus: 'error', liveError: messageOf(e) });
    }
  },
  /** Reads what the playground's stored live answers cost (once; each new answer then adds its own). */
  async readLiveSpend(): Promise<void> {
    try {
      const spent = await storedSpend();
      if (usePlayground.getState().liveSpentUsd === null) usePlayground.setState({ liveSpentUsd: spent });
    } catch {
      // IndexedDB unavailable: the spend shows once an answer is asked for (which then fails with the reason)
    }
  },
  /** The person's ✓/✗ on live answer `index`: stored with the answer, and taught to the learner. */
  async gradeLive(index: number, reward: 0 | 1): Promise<void> {
    const entry = usePlayground.getState().live[index];
    if (!entry || entry.taught) return;
    const record = { ...entry.record, grade: reward };
    usePlayground.setState({ live: usePlayground.getState().live.map((a, i) => (i === index ? { ...a, record, taught: true } : a)) });
    try {
      await storeAnswer(record);
    } catch (e) {
      usePlayground.setState({ liveStatus: 'error', liveError: messageOf(e) });
    }
    await playgroundIntents.feedback(entry.arm, reward);
  },
  async feedback(arm: number, reward: 0 | 1): Promise<void> {
    const before = usePlayground.getState().answer?.view ?? null;
    usePlayground.setState({ status: 'asking', error: null });
    try {
      const answer = await playgroundWorker.feedback(arm, reward);
      usePlayground.setState({ status: 'ready', answer, lastChange: before ? { arm, reward, before } : null });
    } catch (e) {
      fail(e);
    }
  },
};
