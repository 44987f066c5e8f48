import type { Stat } from '../engine/metrics';
import { HIDDEN_CHARACTERS } from '../engine/names';
import type { SimResult } from '../engine/simulate';
import type { SingleModelSummary } from '../engine/singleModels';

const pm = (s: Stat, digits: number) => `${s.mean.toFixed(digits)} ± ${s.std.toFixed(digits)}`;

/**
 * A name from the user's files as the terminal should show it (issue 42, item 7): control characters (a newline
 * that would forge a table row, an ANSI escape that would clear the screen), zero-width and bidirectional controls
 * written as \u{…} escapes, never sent raw.
 */
export function printable(name: string): string {
  return name.replace(HIDDEN, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

const HIDDEN = new RegExp(HIDDEN_CHARACTERS.source, 'g');

/** The results as a fixed-width text table, one row per algorithm, best utility first. */
export function formatTable(result: SimResult): string {
  const header = ['algorithm', 'utility', 'cost', 'success', 'regret', 'seconds'];
  const rows = Object.entries(result.results)
    .sort(([, a], [, b]) => b.utility.mean - a.utility.mean)
    .map(([id, r]) => [id, pm(r.utility, 4), pm(r.cost, 3), pm(r.success, 4), pm(r.regret, 2), r.seconds.toFixed(2)]);
  const p = result.params;
  const title = `world ${printable(result.world)}: T=${p.T}, trials=${p.trials}, seed=${p.seed}, λ=${p.lambda}, τ_max=${p.tauMax}, τ_exp=${p.tauExp}, α=${Number(p.alpha).toFixed(3)}`;
  const note = [
    `regret: Σ_t (u*_DP(x_t) − u_t), against the finite-budget DP oracle's expected utility at τ_max=${p.tauMax}; the oracle's own is its realised`,
    `utility against its expected one, noise around 0, not 0. The JSON also has regretUnlimited, against the paper's unlimited-budget u* (Proposition 1).`,
  ];
  return [title, ...columns(header, rows), ...note].join('\n');
}

/** Each model alone (--single-models), in the world's order. */
export function formatSingleModels(singles: readonly SingleModelSummary[]): string {
  const header = ['model alone', 'utility', 'cost', 'success'];
  const rows = singles.map((m) => [printable(m.model), pm(m.utility, 4), pm(m.cost, 3), pm(m.success, 4)]);
  return ['each model alone (one query per prompt, same draws):', ...columns(header, rows)].join('\n');
}

/** A header, a rule and the rows, the first column left-aligned and the others right-aligned. */
function columns(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}
