import { describe, expect, it } from 'vitest';
import { kernelsOn } from './instance';
import { KERNELS_WASM_BASE64 } from './kernels';

describe('kernelsOn', () => {
  it('hands out the kernels in a plain object of one shape, every kernel the module exports, not the exports object', () => {
    // Chromium gives each instance's exports object a map of its own, which sent every kernel call site
    // megamorphic and deoptimised the engine once per arena (instance.ts); a plain object literal has one map.
    const a = kernelsOn(1).kernels;
    const b = kernelsOn(1).kernels;
    expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
    expect(Object.isFrozen(a)).toBe(false); // the exports object is frozen: this is not it
    const exported = WebAssembly.Module.exports(new WebAssembly.Module(Buffer.from(KERNELS_WASM_BASE64, 'base64')))
      .filter((e) => e.kind === 'function')
      .map((e) => e.name);
    expect(Object.keys(a)).toEqual(exported);
    expect(Object.keys(b)).toEqual(Object.keys(a));
    // Each still runs on its own memory.
    expect(a.symv).not.toBe(b.symv);
  });
});
