import { describe, expect, it } from 'vitest';
import { z as plain } from 'zod';
import { parseWorldSpec } from './worlds/schema';

describe('zod, as the project uses it', () => {
  it('is jitless once any schema module is loaded: no `new Function` probe for a page’s CSP to refuse', () => {
    // The world schema's module reached zod through ./zod.ts; the setting is zod's own, global.
    expect(plain.config().jitless).toBe(true);
    // And schemas still check: a bad world is refused with its field named.
    expect(() => parseWorldSpec({ type: 'categorical' }, 'test')).toThrow(/arms|name|costs/);
  });
});
