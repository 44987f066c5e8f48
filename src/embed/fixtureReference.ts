/**
 * What the shared tiny-random-bert fixture must embed to, from ../shared/models/README.md ("Reference values"):
 * the Node test (embed.node.test.ts) and the browser spec (e2e/embed.e2e.ts) hold their vectors to it.
 *
 * Only fp32 has digits to match: onnxruntime picks its int8 kernels by CPU features (AVX-only and AVX2
 * machines give q8 vectors up to ~0.01 apart), so q8 is held to the fp32 vector of the same text within the
 * quantization tolerance the README measured on both kinds of machine, never to one machine's q8 digits.
 */
import { cosine } from './types';

export const FIXTURE_MODEL = 'fixtures/tiny-random-bert';
export const FIXTURE_TEXTS = ['hello world', 'def add(a,b): return a+b'];
export const FIXTURE_DIMS = 32;

/** fp32 (onnx/model.onnx), mean pooling, normalised: the first five values of each row, and the rows' cosine. */
export const FP32_REFERENCE = {
  rows: [
    [0.040915, 0.011297, -0.124649, -0.145139, 0.117898],
    [0.121766, -0.088652, -0.103034, -0.007863, 0.225568],
  ],
  cosine: 0.4872,
} as const;

/** fp32 matches its reference digits to this on every machine seen (Node, Chromium WASM). */
export const FP32_TOLERANCE = 1e-5;

/**
 * q8 against fp32, the same text in the same batch. The cosine bound is the README's, measured on AVX-only and
 * AVX2 machines (an AVX-512 machine gives ≥ 0.99988). The README's per-component figure (0.0096) is not used:
 * that AVX-512 machine gives 0.0099 on the README's own two-text batch (q8 scales a batch's activations
 * together). For unit vectors the cosine bound implies one per component, |Δᵢ| ≤ ‖a − b‖ = √(2(1 − cos)).
 */
const MIN_COSINE = 0.9997;
export const Q8_TOLERANCE = { minCosine: MIN_COSINE, maxAbs: Math.sqrt(2 * (1 - MIN_COSINE)) } as const;

/**
 * How far apart the rows' cosines of two embeddings of the same texts can be when each row is within
 * `minCosine` of its counterpart: each row turns by at most θ = acos(minCosine), so the angle between two rows
 * changes by at most 2θ, and cos is 1-Lipschitz in the angle.
 */
export const Q8_PAIR_COSINE_GAP = 2 * Math.acos(Q8_TOLERANCE.minCosine);

/** The cosine and the largest per-component difference between a q8 vector and the fp32 vector of its text. */
export function quantizationGap(q8: ArrayLike<number>, fp32: ArrayLike<number>): { cosine: number; maxAbs: number } {
  if (q8.length !== fp32.length) throw new Error(`vectors of ${q8.length} and ${fp32.length} dimensions`);
  let maxAbs = 0;
  for (let i = 0; i < q8.length; i++) maxAbs = Math.max(maxAbs, Math.abs(q8[i] - fp32[i]));
  return { cosine: cosine(q8, fp32), maxAbs };
}

/** Largest |Δ| between a row's leading values and the reference's first five. */
export function referenceGap(row: ArrayLike<number>, reference: readonly number[]): number {
  return Math.max(...reference.map((value, j) => Math.abs(row[j] - value)));
}
