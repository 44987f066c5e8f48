import { kernelsOn, PAGE_BYTES, type WasmMemory } from './instance';
import type { Kernels } from './kernels';

/**
 * The thread's one WebAssembly memory, with the one kernel instance on it, handed out in regions to WasmArenas.
 *
 * One instance per thread, not one per policy: a kernel export is a function of its instance, so with an instance
 * per arena every call site `kernels.symv(…)` saw a new function with each new policy (several per trial). V8
 * threw the optimised code away on each ("wrong call target"), recompiled it, and in the end called the kernels
 * through its generic JS-to-WebAssembly wrapper (4% of a HumanEval replay's CPU profile). With one instance the
 * sites stay monomorphic and the wrapper is inlined: the replay's CPU time fell by about a tenth
 * (docs/notes/benchmarks-history.md, "One WebAssembly instance per thread").
 *
 * Regions come in power-of-two sizes (16 bytes and up, 16-byte aligned, zero-filled when handed out), from a free
 * list of their size when one was given back, else from the top of the memory, which grows (at least doubling, so
 * O(log) times). Trials make the same structures at the same sizes, so a trial's regions are the last trial's,
 * given back when its policies were (WasmArena.release): the memory stays at about one trial's worth. When it
 * grows, every view on it is detached: `generation` changes, and the structures make their views again before
 * using them. Which regions a structure gets never changes what the kernels compute.
 */
export class WasmHeap {
  readonly kernels: Kernels;
  /** Bumped when the memory grows: views made under an earlier generation are detached. */
  generation = 0;
  private readonly memory: WasmMemory;
  private top = 0;
  /** Regions given back, by size class (log2 of their size). */
  private readonly free: number[][] = [];
  private used = 0;

  constructor() {
    const { memory, kernels } = kernelsOn(PAGE_BYTES);
    this.memory = memory;
    this.kernels = kernels;
  }

  get buffer(): ArrayBuffer {
    return this.memory.buffer;
  }

  /** Bytes in regions handed out and not given back. */
  get inUse(): number {
    return this.used;
  }

  /** Bytes the memory has taken from the system (it never shrinks). */
  get reserved(): number {
    return this.memory.buffer.byteLength;
  }

  /** A zero-filled region of at least `bytes` bytes: its byte offset, and its size class (for `give`). */
  take(bytes: number): { at: number; sizeClass: number } {
    if (!(bytes <= MAX_REGION)) throw new RangeError(`WebAssembly heap: a region of ${bytes} bytes is more than it can hold`);
    const sizeClass = Math.max(4, 32 - Math.clz32(bytes - 1)); // ⌈log2 bytes⌉, exactly
    const size = 2 ** sizeClass;
    this.used += size;
    const reused = this.free[sizeClass]?.pop();
    if (reused !== undefined) {
      new Uint8Array(this.memory.buffer, reused, size).fill(0);
      return { at: reused, sizeClass };
    }
    const at = this.top;
    const end = at + size;
    const have = this.memory.buffer.byteLength;
    if (end > have) {
      const pages = Math.max(Math.ceil((end - have) / PAGE_BYTES), have / PAGE_BYTES);
      this.memory.grow(pages);
      this.generation++;
    }
    this.top = end;
    return { at, sizeClass };
  }

  /** Gives back regions from `take` (none of them in use any more). */
  give(regions: readonly number[]): void {
    for (let i = 0; i < regions.length; i += 2) {
      const sizeClass = regions[i + 1];
      this.free[sizeClass] ??= [];
      this.free[sizeClass].push(regions[i]);
      this.used -= 2 ** sizeClass;
    }
  }
}

/** The largest region (2 GiB): a 32-bit memory holds at most 4 GiB. */
const MAX_REGION = 2 ** 31;

let heap: WasmHeap | null = null;

/** This thread's heap, made on first use. */
export function wasmHeap(): WasmHeap {
  heap ??= new WasmHeap();
  return heap;
}
