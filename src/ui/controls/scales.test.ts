import { describe, expect, it } from 'vitest';
import { NUMBER_PARAMS } from '../../engine/params';
import { DEFAULT_HASH_STATE, decodeHash, encodeHash, LAB_NUMBER_KEYS, LIMITS } from '../../state/urlCodec';
import { formatSmall, niceLogScale, onGrid } from './scales';

const lambda = niceLogScale(NUMBER_PARAMS.lambda.lab);

describe('λ slider scale', () => {
  it('spans the lab range 1e-4 … 1 with nice values', () => {
    expect(lambda.at(0)).toBe(0.0001);
    expect(lambda.at(lambda.steps)).toBe(1);
    expect(lambda.steps).toBe(40);
    const values = Array.from({ length: lambda.steps + 1 }, (_, i) => lambda.at(i));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    expect(values).toContain(0.01);
    expect(values).toContain(0.003);
    expect(values).toContain(0.0012);
  });

  it('maps every value back to its position, and odd values to the nearest', () => {
    for (let i = 0; i <= lambda.steps; i++) expect(lambda.index(lambda.at(i))).toBe(i);
    expect(lambda.at(lambda.index(0.0105))).toBe(0.01);
  });

  it('formats without exponents', () => {
    expect(formatSmall(0.0001)).toBe('0.0001');
    expect(formatSmall(0.00015)).toBe('0.00015');
    expect(formatSmall(0.01)).toBe('0.01');
    expect(formatSmall(1)).toBe('1');
  });
});

describe('the number controls emit only valid values (the page checks none of them again)', () => {
  /** Every value a control can emit: each slider position, or a typed field's bounds. */
  function emitted(key: (typeof LAB_NUMBER_KEYS)[number]): number[] {
    const lab = LIMITS[key];
    if (lab.input === 'log') {
      const scale = niceLogScale(lab);
      return Array.from({ length: scale.steps + 1 }, (_, i) => scale.at(i));
    }
    if (lab.input === 'field') return [lab.min, lab.max];
    const step = lab.step ?? 1;
    return Array.from({ length: Math.round((lab.max - lab.min) / step) + 1 }, (_, i) => onGrid(lab.min + i * step, step));
  }

  it.each(LAB_NUMBER_KEYS)('%s: every value its control emits is one the link writes and reads back unchanged', (key) => {
    const values = emitted(key);
    expect(values.length).toBeGreaterThan(1);
    const world = LIMITS[key].datasetOnly ? 'data:humaneval-paper' : DEFAULT_HASH_STATE.params.world;
    for (const v of values) {
      const params = { ...DEFAULT_HASH_STATE.params, world, [key]: v };
      const { state, notices } = decodeHash(encodeHash({ params, present: false, step: null }));
      expect(notices, `${key}=${v}`).toEqual([]);
      expect(state.params[key], `${key}=${v}`).toBe(v);
      expect(NUMBER_PARAMS[key].integer ? Number.isInteger(v) : true).toBe(true);
    }
  });
});
