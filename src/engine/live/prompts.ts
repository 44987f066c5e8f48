/**
 * The prompts of a live run: read from JSON Lines in the world format's per-prompt shape (a data folder's
 * prompts.jsonl, or a file of one's own) or from CSV with the same columns, in order, and given contexts as a dataset world gives them
 * (worlds/dataset.ts): task one-hot, or hashed character n-grams, scaled into the unit ball.
 */
import { hashedNgrams } from '../features/ngrams';
import { taskOneHot } from '../features/onehot';
import { unitBallScaler } from '../features/scale';
import { parseCsv } from '../import/csv';
import { WorldFormatError } from '../worlds/errors';
import type { LivePrompt } from './loop';

export type LiveFeatures = { type: 'task-onehot' } | { type: 'hashed-ngrams'; dim: number };

/**
 * The first `limit` prompts of a JSONL text (a row per line) or, for a `.csv` file, a CSV text (a row per record,
 * the header naming the columns): `text` (or `prompt`) is needed; `id`, `task` and `answer` default.
 */
export function readLivePrompts(text: string, file: string, limit = Number.POSITIVE_INFINITY): Omit<LivePrompt, 'x'>[] {
  if (/\.csv$/i.test(file)) return fromCsv(text, file, limit);
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
    out.push(promptOf(row, i + 1, file));
  }
  if (out.length === 0) throw new WorldFormatError('prompts', 'holds no prompt', file);
  return out;
}

function promptOf(row: { id?: unknown; text?: unknown; task?: unknown; answer?: unknown }, line: number, file: string): Omit<LivePrompt, 'x'> {
  if (typeof row.text !== 'string' || row.text === '') throw new WorldFormatError(`line ${line}`, 'text: missing (expected the prompt)', file);
  return {
    id: row.id === undefined || row.id === '' ? `line-${line}` : String(row.id),
    text: row.text,
    task: typeof row.task === 'string' && row.task !== '' ? row.task : 'default',
    answer: row.answer === undefined || row.answer === null ? '' : String(row.answer),
  };
}

function fromCsv(text: string, file: string, limit: number): Omit<LivePrompt, 'x'>[] {
  const table = parseCsv(text, file, { maxRows: Number.isFinite(limit) ? limit : undefined });
  const column = (...names: string[]) => table.header.findIndex((h) => names.includes(h.trim().toLowerCase()));
  const [textAt, idAt, taskAt, answerAt] = [column('text', 'prompt'), column('id'), column('task'), column('answer')];
  if (textAt < 0) throw new WorldFormatError('header', `needs a text (or prompt) column (got ${table.header.join(', ')})`, file);
  const out = table.rows.map(({ cells, line }) =>
    promptOf(
      {
        text: cells[textAt],
        id: idAt < 0 ? undefined : cells[idAt],
        task: taskAt < 0 ? undefined : cells[taskAt],
        answer: answerAt < 0 ? undefined : cells[answerAt],
      },
      line,
      file,
    ),
  );
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
