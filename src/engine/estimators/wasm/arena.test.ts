import { describe, expect, it } from 'vitest';
import { WasmArena } from './arena';
import { WasmHeap, wasmHeap } from './heap';

describe('WasmArena on the thread’s one WebAssembly heap', () => {
  it('calls one kernel instance from every arena, on one memory', () => {
    // With an instance per arena each call site saw a new function with every policy and V8 threw its optimised
    // code away (heap.ts).
    const a = new WasmArena();
    const b = new WasmArena();
    expect(a.kernels).toBe(b.kernels);
    expect(a.kernels).toBe(wasmHeap().kernels); // the thread's
    expect(a.buffer).toBe(b.buffer);
    // a's kernel on b's region: y = M·x with M = 2·I (1×1, upper triangle) and x = 3.
    const at = b.alloc(3 * 8);
    new Float64Array(b.buffer, at, 3).set([2, 3, 0]);
    a.kernels.symv(at, 1, at + 8, at + 16, 1);
    expect(new Float64Array(b.buffer, at, 3)[2]).toBe(6);
    a.release();
    b.release();
  });

  it('hands out aligned, zero-filled regions, and the next arena gets back a released one’s, zeroed', () => {
    const first = new WasmArena();
    const at = first.alloc(100);
    expect(at % 16).toBe(0);
    const view = new Uint8Array(first.buffer, at, 100);
    expect(view.every((b) => b === 0)).toBe(true);
    view.fill(7);
    first.release();
    const next = new WasmArena();
    const again = next.alloc(100);
    expect(again).toBe(at);
    expect(new Uint8Array(next.buffer, again, 100).every((b) => b === 0)).toBe(true);
    next.release();
  });

  it('keeps the memory at one trial’s worth when each trial’s arenas are released', () => {
    const heap = new WasmHeap();
    const trial = () => {
      const arenas = [new WasmArena(heap), new WasmArena(heap)];
      for (const a of arenas) for (let k = 0; k < 20; k++) a.alloc(8 * 64 * (k + 1));
      for (const a of arenas) a.release();
    };
    trial();
    const after = heap.reserved;
    expect(after).toBeGreaterThan(65536); // it did grow past its first page
    for (let i = 0; i < 10; i++) trial();
    expect(heap.reserved).toBe(after);
    expect(heap.inUse).toBe(0);
  });

  it('bumps the generation when the memory grows, which detaches earlier views', () => {
    const a = new WasmArena(new WasmHeap()); // one page
    const before = a.generation;
    const view = new Float64Array(a.buffer, a.alloc(8), 1);
    a.alloc(100_000);
    expect(a.generation).toBeGreaterThan(before);
    expect(view.length).toBe(0); // detached
    a.release();
  });

  it('refuses to allocate after release', () => {
    const a = new WasmArena();
    a.release();
    expect(() => a.alloc(8)).toThrow(/after release/);
    a.release(); // twice is harmless
  });
});
