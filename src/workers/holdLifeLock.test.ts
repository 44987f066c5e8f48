import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('.', import.meta.url);
const workers = readdirSync(dir).filter((f) => f.endsWith('.worker.ts'));

describe('every worker takes its life lock before any other module runs', () => {
  it('finds the workers', () => {
    expect(workers.sort()).toEqual(['embed.worker.ts', 'import.worker.ts', 'live.worker.ts', 'playground.worker.ts', 'sim.worker.ts']);
  });

  // ES modules run their imports first, in order: the lock taken after the imports came only once the whole
  // module graph had run, and a worker that ended meanwhile was never watched (the page waited forever).
  it.each(workers)('%s imports ./holdLifeLock first', (file) => {
    const source = readFileSync(new URL(file, dir), 'utf8');
    const firstImport = source.match(/^import\b[^;]*;/m)?.[0];
    expect(firstImport).toBe("import './holdLifeLock';");
    expect(source).not.toMatch(/^holdLifeLock\(\);/m);
  });
});
