import { describe, expect, it } from 'vitest';
import { type CellOutcome, fileText, mergeShards, shardFile, shardName, sweepFile } from './merge';
import { cellArgv, cellAt, cellCount, parseShard, parseSweep, SweepError, shardCells, sweepHash } from './spec';

const SWEEP = JSON.stringify({
  worlds: ['t2i', 'sudoku'],
  axes: { lambda: [0.01, 0.1], tauMax: [1, 3, 5], algos: ['promptwise', 'greedy'] },
  fixed: { T: 100, trials: 2, seed: 4 },
});

const problem = (text: string) => {
  try {
    parseSweep(text);
  } catch (e) {
    expect(e).toBeInstanceOf(SweepError);
    return (e as Error).message;
  }
  throw new Error('no problem found');
};

describe('a sweep file', () => {
  it('is checked field by field, each problem naming its field', () => {
    expect(problem('{')).toMatch(/^not JSON/);
    expect(problem('{"axes": {}}')).toMatch(/^worlds: /);
    expect(problem('{"worlds": ["t2i"], "axes": {"lambda": [0.01, -1]}}')).toBe('axes.lambda[1]: must be a non-negative number (got -1)');
    expect(problem('{"worlds": ["t2i"], "axes": {"tauMax": [0]}}')).toMatch(/^axes\.tauMax\[0\]: must be an integer from 1/);
    expect(problem('{"worlds": ["t2i"], "axes": {"algos": ["promptwise", "nope"]}}')).toMatch(/^axes\.algos\[1\]: unknown algorithm "nope"/);
    expect(problem('{"worlds": ["t2i"], "axes": {"colour": [1]}}')).toMatch(/^axes\.colour: not an axis/);
    expect(problem('{"worlds": ["t2i"], "axes": {"lambda": [0.1, 0.1]}}')).toBe('axes.lambda: a value is listed twice');
    expect(problem('{"worlds": ["t2i"], "axes": {"seeds": [1]}, "fixed": {"seed": 2}}')).toBe('fixed.seed: also an axis');
    expect(problem('{"worlds": ["t2i"], "fixed": {"features": "pixels"}}')).toMatch(/^fixed\.features: must be task-onehot or hashed-ngrams/);
    expect(problem('{"worlds": ["t2i"], "fixed": {"trials": 0}}')).toMatch(/^fixed\.trials: must be an integer from 1/);
  });

  it('orders its cells world first, the last axis fastest, and shards them round-robin, each cell in one shard', () => {
    const spec = parseSweep(SWEEP);
    expect(cellCount(spec)).toBe(2 * 2 * 3 * 2);
    expect(cellAt(spec, 0)).toEqual({ index: 0, world: 't2i', settings: { T: 100, trials: 2, seed: 4, lambda: 0.01, tauMax: 1, algos: ['promptwise'] } });
    expect(cellAt(spec, 1).settings).toMatchObject({ lambda: 0.01, tauMax: 1, algos: ['greedy'] });
    expect(cellAt(spec, 2).settings).toMatchObject({ lambda: 0.01, tauMax: 3, algos: ['promptwise'] });
    expect(cellAt(spec, 12)).toMatchObject({ world: 'sudoku', settings: { lambda: 0.01, tauMax: 1 } });
    for (const of of [1, 3, 5, 24, 30]) {
      const seen = Array.from({ length: of }, (_, i) => shardCells(spec, i, of).map((c) => c.index)).flat();
      expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    }
    expect(cellArgv(cellAt(spec, 13), (w) => `/data/${w}`)).toEqual([
      '--world',
      '/data/sudoku',
      '--no-timing',
      '--algos',
      'greedy',
      '--T',
      '100',
      '--trials',
      '2',
      '--seed',
      '4',
      '--lambda',
      '0.01',
      '--tau-max',
      '1',
    ]);
  });

  it('has a hash of its content only', () => {
    expect(sweepHash(parseSweep(SWEEP))).toBe(sweepHash(parseSweep(`  ${SWEEP}\n`)));
    expect(sweepHash(parseSweep(SWEEP))).not.toBe(sweepHash(parseSweep(SWEEP.replace('"seed":4', '"seed":5'))));
  });

  it('reads i/N shards, 0 ≤ i < N', () => {
    expect(parseShard('2/5')).toEqual({ shard: 2, of: 5 });
    for (const bad of ['5/5', '-1/3', '1/0', 'a/b', '1']) expect(() => parseShard(bad)).toThrow(/^--shard: must be i\/N/);
  });
});

describe('merging shards', () => {
  const spec = parseSweep(SWEEP);
  const outcome = (index: number, u = index / 100): CellOutcome => ({
    ...cellAt(spec, index),
    results: {
      x: {
        utility: { mean: u, std: 0 },
        cost: { mean: 1, std: 0 },
        success: { mean: 1, std: 0 },
        regret: { mean: 0, std: 0 },
        regretUnlimited: { mean: 0, std: 0 },
      },
    },
  });
  const shards = (of: number, skip: number[] = []) =>
    new Map(
      Array.from({ length: of }, (_, i) => i)
        .filter((i) => !skip.includes(i))
        .map((i) => [
          shardName(i, of),
          fileText(
            shardFile(
              spec,
              i,
              of,
              shardCells(spec, i, of).map((c) => outcome(c.index)),
            ),
          ),
        ]),
    );
  const whole = fileText(
    sweepFile(
      spec,
      Array.from({ length: 24 }, (_, i) => outcome(i)),
    ),
  );

  it('gives the unsharded file byte for byte, for any number of shards', () => {
    for (const of of [1, 3, 5]) expect(fileText(mergeShards(shards(of)).file!)).toBe(whole);
  });

  it('refuses, one line each: a file that is not a shard, a shard of another sweep, a disagreeing duplicate, the missing shards', () => {
    const files = shards(3, [1]);
    files.set('broken.json', '{"type": "promptwise-sweep-shard", "vers');
    const other = parseSweep(SWEEP.replace('"seed":4', '"seed":5'));
    files.set('other.json', fileText(shardFile(other, 0, 1, [])));
    files.set('dup.json', fileText(shardFile(spec, 0, 3, [outcome(0, 0.5)])));
    const r = mergeShards(files);
    expect(r.file).toBeNull();
    expect(r.problems).toEqual([
      'broken.json: not a sweep shard (not JSON: cut short or corrupt)',
      `other.json: a shard of another sweep (${sweepHash(other)}; dup.json is of ${sweepHash(spec)})`,
      `cell 0 (t2i, ${JSON.stringify(cellAt(spec, 0).settings)}): dup.json and shard-0-of-3.json disagree`,
      'missing shard 1/3 (shard-1-of-3.json): cells 1, 4, 7, 10, 13, 16, 19, 22',
    ]);
  });

  it('refuses a shard of the engine whose draws depended on τ_max, saying why, beside this engine’s shards', () => {
    const files = shards(3);
    files.set('shard-1-of-3.json', files.get('shard-1-of-3.json')!.replace('"version": 2', '"version": 1'));
    const r = mergeShards(files);
    expect(r.file).toBeNull();
    expect(r.problems[0]).toBe(
      'shard-1-of-3.json: written by an earlier engine, whose draws at τ_max ≠ 5 differ from this one’s (docs/ENGINE.md, reading 6): run its sweep again',
    );
  });

  it('with partial, merges what is there and lists what is missing', () => {
    const r = mergeShards(shards(5, [2, 4]), true);
    expect(r.problems).toEqual([]);
    expect(r.file?.cells.map((c) => c.index)).toEqual(Array.from({ length: 24 }, (_, i) => i).filter((i) => i % 5 !== 2 && i % 5 !== 4));
    expect(r.missing).toEqual(['shard 2/5 (shard-2-of-5.json): cells 2, 7, 12, 17, 22', 'shard 4/5 (shard-4-of-5.json): cells 4, 9, 14, 19']);
  });
});
