import { describe, expect, it } from 'vitest';
import { taskCategories, taskOneHot } from './onehot';

describe('taskOneHot', () => {
  it('orders tasks by name, not by first appearance', () => {
    expect(taskCategories(['mmlu', 'gsm8k', 'mmlu', 'arc'])).toEqual(['arc', 'gsm8k', 'mmlu']);
  });

  it('gives each prompt the unit vector of its task', () => {
    expect(taskOneHot(['mmlu', 'gsm8k', 'mmlu', 'arc']).map((x) => Array.from(x))).toEqual([
      [0, 0, 1],
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ]);
  });

  it('sorts by code unit, whatever the locale', () => {
    expect(taskCategories(['b', 'B', 'a', 'é'])).toEqual(['B', 'a', 'b', 'é']);
  });
});
