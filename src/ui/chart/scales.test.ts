import { describe, expect, it } from 'vitest';
import { capTop, logScale, niceScale, wantsLog } from './scales';

describe('scales', () => {
  it('niceScale has round ends and ticks inside', () => {
    const s = niceScale(0.23, 0.97);
    expect(s.domain[0]).toBeLessThanOrEqual(0.23);
    expect(s.domain[1]).toBeGreaterThanOrEqual(0.97);
    expect(s.ticks[0]).toBeGreaterThanOrEqual(s.domain[0]);
    expect(s.ticks[s.ticks.length - 1]).toBeLessThanOrEqual(s.domain[1]);
    expect(s.ticks).toContain(0.4);
    const flat = niceScale(5, 5);
    expect(flat.domain[0]).toBeLessThan(5);
    expect(flat.domain[1]).toBeGreaterThan(5);
    expect(niceScale(-0.2, 1.3, 5, [0, 1]).domain).toEqual([0, 1]);
    expect(niceScale(NaN, 3).domain).toEqual([0, 1]);
  });
  it('capTop stops ticks at the cap with a little headroom', () => {
    const s = capTop(niceScale(0.5, 1), 1);
    expect(s.domain[1]).toBeGreaterThan(1);
    expect(Math.max(...s.ticks)).toBe(1);
    const below = niceScale(0, 0.5);
    expect(capTop(below, 1)).toBe(below);
  });
  it('log scale and when to use it', () => {
    expect(wantsLog([1, 2, 4])).toBe(false);
    expect(wantsLog([0.6, 60])).toBe(true);
    expect(wantsLog([0, 60])).toBe(false);
    const s = logScale([0.001, 0.003, 0.01, 0.03, 0.1, 0.3]);
    expect(s.domain[0]).toBeLessThan(0.001);
    expect(s.domain[1]).toBeGreaterThan(0.3);
    expect(s.ticks).toEqual([0.001, 0.003, 0.01, 0.03, 0.1, 0.3]);
    expect(logScale([0.0001, 1]).ticks).toEqual([0.0001, 0.001, 0.01, 0.1, 1]);
    // Equal values (nothing in between to tick): one tick, not the same tick twice (recharts keys ticks by value).
    expect(logScale([0.0123, 0.0123]).ticks).toEqual([0.012]);
  });
});
