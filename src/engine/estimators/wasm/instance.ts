import { KERNELS_WASM_BASE64 } from './kernels';

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

/** The kernels; addresses are byte offsets into the memory they were instantiated on. */
export interface Kernels {
  /** y = M·x, M symmetric n×n (upper triangle read), row stride s elements. */
  symv(m: number, s: number, x: number, y: number, n: number): void;
  /** M −= c·u·uᵀ on the upper triangle. */
  syr(m: number, s: number, c: number, u: number, n: number): void;
  /** syr(m, s, c, u, n) and then symv(m, s, x, y, n), in one pass over the upper triangle, bit for bit. */
  syrsymv(m: number, s: number, c: number, u: number, x: number, y: number, n: number): void;
  /** u_i = X_i·p over n contiguous rows of length d. */
  rowsdot(xs: number, n: number, d: number, p: number, u: number): void;
  /** g += Σ_i r_i·X_i over n contiguous rows of length d. */
  rowsaxpy(xs: number, n: number, d: number, r: number, g: number): void;
  /** u_i = ‖X_i − p‖² over n contiguous rows of length d, summed as the RBF kernel's JS loop sums it (bit for bit). */
  rowssqdist(xs: number, n: number, d: number, p: number, u: number): void;
  /**
   * One trial point α of a logistic line search over n points (n rounded up to even; the entry past an odd n must
   * be zero in u, c and s): σ(z_j + α·u_j) into sig, σ' into slope, Σ (c_jσ_j − s_j)u_j and Σ c_jσ'_j u_j² into
   * out[0], out[1].
   */
  logisticline(n: number, alpha: number, z: number, u: number, c: number, s: number, sig: number, slope: number, out: number): void;
  /**
   * Commits the line search at the α logisticline last evaluated (its sig and slope): z_j += α·u_j,
   * res_j = c_jσ_j − s_j, w_j = c_jσ'_j for n points (rounded up to even), the JS loop's operations bit for bit.
   */
  logisticcommit(n: number, alpha: number, z: number, u: number, c: number, s: number, sig: number, slope: number, res: number, w: number): void;
  /**
   * The j < n whose score |w_j − ŵ_j|·lev_j exceeds minScore, the `budget` highest in descending order (ties in
   * index order): their scores (f64) at topScore, their j (i32) at topIdx. Returns how many.
   */
  driftselect(n: number, w: number, wh: number, lev: number, minScore: number, budget: number, topIdx: number, topScore: number): number;
  /** KernelLogisticArm's Newton step, part 1: tmp_j = grad_j / ŵ_j for j < n. */
  klrprecond(n: number, grad: number, wh: number, tmp: number): void;
  /**
   * Part 2, after step = M⁻¹·tmp: step_j ← −step_j, kstep_j ← −tmp_j − diag_j·step_j, and Σ grad·kstep, Σ step·f,
   * Σ step·kstep into out[0], out[1], out[2], each summed as linalg's dotAt sums.
   */
  klrstep(n: number, step: number, tmp: number, diag: number, kstep: number, grad: number, f: number, out: number): void;
  /** Part 3, the accepted step t: a_j += t·step_j, f_j += t·kstep_j. */
  klradvance(n: number, t: number, a: number, step: number, f: number, kstep: number): void;
  /** grad_j = μ·a_j + (c_jσ_j − s_j); returns Σ grad_j² summed in j order. */
  klrgradient(n: number, mu: number, c: number, sig: number, s: number, a: number, grad: number): number;
}

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
