import { dot, symMatVecUpper, symRankOneSubUpper } from './linalg';

/**
 * V⁻¹ for V = V₀ + Σ x xᵀ with V₀⁻¹ = v0·I, kept by Sherman–Morrison updates (O(d²) each). The authors' code
 * (promptwise-official) starts from V⁻¹ = 10⁻⁶·I and uses xᵀV⁻¹x itself as its bonus. Upper triangle only.
 */
export class DesignInverse {
  private readonly vinv: Float64Array;
  private readonly vx: Float64Array;

  constructor(
    readonly dim: number,
    initialInverse: number,
  ) {
    this.vinv = new Float64Array(dim * dim);
    for (let i = 0; i < dim; i++) this.vinv[i * dim + i] = initialInverse;
    this.vx = new Float64Array(dim);
  }

  /** xᵀV⁻¹x. */
  quad(x: Float64Array): number {
    symMatVecUpper(this.vinv, this.dim, x, this.vx, this.dim);
    return dot(x, this.vx, this.dim);
  }

  /** V ← V + x xᵀ. */
  add(x: Float64Array): void {
    const s = this.quad(x);
    symRankOneSubUpper(this.vinv, this.dim, 1 / (1 + s), this.vx, this.dim);
  }
}
