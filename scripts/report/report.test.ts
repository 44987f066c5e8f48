/**
 * The reproduction report's tables are generated, not typed: rebuild the fast ones (built-in worlds, the
 * RouteProfile one-hot run, the findings on categorical worlds) and require them to equal, string for
 * string, what docs/REPRODUCTION.md holds between its markers. `npm run report` regenerates the file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOCKS } from './blocks';
import { buildBlocks } from './build';
import { REPO_ROOT } from './data';
import { DOC_PATH, extractTables, renderDocument } from './document';

const committed = readFileSync(join(REPO_ROOT, DOC_PATH), 'utf8');
const tables = extractTables(committed);

describe('docs/REPRODUCTION.md', () => {
  it('holds exactly the tables the report script generates', () => {
    expect([...tables.keys()].sort()).toEqual(BLOCKS.map((b) => b.id).sort());
  });

  it('has the tables `npm run report` regenerates (the fast ones, rebuilt here)', { tags: ['slow'] }, () => {
    const rebuilt = buildBlocks((b) => b.checked);
    expect(rebuilt.size).toBeGreaterThan(10);
    for (const [id, out] of rebuilt) expect(tables.get(id), `table ${id}: run \`npm run report\``).toBe(out.table);
  });

  it('has the prose and layout the script writes around the tables', () => {
    // With the committed tables in place, the script's document must be the committed file: a hand edit
    // outside the markers, or a notes.ts change without a regeneration, shows up here.
    expect(renderDocument(tables)).toBe(committed);
  });
});
