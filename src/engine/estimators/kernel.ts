/**
 * A positive-definite kernel on contexts. An RBF kernel also carries its `rbfScale` = −1/(2σ²), so that a Gram
 * column can be computed as exp(rbfScale·‖x_j − x‖²) from squared distances taken in WebAssembly (KernelGram).
 */
export type Kernel = ((a: Float64Array, b: Float64Array) => number) & { readonly rbfScale?: number };

/** The smallest RBF width σ for which 1/(2σ²) is finite (σ > √(1 / (2·Number.MAX_VALUE)) ≈ 5.3e-155), rounded up. */
export const MIN_RBF_SIGMA = 1e-154;

/**
 * Whether σ can be an RBF width: positive, and not so small that 1/(2σ²) overflows (then k(x, x) = exp(−∞·0) is
 * NaN and the kernel learners' Gram matrices stop being positive definite).
 */
export function isRbfWidth(sigma: number): boolean {
  return sigma > 0 && Number.isFinite(1 / (2 * sigma * sigma));
}

/** Gaussian (RBF) kernel k(a, b) = exp(−‖a − b‖² / (2σ²)), the kernel of PAK-UCB and PromptWise-KLR. */
export function rbf(sigma: number): Kernel {
  if (!isRbfWidth(sigma)) throw new Error(`rbf: sigma must be ≥ ${MIN_RBF_SIGMA}, got ${sigma}`);
  const scale = -1 / (2 * sigma * sigma);
  const kernel = (a: Float64Array, b: Float64Array) => {
    // ‖a − b‖² summed directly (not ‖a‖² + ‖b‖² − 2aᵀb) so identical points give exactly 1.
    let s0 = 0;
    let s1 = 0;
    const n = a.length;
    let k = 0;
    for (; k + 1 < n; k += 2) {
      const d0 = a[k] - b[k];
      const d1 = a[k + 1] - b[k + 1];
      s0 += d0 * d0;
      s1 += d1 * d1;
    }
    if (k < n) {
      const d0 = a[k] - b[k];
      s0 += d0 * d0;
    }
    return Math.exp(scale * (s0 + s1));
  };
  return Object.assign(kernel, { rbfScale: scale });
}
