/**
 * The prompt playground's worker: one PlaygroundSession (src/engine/playground) over the current world,
 * asked about typed, recorded or sampled prompts, and taught by the user's ✓/✗. The main thread reaches it
 * through src/workers/playgroundBridge.ts only.
 */
// First, before any other module runs: this worker's life lock (holdLifeLock.ts).
import './holdLifeLock';
import * as Comlink from 'comlink';
import type { DatasetChoice } from '../engine/lab/datasetSource';
import type { PlaygroundAlgo } from '../engine/playground/algos';
import { nearestRows } from '../engine/playground/nearest';
import { type PlaygroundPrompt, PlaygroundSession, type PlaygroundView } from '../engine/playground/session';
import { createRng, deriveSeed } from '../engine/rng';
import type { BanditParams, World } from '../engine/types';
import type { DatasetWorld } from '../engine/worlds/dataset';
import { embedThroughPort, type OpenEmbedPort } from './embedPort';
import { resolveWorld } from './worldSource';

export interface PlaygroundConfig {
  world: string;
  d?: number;
  dataset?: DatasetChoice;
  algo: PlaygroundAlgo;
  params: Partial<BanditParams>;
  seed: number;
  warmup: number;
}

export interface PlaygroundInfo {
  arms: string[];
  /** Mean cost per model over the world's prompts (what a typed prompt is charged). */
  costs: number[];
  /** Recorded prompts to search and pick from (dataset worlds), else 0. */
  rows: number;
  /** Task names a typed prompt may be given (task one-hot features need one). */
  tasks: string[];
  features: DatasetWorld['features']['type'] | null;
  warmup: number;
}

/** A recorded prompt shown next to a typed one. */
export interface NeighbourInfo {
  row: number;
  id: string;
  text: string;
  task: string;
  similarity: number;
}

export interface PlaygroundAnswer {
  /** What was asked about: a typed prompt, recorded row i, or a prompt drawn from the world. */
  prompt:
    | { kind: 'typed'; text: string; task: string | null }
    | { kind: 'row'; row: number; id: string; text: string; task: string }
    | { kind: 'sample'; category: string };
  view: PlaygroundView;
  neighbours: NeighbourInfo[];
  /** Answers the user gave on this prompt so far (arm, ✓/✗), in order. */
  feedback: { arm: number; reward: 0 | 1 }[];
}

const NEIGHBOURS = 5;

let state: {
  world: World;
  dataset: DatasetWorld | null;
  session: PlaygroundSession;
  meanCosts: Float64Array;
  samples: ReturnType<typeof createRng>;
  t: number;
  current: { answer: Omit<PlaygroundAnswer, 'view'>; prompt: PlaygroundPrompt } | null;
} | null = null;

function isDataset(world: World): world is DatasetWorld {
  return 'rows' in world && 'features' in world;
}

function session() {
  // A worker started after a crash, or whose start failed, holds no learner; the store's next question builds one.
  if (!state) throw new Error('this worker holds no learner (it was restarted, or its start failed): ask a question to build one');
  return state;
}

function answer(): PlaygroundAnswer {
  const s = session();
  if (!s.current) throw new Error('ask about a prompt first');
  return { ...s.current.answer, feedback: [...s.current.answer.feedback], view: s.session.inspect(s.current.prompt) };
}

function neighboursOf(x: Float64Array): NeighbourInfo[] {
  const d = session().dataset;
  if (!d) return [];
  return nearestRows(x, d.rows.length, (i) => d.rowContext(i), NEIGHBOURS).map(({ row, similarity }) => ({
    row,
    similarity,
    id: d.rows[row].id,
    text: d.rows[row].text,
    task: d.rows[row].task,
  }));
}

export const api = {
  /** Builds the world (embedding features: every prompt's embedding, over a port to the embedding worker) and warms up a learner. */
  async start(config: PlaygroundConfig, openEmbedPort?: OpenEmbedPort): Promise<PlaygroundInfo> {
    state = null;
    const world = await resolveWorld(config, embedThroughPort(openEmbedPort));
    const session = new PlaygroundSession(world, { algo: config.algo, params: config.params, seed: config.seed, warmup: config.warmup });
    const dataset = isDataset(world) ? world : null;
    const K = world.arms.length;
    const meanCosts = new Float64Array(K);
    const rng = createRng(deriveSeed(config.seed, 'playground', 'costs'));
    const n = dataset ? dataset.rows.length : 256;
    for (let i = 0; i < n; i++) {
      const costs = dataset ? dataset.rowCosts(i) : world.draw(config.warmup, rng).costs;
      for (let a = 0; a < K; a++) meanCosts[a] += costs[a] / n;
    }
    state = {
      world,
      dataset,
      session,
      meanCosts,
      samples: createRng(deriveSeed(config.seed, 'playground', 'samples')),
      t: config.warmup,
      current: null,
    };
    return {
      arms: [...world.arms],
      costs: Array.from(meanCosts),
      rows: dataset ? dataset.rows.length : 0,
      tasks: [...world.categories],
      features: dataset ? dataset.features.type : null,
      warmup: config.warmup,
    };
  },

  /** A typed prompt (dataset worlds): featurised as the rows were; `embedding` for embedding features. */
  askTyped(text: string, task: string | null, embedding?: ArrayLike<number>): PlaygroundAnswer {
    const s = session();
    if (!s.dataset) throw new Error('typed prompts need a dataset world (its featurizer turns text into a context)');
    const x = s.dataset.features.contextOf({ text, task: task ?? undefined, embedding });
    const K = s.world.arms.length;
    s.current = {
      prompt: { x, costs: Float64Array.from(s.meanCosts), available: new Uint8Array(K).fill(1), q: null },
      answer: { prompt: { kind: 'typed', text, task }, neighbours: neighboursOf(x), feedback: [] },
    };
    return answer();
  },

  /** Recorded prompt `row` (dataset worlds): its own context, costs and recorded success rates. */
  askRow(row: number): PlaygroundAnswer {
    const s = session();
    const d = s.dataset;
    if (!d || !(row >= 0 && row < d.rows.length)) throw new Error(`no recorded prompt ${row}`);
    const x = d.rowContext(row);
    const r = d.rows[row];
    s.current = {
      prompt: { x, costs: d.rowCosts(row), available: new Uint8Array(s.world.arms.length).fill(1), q: d.rowQ(row) },
      answer: { prompt: { kind: 'row', row, id: r.id, text: r.text, task: r.task }, neighbours: neighboursOf(x), feedback: [] },
    };
    return answer();
  },

  /** A prompt drawn from the world's own seeded stream (any world), truth included; a dataset's shows its text. */
  askSample(): PlaygroundAnswer {
    const s = session();
    const p = s.world.draw(s.t, s.samples);
    if (s.dataset && p.row >= 0) return api.askRow(p.row);
    const category = p.category >= 0 ? (s.world.categories[p.category] ?? '') : '';
    s.current = {
      prompt: { x: p.x, costs: p.costs, available: p.available, q: p.q },
      answer: { prompt: { kind: 'sample', category }, neighbours: neighboursOf(p.x), feedback: [] },
    };
    return answer();
  },

  /** The user's verdict on `arm`'s answer to the current prompt: the learner updates, and the view is redrawn. */
  feedback(arm: number, reward: 0 | 1): PlaygroundAnswer {
    const s = session();
    if (!s.current) throw new Error('ask about a prompt first');
    s.session.feedback(s.current.prompt, arm, reward);
    s.current.answer.feedback.push({ arm, reward });
    return answer();
  },
};

export type PlaygroundWorkerApi = typeof api;

Comlink.expose(api);
