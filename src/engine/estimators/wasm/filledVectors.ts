import type { WasmArena } from './arena';
import { ArenaVectors } from './arenaVectors';

/**
 * `count` vectors of `arena` with room for `room` entries each, the first `values.length` filled from `values` in
 * order (the rest 0): the estimators' per-point inputs as their kernels take them, for the tests and the bench that
 * call those kernels on vectors of their own.
 */
export function filledVectors(arena: WasmArena, count: number, room: number, values: readonly ArrayLike<number>[]): ArenaVectors {
  const vec = new ArenaVectors(arena, count);
  vec.reserve(room);
  const views = vec.views();
  for (const [i, x] of values.entries()) views[i].set(x);
  return vec;
}
