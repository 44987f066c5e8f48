import { describe, expect, it } from 'vitest';
import { liveModelsOf, typedPromptId } from './humanGraded';
import type { LiveModel } from './models';

const model = (name: string): LiveModel => ({ name, baseUrl: 'http://127.0.0.1:8089/v1', model: name, inputPrice: 1, outputPrice: 2 });

describe('the playground’s live answers', () => {
  it('match a world’s models to live models by name, null where a model has none', () => {
    const live = [model('b'), model('a')];
    expect(liveModelsOf(['a', 'b', 'c'], live)).toEqual([live[1], live[0], null]);
    expect(liveModelsOf(['a'], [])).toEqual([null]);
  });

  it('give a typed prompt the same id for the same text and task, and another for another', () => {
    const id = typedPromptId('What is 2 + 2?', 'math');
    expect(id).toMatch(/^typed-[0-9a-z]+$/);
    expect(typedPromptId('What is 2 + 2?', 'math')).toBe(id);
    expect(typedPromptId('What is 2 + 2?', null)).not.toBe(id);
    expect(typedPromptId('What is 2 + 3?', 'math')).not.toBe(id);
    // The separator keeps text and task apart: ("ab", task "") is not ("b", task "a").
    expect(typedPromptId('ab', null)).not.toBe(typedPromptId('b', 'a'));
  });
});
