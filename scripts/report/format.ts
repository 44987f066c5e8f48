/** Markdown tables with the CLI's number formats (src/cli/table.ts), so a row reads as `npm run sim` prints it. */
import type { Stat } from '../../src/engine/metrics';
import type { AlgoSummary } from '../../src/engine/simulate';

/** `toFixed` without "-0.000": a mean that rounds to zero is printed as zero. */
export function fixed(x: number, digits: number): string {
  const s = x.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

export const pm = (s: Stat, digits: number) => `${fixed(s.mean, digits)} ± ${fixed(s.std, digits)}`;

export function markdownTable(header: string[], rows: string[][], align?: ('l' | 'r')[]): string {
  const sep = header.map((_, i) => ((align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'r' ? '---:' : '---'));
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(sep), ...rows.map(line)].join('\n');
}

/** The four metrics of a summary in the CLI's formats: utility, cost, success, regret. */
export function summaryCells(r: AlgoSummary): string[] {
  return [pm(r.utility, 4), pm(r.cost, 3), pm(r.success, 4), pm(r.regret, 2)];
}

/** Algorithms of a results record, best mean utility first (the CLI's order); ties keep the run's order. */
export function byUtility(results: Record<string, AlgoSummary>): string[] {
  return Object.keys(results).sort((a, b) => results[b].utility.mean - results[a].utility.mean);
}
