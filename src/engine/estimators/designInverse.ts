import { dot } from './linalg';
import { SymmetricMatrix } from './symmetricMatrix';
import { WasmArena } from './wasm/arena';

/**
 * V⁻¹ for V = V₀ + Σ x xᵀ with V₀⁻¹ = v0·I, kept by Sherman–Morrison updates (O(d²) each). The authors' code
 * (promptwise-official) starts from V⁻¹ = 10⁻⁶·I and uses xᵀV⁻¹x itself as its bonus. Upper triangle only.
 */
export class DesignInverse {
  private readonly vinv: SymmetricMatrix;
  private readonly vx: Float64Array;

  constructor(
    readonly dim: number,
    initialInverse: number,
    arena: WasmArena = new WasmArena(),
  ) {
    this.vinv = new SymmetricMatrix(dim, arena);
    this.vinv.setScaledIdentity(initialInverse);
    this.vx = new Float64Array(dim);
  }

  /** xᵀV⁻¹x. */
  quad(x: Float64Array): number {
    return dot(x, this.times(x), this.dim);
  }

  /** V⁻¹x, in a scratch vector that the next call overwrites. */
  times(x: Float64Array): Float64Array {
    this.vinv.times(x, this.vx);
    return this.vx;
  }

  /** V ← V + x xᵀ. */
  add(x: Float64Array): void {
    const s = this.quad(x);
    this.vinv.rankOneSub(1 / (1 + s), this.vx);
  }
}
