/**
 * The prompts of a live run: read from JSON Lines in the world format's per-prompt shape (a data folder's
 * prompts.jsonl, or a file of one's own), in order, and given contexts as a dataset world gives them
 * (worlds/dataset.ts): task one-hot, or hashed character n-grams, scaled into the unit ball.
 */
import { hashedNgrams } from '../features/ngrams';
import { taskOneHot } from '../features/onehot';
import { unitBallScaler } from '../features/scale';
import { WorldFormatError } from '../worlds/errors';
import type { LivePrompt } from './loop';

export type LiveFeatures = { type: 'task-onehot' } | { type: 'hashed-ngrams'; dim: number };

/** Rows of a JSONL text, the first `limit` with a prompt: `text` is needed; `id`, `task` and `answer` default. */
export function readLivePrompts(text: string, file: string, limit = Number.POSITIVE_INFINITY): Omit<LivePrompt, 'x'>[] {
  const out: Omit<LivePrompt, 'x'>[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && out.length < limit; i++) {
    if (lines[i].trim() === '') continue;
    let row: { id?: unknown; text?: unknown; task?: unknown; answer?: unknown };
    try {
      row = JSON.parse(lines[i]);
    } catch {
      throw new WorldFormatError(`line ${i + 1}`, 'not JSON', file);
    }
    if (typeof row.text !== 'string' || row.text === '') throw new WorldFormatError(`line ${i + 1}`, 'text: missing (expected the prompt)', file);
    out.push({
      id: row.id === undefined ? `line-${i + 1}` : String(row.id),
      text: row.text,
      task: typeof row.task === 'string' ? row.task : 'default',
      answer: row.answer === undefined || row.answer === null ? '' : String(row.answer),
    });
  }
  if (out.length === 0) throw new WorldFormatError('prompts', 'holds no prompt', file);
  return out;
}

/** The prompts with their contexts. */
export function withContexts(prompts: readonly Omit<LivePrompt, 'x'>[], features: LiveFeatures): LivePrompt[] {
  const vectors =
    features.type === 'task-onehot'
      ? taskOneHot(prompts.map((p) => p.task))
      : hashedNgrams(
          prompts.map((p) => p.text),
          features.dim,
        );
  const scale = unitBallScaler(vectors);
  return prompts.map((p, i) => ({ ...p, x: scale(vectors[i]) }));
}
