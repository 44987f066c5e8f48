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
import { FINDING_NOTES, PRESET_NOTES, REAL_DATASETS } from './notes';

/** Figures the hand-written prose quotes to three decimals, at least 0.1 (smaller ones are mostly differences). */
function quotedFigures(text: string): number[] {
  return [...text.matchAll(/(?<![\w.])\d+\.\d{3}(?!\d)/g)].map((m) => Number(m[0])).filter((v) => v >= 0.1);
}

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

  it('quotes in its prose only figures its tables hold: each written to three decimals stands in a table, within its rounding', () => {
    // notes.ts is written after looking at the numbers; when the engine changes them, the tables are regenerated
    // and the prose must be read again. A figure the tables no longer hold is prose that was not.
    const held = [...tables.values()].flatMap((t) => [...t.matchAll(/\d+\.\d+/g)].map((m) => Number(m[0])));
    const prose = [...Object.values(PRESET_NOTES), ...Object.values(FINDING_NOTES), ...Object.values(REAL_DATASETS).map((d) => d.note)];
    const quoted = prose.flatMap(quotedFigures);
    expect(quoted.length).toBeGreaterThan(50);
    const stray = quoted.filter((q) => !held.some((v) => Math.abs(v - q) <= 0.0005 + 1e-9));
    expect(stray, 'figures notes.ts quotes that no table holds: read its prose again against the regenerated tables').toEqual([]);
  });

  it('has the prose and layout the script writes around the tables', () => {
    // With the committed tables in place, the script's document must be the committed file: a hand edit
    // outside the markers, or a notes.ts change without a regeneration, shows up here.
    expect(renderDocument(tables)).toBe(committed);
  });
});
