/**
 * The O(m) loops of KernelLogisticArm's Newton step as the JS loops it ran before the WebAssembly kernels
 * `klrprecond`, `klrstep`, `klradvance` and `klrgradient`: the bench's baseline for them, and the unit tests'
 * reference (the kernels must give the same bits).
 */
import { dot } from '../../linalg';

/** tmp = Ŵ⁻¹G. */
export function precondJs(m: number, grad: Float64Array, wHat: Float64Array, tmp: Float64Array): void {
  for (let j = 0; j < m; j++) tmp[j] = grad[j] / wHat[j];
}

/** After step = M⁻¹·tmp: step ← −step, kstep = −tmp − D·step; returns [Gᵀ(KΔ), ΔᵀKa, ΔᵀKΔ]. */
export function stepJs(
  m: number,
  step: Float64Array,
  tmp: Float64Array,
  diag: Float64Array,
  kstep: Float64Array,
  grad: Float64Array,
  f: Float64Array,
): [number, number, number] {
  for (let j = 0; j < m; j++) {
    step[j] = -step[j];
    kstep[j] = -tmp[j] - diag[j] * step[j];
  }
  return [dot(grad, kstep, m), dot(step, f, m), dot(step, kstep, m)];
}

/** a += t·step, f += t·kstep. */
export function advanceJs(m: number, t: number, a: Float64Array, step: Float64Array, f: Float64Array, kstep: Float64Array): void {
  for (let j = 0; j < m; j++) {
    a[j] += t * step[j];
    f[j] += t * kstep[j];
  }
}

/** G = μa + (c·σ − s) into grad; returns Σ G². */
export function gradientJs(m: number, mu: number, counts: Float64Array, sig: Float64Array, sums: Float64Array, a: Float64Array, grad: Float64Array): number {
  let s = 0;
  for (let j = 0; j < m; j++) {
    const r = counts[j] * sig[j] - sums[j];
    const g = mu * a[j] + r;
    grad[j] = g;
    s += g * g;
  }
  return s;
}
