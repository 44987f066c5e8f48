import { describe, expect, it } from 'vitest';
import { acceptsNumber, NUMBER_PARAMS, type NumberParam } from '../engine/params';
import { checkOptions } from '../engine/simulate';
import { defaultParams } from '../engine/types';
import { parseCliArgs } from './args';

const all: NumberParam[] = Object.values(NUMBER_PARAMS);

describe('the parameter registry', () => {
  it('accepts finite values within the bounds, integers where asked, the bounds themselves unless exclusive', () => {
    const { tauExp, delta, seed, lambda } = NUMBER_PARAMS;
    expect([0, 3].map((v) => acceptsNumber(tauExp, v))).toEqual([true, true]);
    expect([-1, 1.5, Number.NaN].map((v) => acceptsNumber(tauExp, v))).toEqual([false, false, false]);
    expect([0, 0.5, 1].map((v) => acceptsNumber(delta, v))).toEqual([false, true, false]);
    expect([-7, Number.POSITIVE_INFINITY].map((v) => acceptsNumber(seed, v))).toEqual([true, false]);
    expect([0, 1e308, Number.POSITIVE_INFINITY].map((v) => acceptsNumber(lambda, v))).toEqual([true, true, false]);
  });

  it("keeps each default and the lab's range within what the engine accepts", () => {
    for (const p of all) {
      if (p.default !== null) expect(acceptsNumber(p, p.default), `${p.key} default`).toBe(true);
      if (p.lab) {
        expect(acceptsNumber(p, p.lab.min) && acceptsNumber(p, p.lab.max), `${p.key} lab range`).toBe(true);
        if (p.default !== null) expect(p.default >= p.lab.min && p.default <= p.lab.max, `${p.key} default in the lab's range`).toBe(true);
      }
    }
    // The engine's defaults are the registry's.
    for (const key of Object.keys(defaultParams) as (keyof typeof defaultParams)[]) expect(defaultParams[key]).toBe(NUMBER_PARAMS[key].default);
  });

  it('gives the CLI and the engine the same message for the same bad value', () => {
    const cases: [NumberParam, string][] = [
      [NUMBER_PARAMS.tauMax, '0'],
      [NUMBER_PARAMS.tauExp, '-1'],
      [NUMBER_PARAMS.delta, '1'],
      [NUMBER_PARAMS.lambda, '-0.5'],
      [NUMBER_PARAMS.T, '2.5'],
    ];
    for (const [p, raw] of cases) {
      expect(() => parseCliArgs([`--${p.cli}`, raw])).toThrow(`--${p.cli}: must be ${p.expect} (got "${raw}")`);
      const options = { algos: ['promptwise'], T: 10, trials: 1, seed: 0, params: {} as Record<string, number> };
      if (p.key === 'T') options.T = Number(raw);
      else options.params[p.key] = Number(raw);
      expect(() => checkOptions(options)).toThrow(`${p.key}: must be ${p.expect} (got ${Number(raw)})`);
    }
  });

  it("lists every number in the CLI's help, with its default", () => {
    let help = '';
    try {
      parseCliArgs(['--help']);
    } catch (e) {
      help = (e as Error).message;
    }
    for (const p of all) expect(help).toContain(`--${p.cli}`);
    expect(help).toMatch(/--tau-max\s+round budget τ_max: pulls per prompt at most; an integer from 1 to 1,000 \[1–16\] \(default 5\)/);
  });
});
