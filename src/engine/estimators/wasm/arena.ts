import { type WasmHeap, wasmHeap } from './heap';
import type { Kernels } from './kernels';

/** Arenas dropped without release() give their regions back when they are collected (a lab run that was cancelled). */
const reclaim = new FinalizationRegistry<{ heap: WasmHeap; regions: number[] }>((held) => held.heap.give(held.regions));

/**
 * What one policy's estimators hold in the thread's WebAssembly memory (every arm's matrices and stored contexts):
 * regions of the thread's WasmHeap, with the kernels that work on them, given back together when the policy is
 * done (`release`), or when the arena is collected if nobody released it.
 *
 * Allocation never frees a single region: one that grows moves to a new one and the old one stays the arena's
 * until its release (at most about as much again as the live data, for the life of one policy). When the memory
 * grows, every view on it is detached: `generation` changes, and the structures make their views again before
 * using them.
 */
export class WasmArena {
  readonly kernels: Kernels;
  private readonly heap: WasmHeap;
  /** The heap, and pairs (byte offset, size class) of the regions taken from it; null once released. */
  private held: { heap: WasmHeap; regions: number[] } | null;

  /** @param heap the thread's (a test may give a heap of its own, to watch its memory grow from the first page). */
  constructor(heap: WasmHeap = wasmHeap()) {
    this.heap = heap;
    this.kernels = heap.kernels;
    this.held = { heap, regions: [] };
    reclaim.register(this, this.held, this);
  }

  /** Bumped when the memory grows (any arena's allocation may grow it): views made under an earlier one are detached. */
  get generation(): number {
    return this.heap.generation;
  }

  get buffer(): ArrayBuffer {
    return this.heap.buffer;
  }

  /** A fresh region of `bytes` bytes (16-byte aligned, zero-filled), as a byte offset into `buffer`. */
  alloc(bytes: number): number {
    if (this.held === null) throw new Error('WasmArena: allocation after release');
    const { at, sizeClass } = this.heap.take(bytes);
    this.held.regions.push(at, sizeClass);
    return at;
  }

  /** Gives every region back to the heap: nothing made on this arena may be used afterwards. */
  release(): void {
    if (this.held === null) return;
    reclaim.unregister(this);
    this.heap.give(this.held.regions);
    this.held = null;
  }
}
