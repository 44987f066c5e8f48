import { describe, expect, it } from 'vitest';
import { missingWorld } from './worldCheck';

describe('missingWorld: a link’s dataset world this lab does not offer', () => {
  const datasets = ['data:humaneval-paper', 'data:routeprofile-ulab'];

  it('names what is offered when a recorded dataset is not served', () => {
    expect(missingWorld('data:nope', datasets, [])).toBe('the recorded datasets are humaneval-paper, routeprofile-ulab');
    expect(missingWorld('data:nope', [], [])).toBe('this lab serves no recorded datasets');
    expect(missingWorld('data:humaneval-paper', datasets, [])).toBeNull();
  });

  it('checks imports against the stored ones', () => {
    expect(missingWorld('import:abc', datasets, ['xyz'])).toBe('no import of that id is stored in this browser');
    expect(missingWorld('import:xyz', datasets, ['xyz'])).toBeNull();
  });

  it('says nothing of built-in worlds, or before the lists are known', () => {
    expect(missingWorld('sudoku', [], [])).toBeNull();
    expect(missingWorld('data:nope', null, null)).toBeNull();
    expect(missingWorld('import:abc', datasets, null)).toBeNull();
  });
});
