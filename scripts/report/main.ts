/**
 * `npm run report`: runs every table of docs/REPRODUCTION.md, writes the document and renders the charts to
 * docs/img/*.png. `--no-png` skips Chromium (tables only); `--only ID,ID` prints those tables and writes nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBlocks } from './build';
import { renderSvg } from './charts';
import { REPO_ROOT } from './data';
import { DOC_PATH, IMG_DIR, renderDocument } from './document';
import { renderPngs } from './png';

async function main(argv: string[]): Promise<void> {
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? new Set(argv[onlyAt + 1].split(',')) : null;
  const started = performance.now();
  const outputs = buildBlocks(
    (b) => !only || only.has(b.id),
    (id, seconds) => process.stderr.write(`${id}: ${seconds.toFixed(1)} s\n`),
  );
  if (only) {
    for (const [id, out] of outputs) process.stdout.write(`\n${id}\n${out.table}\n`);
    return;
  }
  writeFileSync(join(REPO_ROOT, DOC_PATH), renderDocument(new Map([...outputs].map(([id, out]) => [id, out.table]))));
  process.stderr.write(`wrote ${DOC_PATH} (tables: ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  if (!argv.includes('--no-png')) {
    mkdirSync(join(REPO_ROOT, IMG_DIR), { recursive: true });
    const charts = [...outputs].flatMap(([id, out]) => (out.chart ? [{ path: join(REPO_ROOT, IMG_DIR, `${id}.png`), svg: renderSvg(out.chart) }] : []));
    await renderPngs(charts);
    process.stderr.write(`rendered ${charts.length} charts into ${IMG_DIR}/\n`);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
