import { describe, expect, it } from 'vitest';
import { RESULT } from '../../state/fixtures';
import { pageLabConfig } from '../../state/labStore';
import { DEFAULT_PARAMS } from '../../state/urlCodec';
import { type SummaryShown, summaryNote, usageNote } from './summaryNote';

/** The finished current run, drawn: the state in which nothing needs saying. */
const settled: SummaryShown = {
  drawn: 'finished',
  finishedIsCurrent: true,
  status: 'done',
  trials: { done: 20, total: 20 },
};

describe('summaryNote', () => {
  it('says nothing when the finished run the parameters ask for is drawn', () => {
    expect(summaryNote(settled)).toBeNull();
  });

  it('marks first figures with the trials they cover', () => {
    expect(summaryNote({ ...settled, drawn: 'first-figures', status: 'running', trials: { done: 3, total: 20 } })).toBe(
      'First figures: 3 of 20 trials, refined as the others finish.',
    );
  });

  it('says nothing before any run (the headline says it is simulating)', () => {
    expect(summaryNote({ ...settled, drawn: 'nothing', finishedIsCurrent: false, status: 'running' })).toBeNull();
  });

  it('names an older run as the previous one, and why it is still shown', () => {
    const older = { ...settled, finishedIsCurrent: false };
    expect(summaryNote({ ...older, status: 'running' })).toBe('The previous run, shown while the current parameters’ run computes.');
    expect(summaryNote({ ...older, status: 'pending' })).toBe('The previous run, shown while the current parameters’ run computes.');
    for (const status of ['error', 'cancelled'] as const) {
      expect(summaryNote({ ...older, status })).toBe('The previous run: the current parameters’ run did not finish (see the status above).');
    }
  });
});

describe('usageNote', () => {
  it('says when the usage shown is of the last run finished, and names its world when it is another', () => {
    const config = (world: string, lambda: number) => pageLabConfig({ ...DEFAULT_PARAMS, world, lambda });
    const shown = { ...RESULT, config: config('sudoku', 0.01) };
    expect(usageNote(null, config('sudoku', 0.01))).toBeNull();
    expect(usageNote(shown, config('sudoku', 0.01))).toBeNull();
    expect(usageNote(shown, config('sudoku', 0.05))).toBe('Of the last run finished: the current parameters’ run has not finished.');
    expect(usageNote(shown, config('t2i', 0.01))).toBe('Of the last run finished, on sudoku: the current parameters’ run has not finished.');
  });
});
