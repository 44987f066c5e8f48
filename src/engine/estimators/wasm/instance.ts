import { KERNELS_WASM_BASE64, type Kernels } from './kernels';

/** The engine's WebAssembly kernels (kernels.wat), instantiated on a memory of the caller's (a WasmArena's). */

/** The part of the WebAssembly JS API this needs (browsers, workers and Node alike; the engine has no DOM types). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const { WebAssembly: wasm, atob: fromBase64 } = globalThis as unknown as { WebAssembly: WasmApi; atob: (s: string) => string };

export const PAGE_BYTES = 65536;

/**
 * A memory of at least `bytes` bytes and the kernels working on it. The engine makes one per thread (WasmHeap): each
 * instance's exports are functions of their own, and call sites that saw several of them lost their optimised code.
 */
export function kernelsOn(bytes: number): { memory: WasmMemory; kernels: Kernels } {
  const memory = new wasm.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE_BYTES)) });
  const { exports } = new wasm.Instance(kernelsModule(), { env: { memory } });
  return { memory, kernels: exports as unknown as Kernels };
}

let compiled: object | null = null;

/** Compiled on first use (about a kilobyte: synchronous compilation is allowed everywhere, main thread included). */
function kernelsModule(): object {
  if (compiled === null) {
    const bin = fromBase64(KERNELS_WASM_BASE64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    compiled = new wasm.Module(bytes);
  }
  return compiled;
}
