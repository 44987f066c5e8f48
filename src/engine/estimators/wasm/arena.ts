import { type Kernels, kernelsOn, PAGE_BYTES, type WasmMemory } from './instance';

/**
 * One WebAssembly memory that a policy's estimators share (every arm's matrices and stored contexts), with the
 * kernels instantiated on it. A memory per matrix would be simpler, but browsers reserve gigabytes of address
 * space per WebAssembly memory and refuse new ones after a few hundred live ones: a run of every algorithm on a
 * dataset with many models hit that ("WebAssembly.Memory(): could not allocate memory"). With one arena per policy
 * a trial holds as many memories as it runs algorithms, and each goes with its policy.
 *
 * Allocation only bumps (a region that grows moves to a new one and the old one is left behind: at most about as
 * much again as the live data, for the life of one policy). When the memory grows, every view on it is
 * detached: `generation` changes, and the structures make their views again before using them.
 */
export class WasmArena {
  readonly kernels: Kernels;
  /** Bumped when the memory grows: views made under an earlier generation are detached. */
  generation = 0;
  private readonly memory: WasmMemory;
  private top = 0;

  constructor(initialBytes = PAGE_BYTES) {
    const { memory, kernels } = kernelsOn(initialBytes);
    this.memory = memory;
    this.kernels = kernels;
  }

  get buffer(): ArrayBuffer {
    return this.memory.buffer;
  }

  /** A fresh region of `bytes` bytes (16-byte aligned, zero-filled), as a byte offset into `buffer`. */
  alloc(bytes: number): number {
    const at = (this.top + 15) & ~15;
    const end = at + bytes;
    const size = this.memory.buffer.byteLength;
    if (end > size) {
      // At least double, so a policy's arena grows O(log) times.
      const pages = Math.max(Math.ceil((end - size) / PAGE_BYTES), size / PAGE_BYTES);
      this.memory.grow(pages);
      this.generation++;
    }
    this.top = end;
    return at;
  }
}
