import type { World } from '../types';
import { buildWorld } from './build';
import { builtinWorldNames, builtinWorldSpec, isBuiltinWorld } from './builtins';
import type { WorldIO } from './dataset';
import { show, WorldFormatError } from './errors';
import { parseWorldJson } from './json';

/** `--world NAME|PATH`: a built-in world by name, else a world file read through `io`. */
export function loadWorld(nameOrPath: string, io: WorldIO, opts: { d?: number } = {}): World {
  if (isBuiltinWorld(nameOrPath)) return buildWorld(builtinWorldSpec(nameOrPath), io, opts);
  let text: string;
  try {
    text = io.readText(nameOrPath);
  } catch {
    throw new WorldFormatError('world', `no built-in world or file named ${show(nameOrPath)} (built-ins: ${builtinWorldNames.join(', ')})`);
  }
  return buildWorld(parseWorldJson(text, nameOrPath), io, { ...opts, worldPath: nameOrPath });
}
