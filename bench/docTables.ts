/**
 * `npm run bench` writes its tables into docs/BENCHMARKS.md (issue 43, item 6): each bench calls
 * `recordForDocs(name)` first; what it prints from then on is also kept, and when the process ends without an error
 * it replaces the text between `<!-- bench:name -->` and `<!-- /bench:name -->` in the doc, under a line that says
 * where and when it was measured (machine, date, commit, load). BENCH_DOCS=0 leaves the doc alone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const DOC = `${root}docs/BENCHMARKS.md`;

function commit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root }).toString().trim();
  try {
    // The doc itself does not count: each bench of `npm run bench` writes it before the next one runs.
    const changed = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)docs/BENCHMARKS.md');
    return `${git('rev-parse', '--short', 'HEAD')}${changed ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown commit';
  }
}

export function recordForDocs(name: string): void {
  if (process.env.BENCH_DOCS === '0') return;
  const started = new Date();
  const lines: string[] = [];
  const print = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
    print(...args);
  };
  process.on('exit', (code) => {
    if (code !== 0 || process.exitCode) return;
    const doc = readFileSync(DOC, 'utf8');
    const open = `<!-- bench:${name} -->`;
    const close = `<!-- /bench:${name} -->`;
    const from = doc.indexOf(open);
    const to = doc.indexOf(close);
    if (from < 0 || to < from) {
      process.stderr.write(`docs/BENCHMARKS.md has no ${open} … ${close} section: not written\n`);
      return;
    }
    const when = `${started.toISOString().slice(0, 16).replace('T', ' ')}–${new Date().toISOString().slice(11, 16)} UTC`;
    const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    const header = `_Measured ${when} on ${machine}, ${commit()}; load average at the end ${load}. Written by \`npm run bench\`._`;
    // A bench's title line ("# lab benchmark — …") is a heading in a terminal, plain text under this section's own.
    const body = lines
      .map((l) => l.replace(/^# /, ''))
      .join('\n')
      .trim();
    writeFileSync(DOC, `${doc.slice(0, from + open.length)}\n${header}\n\n${body}\n${doc.slice(to)}`);
  });
}
