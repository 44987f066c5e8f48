/**
 * A trace job runs the traced algorithm alone on trial 0 (traceConfigOf). That is only right if it gives the trace
 * the whole run records for that algorithm: checked here with the engine, on worlds whose models or prompt types
 * change over time as well.
 */
import { describe, expect, it } from 'vitest';
import { labBuiltin } from '../../engine/lab/run';
import { DEFAULT_PARAMS } from '../urlCodec';
import { labConfigOf, runKey, traceConfigOf, traceKey } from './config';

describe('traceConfigOf', () => {
  it.each(['t2i', 'sudoku-new-arms', 'sudoku-new-prompts'])('%s: the traced algorithm alone, trial 0, gives the run’s trace', (world) => {
    for (const traceAlgo of ['greedy', 'ca-pak-ucb-ts', 'oracle']) {
      const run = labConfigOf({ ...DEFAULT_PARAMS, world, algos: ['promptwise', 'greedy', 'ca-pak-ucb-ts', 'oracle'], traceAlgo, T: 300, trials: 3, seed: 7 });
      const alone = labBuiltin(traceConfigOf(run));
      expect(alone.trace).toEqual(labBuiltin(run).trace);
    }
  });

  it('keeps the run’s identity when only the traced algorithm changes', () => {
    const a = labConfigOf({ ...DEFAULT_PARAMS, algos: ['promptwise', 'greedy'], traceAlgo: 'promptwise' });
    const b = { ...a, traceAlgo: 'greedy' };
    expect(runKey(a)).toBe(runKey(b));
    expect(traceKey(a)).not.toBe(traceKey(b));
  });
});
