/**
 * `npm run bench` (import part): how fast a prompts file is imported — parsed, validated line by line and
 * written back as world-format JSONL — for the largest shared dataset, mmlu-pro-tigerlab (15 MB, 9,575
 * prompts × 12 models), with set prices and with its per-prompt costs. Also a CSV of the same data (written
 * here, in memory), through papaparse and the per-cell zod checks. Prints rows/s and MB/s (MB = 2^20 bytes), beside
 * a baseline measured in the same run, alternated with it: the same text through the parser alone (JSON.parse of
 * every line, or papaparse), so the import's own checks and writing show as a ratio that does not move with the
 * machine's speed or load.
 */

import { readFileSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import Papa from 'papaparse';
import { type CostChoice, importDataset, type SourceFile } from '../src/engine/import/importDataset';
import { recordForDocs } from './docTables';
import { sideBySide } from './sideBySide';

recordForDocs('import');

const PATH = '../shared/data/mmlu-pro-tigerlab/prompts.jsonl';
const REPEATS = 5;

/** `parseOnly` is the baseline: the same text through the parser alone; it returns the rows it read. */
function bench(label: string, prompts: SourceFile, costs: CostChoice, parseOnly: () => number): void {
  const timed = (f: () => number) => {
    const t0 = performance.now();
    const rows = f();
    return { seconds: (performance.now() - t0) / 1000, rows };
  };
  const {
    a: s,
    b: parse,
    lastA,
  } = sideBySide(
    REPEATS,
    () => timed(() => importDataset({ name: 'bench', prompts, costs }).rows),
    () => timed(parseOnly),
  );
  const rows = lastA.rows;
  const mb = prompts.bytes / 2 ** 20;
  console.log(
    `| ${label} | ${rows} | ${mb.toFixed(1)} | ${s.toFixed(3)} | ${Math.round(rows / s).toLocaleString('en-US')} | ${(mb / s).toFixed(1)} | ${parse.toFixed(3)} | ${(s / parse).toFixed(1)}× | ${loadavg()[0].toFixed(2)} |`,
  );
}

const text = readFileSync(PATH, 'utf8');
const jsonl: SourceFile = { name: 'prompts.jsonl', text, bytes: statSync(PATH).size };
const lines = text.split('\n').filter((l) => l.trim() !== '');
const first = JSON.parse(lines[0]) as { outcomes: Record<string, number> };
const models = Object.keys(first.outcomes);
const prices = Object.fromEntries(models.map((m) => [m, '1']));

// The same prompts as a CSV: id, text, task, one column per model.
const csvText = Papa.unparse({
  fields: ['id', 'text', 'task', ...models],
  data: lines.map((l) => {
    const r = JSON.parse(l) as { id: string; text: string; task: string; outcomes: Record<string, number> };
    return [r.id, r.text, r.task, ...models.map((m) => r.outcomes[m])];
  }),
});
const csv: SourceFile = { name: 'prompts.csv', text: csvText, bytes: Buffer.byteLength(csvText) };

console.log(`# import benchmark — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; median of ${REPEATS}`);
console.log('');
console.log('| case | rows | MB | import, median s | rows/s | MB/s | baseline: the parser alone, median s | import ÷ parser | load |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const parseLines = () => {
  let rows = 0;
  for (const l of text.split('\n')) if (l.trim() !== '') rows += JSON.parse(l) === null ? 0 : 1;
  return rows;
};
const parseCsv = () => Papa.parse<string[]>(csvText, { header: false, skipEmptyLines: 'greedy', delimitersToGuess: [',', '\t', ';', '|'] }).data.length;
bench('mmlu-pro-tigerlab prompts.jsonl, per-prompt costs cost_usd_est', jsonl, { mode: 'per_prompt', field: 'cost_usd_est' }, parseLines);
bench('mmlu-pro-tigerlab prompts.jsonl, set prices', jsonl, { mode: 'set', prices }, parseLines);
bench('the same prompts as CSV (id, text, task, 12 model columns), set prices', csv, { mode: 'set', prices }, parseCsv);
