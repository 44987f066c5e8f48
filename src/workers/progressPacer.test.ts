import { describe, expect, it } from 'vitest';
import { progressPacer } from './progressPacer';

describe('progressPacer', () => {
  it('lets the first message through, then one per interval, and fresh ones at once', () => {
    let t = 1000;
    const due = progressPacer(100, () => t);
    const passed: number[] = [];
    // A message every 30 ms for a second; the one at 420 ms is fresh.
    for (let ms = 0; ms < 1000; ms += 30) {
      t = 1000 + ms;
      if (due(ms === 420)) passed.push(ms);
    }
    expect(passed).toEqual([0, 120, 240, 360, 420, 540, 660, 780, 900]);
  });

  it('counts the interval from the last message let through, fresh ones included', () => {
    let t = 0;
    const due = progressPacer(50, () => t);
    expect(due()).toBe(true);
    t = 40;
    expect(due(true)).toBe(true);
    t = 80; // 40 ms after the fresh one
    expect(due()).toBe(false);
    t = 90;
    expect(due()).toBe(true);
  });
});
