import { describe, expect, it } from 'vitest';
import { readLivePrompts, withContexts } from './prompts';

describe('the prompts of a live run', () => {
  it('reads JSONL rows in order, with defaults for id, task and answer, up to the limit', () => {
    const text = ['{"id": 7, "text": "What?", "task": "math", "answer": "B"}', '', '{"text": "Why?"}', '{"text": "How?"}'].join('\n');
    expect(readLivePrompts(text, 'p.jsonl')).toEqual([
      { id: '7', text: 'What?', task: 'math', answer: 'B' },
      { id: 'line-3', text: 'Why?', task: 'default', answer: '' },
      { id: 'line-4', text: 'How?', task: 'default', answer: '' },
    ]);
    expect(readLivePrompts(text, 'p.jsonl', 2)).toHaveLength(2);
  });

  it('reads CSV with a text (or prompt) column, quoted fields included', () => {
    const text = 'prompt,answer,task\n"Pick one, please",C,quiz\nAnother,,quiz\n';
    expect(readLivePrompts(text, 'p.csv')).toEqual([
      { id: 'line-2', text: 'Pick one, please', task: 'quiz', answer: 'C' },
      { id: 'line-3', text: 'Another', task: 'quiz', answer: '' },
    ]);
  });

  it('names the line or column of a bad file', () => {
    expect(() => readLivePrompts('{"text": "a"}\n{"txt": "b"}', 'p.jsonl')).toThrow('line 2: text: missing (expected the prompt)');
    expect(() => readLivePrompts('{"text": "a"}\nnot json', 'p.jsonl')).toThrow('line 2: not JSON');
    expect(() => readLivePrompts('question,answer\nq,a\n', 'p.csv')).toThrow('header: needs a text (or prompt) column (got question, answer)');
    expect(() => readLivePrompts('\n\n', 'p.jsonl')).toThrow('prompts: holds no prompt');
  });

  it('gives contexts as a dataset world does: one-hot tasks, or hashed n-grams, in the unit ball', () => {
    const rows = readLivePrompts('{"text": "a b", "task": "x"}\n{"text": "c d e", "task": "y"}', 'p.jsonl');
    const onehot = withContexts(rows, { type: 'task-onehot' });
    expect(onehot.map((p) => [...p.x])).toEqual([
      [1, 0],
      [0, 1],
    ]);
    const ngrams = withContexts(rows, { type: 'hashed-ngrams', dim: 8 });
    for (const p of ngrams) {
      expect(p.x).toHaveLength(8);
      expect(Math.hypot(...p.x)).toBeLessThanOrEqual(1 + 1e-12);
    }
  });
});
