import { createRng, deriveSeed } from '../rng';
import type { World } from '../types';
import { builtinWorld, builtinWorldNames, builtinWorldSpec } from '../worlds/builtins';
import { CostStats, labWorldInfo } from './trace';
import type { LabWorldInfo } from './types';

/** A built-in world as the controls show it before any run. */
export interface CatalogWorld extends LabWorldInfo {
  description: string;
  /** Context dimension d. */
  dim: number;
}

/** Prompts drawn to estimate per-prompt costs (exact for worlds with fixed costs, as every built-in has). */
const COST_SAMPLE = 256;

/** A world's arms, costs and categories without running it: costs from a fixed sample of its prompts. */
function describeWorld(world: World): LabWorldInfo {
  const rng = createRng(deriveSeed(0, 'catalog', world.name));
  const costs = new CostStats(world.arms.length);
  for (let t = 0; t < COST_SAMPLE; t++) costs.add(world.draw(t, rng));
  return labWorldInfo(world, costs);
}

/** Every built-in world, in catalog order. */
export function builtinWorldCatalog(): CatalogWorld[] {
  return builtinWorldNames.map((name) => {
    const world = builtinWorld(name);
    return { ...describeWorld(world), description: builtinWorldSpec(name).description ?? '', dim: world.dim };
  });
}
