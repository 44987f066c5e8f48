import { describe, expect, it } from 'vitest';
import type { CellOutcome } from '../engine/sweep/merge';
import { cellGround, cellLink } from './sweepSurfaceStore';
import { decodeHash } from './urlCodec';

const cell = (world: string, settings: CellOutcome['settings']): CellOutcome => ({ index: 0, world, settings, results: {} });

describe("a sweep cell's link: its settings enter the lab as a link does", () => {
  it('runs the cell as swept: its numbers, its dataset choices, the algorithms asked for', () => {
    const settings = { lambda: 0.003, tauMax: 3, T: 200, trials: 4, seed: 7, features: 'hashed-ngrams', dim: 32, tasks: ['computer science', 'law'] };
    const link = cellLink(cell('../shared/data/mmlu-pro-tigerlab', settings), ['promptwise', 'greedy']);
    expect('hash' in link).toBe(true);
    const { state, notices } = decodeHash((link as { hash: string }).hash);
    expect(notices).toEqual([]);
    expect(state.params).toMatchObject({ ...settings, world: 'data:mmlu-pro-tigerlab', algos: ['promptwise', 'greedy'], alpha: null });
  });

  it('says why where the lab cannot run it: a world file, a value beyond a control, a setting it has no control for', () => {
    expect(cellLink(cell('worlds/mine.json', { lambda: 0.01 }), ['promptwise'])).toEqual({
      why: 'worlds/mine.json is not a world the lab serves: run this cell with npm run sim',
    });
    expect(cellLink(cell('t2i', { lambda: 5 }), ['promptwise'])).toEqual({
      why: 'the lab cannot run it as swept (lambda=5 is not valid (a number 0.0001–1); using 0.01): run this cell with npm run sim',
    });
    expect(cellLink(cell('t2i', { ridge: 0.1 }), ['promptwise'])).toEqual({
      why: 'the lab cannot run it as swept ("ridge" is not a lab parameter; it was ignored): run this cell with npm run sim',
    });
  });
});

describe("a sweep cell's ground: the world its numbers stand on and the unit of its costs", () => {
  it('names the world as the lab does, and the unit as the lab shows that world’s costs', () => {
    expect(cellGround(cell('sudoku', { lambda: 0.01 }))).toEqual({ world: 'sudoku', costUnit: '$/Mtok' });
    expect(cellGround(cell('logistic', {}))).toEqual({ world: 'logistic', costUnit: 'cost units' });
    // A served dataset: its set prices, or its recorded per-query cost in µ$ (the CLI's path, the lab's name).
    expect(cellGround(cell('../shared/data/mmlu-pro-tigerlab', {}))).toEqual({ world: 'data:mmlu-pro-tigerlab', costUnit: '$/Mtok' });
    expect(cellGround(cell('../shared/data/mmlu-pro-tigerlab', { costs: 'per-query' }))).toEqual({ world: 'data:mmlu-pro-tigerlab', costUnit: 'µ$' });
    // A world the lab does not serve: its own name, and a unit only where a dataset's costs setting says it.
    expect(cellGround(cell('worlds/mine.json', {}))).toEqual({ world: 'worlds/mine.json', costUnit: 'cost units' });
    expect(cellGround(cell('/data/mine.csv', { costs: 'per-query' }))).toEqual({ world: '/data/mine.csv', costUnit: 'µ$' });
  });
});
