import { describe, expect, it } from 'vitest';
import { once } from './once';

describe('once', () => {
  it('builds on the first call, not before, and hands the same value back after', () => {
    let builds = 0;
    const get = once(() => ({ n: ++builds }));
    expect(builds).toBe(0);
    const first = get();
    expect(get()).toBe(first);
    expect(builds).toBe(1);
  });

  it('remembers a built undefined or null too (built once, not on every call)', () => {
    let builds = 0;
    const get = once(() => {
      builds++;
      return undefined;
    });
    get();
    get();
    expect(builds).toBe(1);
  });
});
