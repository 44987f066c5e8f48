import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildWorld } from './build';
import { parseWorldJson } from './json';

/** docs/WORLD-FORMAT.md's example worlds must stay valid: each ```json block is parsed and built. */
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const doc = readFileSync(`${repo}docs/WORLD-FORMAT.md`, 'utf8');
const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
const io = { readText: (p: string) => readFileSync(p, 'utf8'), resolve: (base: string, rel: string) => resolve(dirname(base), rel) };

describe('docs/WORLD-FORMAT.md', () => {
  it('has example worlds', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
  });

  // As if saved at the repository root, where ../shared sits beside the clone.
  it.each(examples)('example %#: parses and builds', (text) => {
    const spec = parseWorldJson(text, 'WORLD-FORMAT.md');
    const world = buildWorld(spec, io, { worldPath: `${repo}example.json` });
    expect(world.name).toBe(spec.name);
  });
});
