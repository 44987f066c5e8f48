/**
 * A trace job runs the traced algorithm alone on trial 0 (traceConfigOf). That is only right if it gives the trace
 * the whole run records for that algorithm: checked here with the engine, on worlds whose models or prompt types
 * change over time as well.
 */
import { describe, expect, it } from 'vitest';
import { labBuiltin } from '../../engine/lab/run';
import type { LabConfig } from '../../engine/lab/types';
import { DEFAULT_PARAMS } from '../urlCodec';
import { labConfigOf, runKey, traceConfigOf, traceKey, wantedJobs } from './config';

describe('traceConfigOf', () => {
  it.each(['t2i', 'sudoku-new-arms', 'sudoku-new-prompts'])('%s: the traced algorithm alone, trial 0, gives the run’s trace', (world) => {
    for (const traceAlgo of ['greedy', 'ca-pak-ucb-ts', 'oracle']) {
      const run = labConfigOf({ ...DEFAULT_PARAMS, world, algos: ['promptwise', 'greedy', 'ca-pak-ucb-ts', 'oracle'], traceAlgo, T: 300, trials: 3, seed: 7 });
      const alone = labBuiltin(traceConfigOf(run));
      expect(alone.trace).toEqual(labBuiltin(run).trace);
    }
  });

  it('the page’s run records no trace and computes the figures of a run that records one; its trace job gives that trace', () => {
    const p = { ...DEFAULT_PARAMS, world: 'sudoku-new-arms', algos: ['promptwise', 'greedy', 'oracle'], T: 300, trials: 3, seed: 7 };
    const [run, trace] = wantedJobs(p);
    const recorded = labBuiltin(labConfigOf(p));
    const alone = labBuiltin(run.config as LabConfig);
    expect(alone.trace).toEqual([]);
    // Every figure but the trace and the seconds each took.
    const figures = (r: typeof alone) => JSON.parse(JSON.stringify({ ...r, trace: [], config: null }, (k, v) => (k === 'seconds' ? undefined : v)));
    expect(figures(alone)).toEqual(figures(recorded));
    expect(recorded.trace).toHaveLength(p.T);
    expect(labBuiltin(trace.config as LabConfig).trace).toEqual(recorded.trace);
    expect(run.key).toBe(runKey(labConfigOf(p)));
  });

  it('keeps the run’s identity when only the traced algorithm changes', () => {
    const a = labConfigOf({ ...DEFAULT_PARAMS, algos: ['promptwise', 'greedy'], traceAlgo: 'promptwise' });
    const b = { ...a, traceAlgo: 'greedy' };
    expect(runKey(a)).toBe(runKey(b));
    expect(traceKey(a)).not.toBe(traceKey(b));
  });
});
