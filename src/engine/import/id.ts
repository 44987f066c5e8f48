import type { ImportedDataset } from './importDataset';

/**
 * A stable, URL-safe id for an import: the slug of its name and a hash of what the engine reads (prompts,
 * models, costs). Importing the same data under the same name again gives the same id, so it replaces the
 * stored copy rather than piling up duplicates; a world link `import:<id>` keeps pointing at the same data.
 */
export function importId(d: Pick<ImportedDataset, 'name' | 'models' | 'costs' | 'promptsJsonl'>): string {
  const slug =
    d.name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'dataset';
  return `${slug}-${contentHash(`${JSON.stringify(d.models)}\n${JSON.stringify(d.costs)}\n${d.promptsJsonl}`)}`;
}

/** A short, URL-safe key of a text: equal texts, equal keys (two FNV-1a bases, ~64 bits). */
export const contentHash = (text: string): string => `${fnv1a(text, 0x811c9dc5).toString(36)}${fnv1a(text, 0x01000193).toString(36)}`;

/** 32-bit FNV-1a over UTF-16 code units, from a given offset basis (two bases give a 64-bit-ish key). */
function fnv1a(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
