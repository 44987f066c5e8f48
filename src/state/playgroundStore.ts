/**
 * The prompt playground's state: a learner in the playground worker, warmed up on the current world with the
 * current λ, τ_max, τ_exp, α and seed, and what it said about the prompt asked last. Components send intents
 * (ask, answer ✓/✗); the worker computes.
 */
import { create } from 'zustand';
import { messageOf } from '../engine/messageOf';
import type { PlaygroundAlgo } from '../engine/playground/algos';
import type { PlaygroundView } from '../engine/playground/session';
import { type PlaygroundAnswer, type PlaygroundConfig, type PlaygroundInfo, playgroundWorker } from '../workers/playgroundBridge';
import { embedVectors, openEmbedPort } from './embedStore';
import { pageLabConfig } from './labStore';
import type { LabParams } from './urlCodec';

/** Prompts of the world the learner plays before the user's first question. */
export const PLAYGROUND_WARMUP = 500;

type PlaygroundStatus = 'idle' | 'starting' | 'ready' | 'asking' | 'error';

export interface PlaygroundState {
  status: PlaygroundStatus;
  error: string | null;
  /** The configuration the worker's learner was built for (JSON), to know when to rebuild it. */
  key: string | null;
  info: PlaygroundInfo | null;
  answer: PlaygroundAnswer | null;
  algo: PlaygroundAlgo;
  /** Prompts of the world the learner plays first: PLAYGROUND_WARMUP, or 0 for a fresh learner. */
  warmup: number;
  /** The last ✓/✗ and what the learner thought of the prompt just before it (before → after). */
  lastChange: { arm: number; reward: 0 | 1; before: PlaygroundView } | null;
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
}));

/** The page's current run (world, dataset choice, λ, τ_max, τ_exp, α, seed), learned by one learner. */
function configOf(p: LabParams, algo: PlaygroundAlgo, warmup: number): PlaygroundConfig {
  const { world, dataset, params, seed } = pageLabConfig(p);
  return { world, ...(dataset ? { dataset } : {}), algo, params, seed, warmup };
}

function fail(error: unknown): void {
  usePlayground.setState({ status: 'error', error: messageOf(error) });
}

/** Builds the learner for `p` unless the worker already holds it. */
async function ensurePlayground(p: LabParams): Promise<boolean> {
  const { algo, key, status, warmup } = usePlayground.getState();
  const config = configOf(p, algo, warmup);
  const wanted = JSON.stringify(config);
  if (key === wanted && status !== 'error' && status !== 'starting') return true;
  usePlayground.setState({ status: 'starting', error: null, key: wanted, answer: null, lastChange: null });
  try {
    const info = await playgroundWorker.start(config, config.dataset?.features === 'embedding' ? openEmbedPort : undefined);
    if (usePlayground.getState().key !== wanted) return false; // a newer start took over
    usePlayground.setState({ status: 'ready', info });
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
    usePlayground.setState({ status: 'ready', answer, lastChange: null });
  } catch (e) {
    fail(e);
  }
}

export const playgroundIntents = {
  setAlgo(algo: PlaygroundAlgo): void {
    usePlayground.setState({ algo, key: null, answer: null, lastChange: null });
  },
  /** A fresh learner (no warm-up): its first ✓/✗ move q̂, the bonus and the plan visibly. The next question builds it. */
  setFresh(fresh: boolean): void {
    usePlayground.setState({ warmup: fresh ? 0 : PLAYGROUND_WARMUP, key: null, answer: null, lastChange: null });
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
