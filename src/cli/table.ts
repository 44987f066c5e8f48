import type { Stat } from '../engine/metrics';
import type { SimResult } from '../engine/simulate';

const pm = (s: Stat, digits: number) => `${s.mean.toFixed(digits)} ± ${s.std.toFixed(digits)}`;

/** The results as a fixed-width text table, one row per algorithm, best utility first. */
export function formatTable(result: SimResult): string {
  const header = ['algorithm', 'utility', 'cost', 'success', 'regret', 'seconds'];
  const rows = Object.entries(result.results)
    .sort(([, a], [, b]) => b.utility.mean - a.utility.mean)
    .map(([id, r]) => [id, pm(r.utility, 4), pm(r.cost, 3), pm(r.success, 4), pm(r.regret, 2), r.seconds.toFixed(2)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const p = result.params;
  const title = `world ${result.world}: T=${p.T}, trials=${p.trials}, seed=${p.seed}, λ=${p.lambda}, τ_max=${p.tauMax}, τ_exp=${p.tauExp}, α=${Number(p.alpha).toFixed(3)}`;
  return [title, line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
