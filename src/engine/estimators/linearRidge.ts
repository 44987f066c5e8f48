import { DesignInverse } from './designInverse';
import { dot } from './linalg';
import type { WasmArena } from './wasm/arena';

/**
 * One arm's ridge regression of a reward on the context, as LinUCB keeps it (Li, Chu, Langford, Schapire 2010,
 * Algorithm 1, "disjoint" model): A = ρI + Σ x xᵀ and b = Σ y x, so θ̂ = A⁻¹b. A⁻¹ is kept by Sherman–Morrison
 * (DesignInverse, O(d²) per observation), and one product A⁻¹x gives both the mean xᵀθ̂ = (A⁻¹x)ᵀb and the
 * variance factor xᵀA⁻¹x at a context. Linear Thompson sampling (Agrawal & Goyal 2013) keeps the same B and f.
 */
export class LinearRidgeArm {
  private readonly design: DesignInverse;
  private readonly b: Float64Array;
  private n = 0;

  constructor(
    readonly dim: number,
    ridge: number,
    arena?: WasmArena,
  ) {
    this.design = new DesignInverse(dim, 1 / ridge, arena);
    this.b = new Float64Array(dim);
  }

  get count(): number {
    return this.n;
  }

  add(x: Float64Array, y: number): void {
    this.design.add(x);
    for (let i = 0; i < this.dim; i++) this.b[i] += y * x[i];
    this.n++;
  }

  /** xᵀθ̂ and xᵀA⁻¹x at `x` (free of side effects beyond a scratch vector). */
  at(x: Float64Array): { mean: number; variance: number } {
    const ax = this.design.times(x);
    return { mean: dot(ax, this.b, this.dim), variance: Math.max(0, dot(ax, x, this.dim)) };
  }
}
