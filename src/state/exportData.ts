/**
 * The exported results: CSV (one row per algorithm) and JSON (the LabResult summary with its parameters).
 * Built from the result itself, not from the controls, so the file describes the numbers it holds even while
 * a newer run is pending. Plain functions: no DOM (the download is src/ui/share).
 */
import { fmtCounted } from '../engine/lab/format';
import type { LabResult } from '../engine/lab/types';
import { costKindOf, costUnitNote, costUnitOf } from './stakeholder';

export const CSV_COLUMNS = [
  'algo',
  'utility_mean',
  'utility_std',
  'cost_mean',
  'cost_std',
  'success_mean',
  'success_std',
  'regret_mean',
  'regret_std',
] as const;

const METRICS = ['utility', 'cost', 'success', 'regret'] as const;

/**
 * A text cell: always quoted (RFC 4180), with a leading = + - @ (or tab, CR) neutralised by a ' so that a
 * spreadsheet reads text, never a formula (CSV injection: a dataset or model name is the user's text).
 */
function csvText(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** A cell: numbers as they are (full precision), text as `csvText`. */
export function csvField(value: string | number): string {
  if (typeof value === 'string') return csvText(value);
  return Number.isFinite(value) ? String(value) : Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
}

/**
 * A comment line: `# text`, unquoted, as pandas (`comment='#'`), R and the lab's own parser skip or read it; its line
 * breaks flattened. A spreadsheet splits it at its commas: a piece that would start with = + - @ (a formula) gets a
 * leading ' as every text cell does (csvText), so a name the user typed never becomes a formula.
 */
const csvComment = (text: string) => `# ${text.replace(/[\r\n]+/g, ' ').replace(/,(?=\s*[=+\-@\t])/g, ",'")}`;

export interface ExportMeta {
  /** The lab link that reproduces the result. */
  link?: string;
  /** ISO time of the export (left out when absent, so tests are deterministic). */
  exportedAt?: string;
}

/** The run's parameters as "key=value" pairs: the requested ones, plus α as resolved by the engine. */
function describeParams(result: LabResult): [string, string][] {
  const { config, summary } = result;
  const p = summary.params;
  const pick = (k: string, fallback: unknown): string => {
    const v = p[k] ?? fallback;
    return v === null || v === undefined ? 'auto' : String(v);
  };
  const alphaAsked = config.params.alpha;
  return [
    ['world', summary.world || config.world],
    ['T', pick('T', config.T)],
    ['trials', pick('trials', config.trials)],
    ['seed', pick('seed', config.seed)],
    ['lambda', pick('lambda', config.params.lambda)],
    ['tauMax', pick('tauMax', config.params.tauMax)],
    ['tauExp', pick('tauExp', config.params.tauExp)],
    ['alpha', alphaAsked === null || alphaAsked === undefined ? `auto (${pick('alpha', null)})` : String(alphaAsked)],
    ['traceAlgo', config.traceAlgo],
  ];
}

/**
 * Comment lines (`# …`) with the world, the parameters and the cost unit, then a header row and one row per algorithm,
 * numbers at full precision, every text cell quoted, in the order of the summary (the results table's), then one row
 * per model asked alone.
 */
export function buildCsv(result: LabResult, meta: ExportMeta = {}): string {
  const lines: string[] = [];
  lines.push(csvComment('PromptWise Lab results: per-prompt averages over T steps, mean and population std over trials; regret is cumulative at T'));
  lines.push(
    csvComment(
      describeParams(result)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    ),
  );
  lines.push(csvComment(`cost unit: ${costUnitOf(result.config)} per prompt. ${costUnitNote(costKindOf(result.config))}`));
  if (meta.link) lines.push(csvComment(`link=${meta.link}`));
  if (meta.exportedAt) lines.push(csvComment(`exported=${meta.exportedAt}`));
  lines.push(CSV_COLUMNS.map(csvField).join(','));
  for (const [algo, s] of Object.entries(result.summary.results)) {
    const cells: (string | number)[] = [algo];
    for (const m of METRICS) cells.push(s[m].mean, s[m].std);
    lines.push(cells.map(csvField).join(','));
  }
  // Each model asked alone (the stakeholder line's references), as `alone:<model>`; regret is not measured for them.
  for (const single of result.singleModels) {
    const cells = [csvField(`alone:${single.model}`)];
    for (const m of ['utility', 'cost', 'success'] as const) cells.push(csvField(single[m].mean), csvField(single[m].std));
    lines.push([...cells, '', ''].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The JSON export: what was asked, the engine's summary (its params include the resolved α), the world. */
export function buildJson(result: LabResult, meta: ExportMeta = {}): string {
  const doc = {
    generator: 'PromptWise Lab',
    ...(meta.exportedAt ? { exportedAt: meta.exportedAt } : {}),
    ...(meta.link ? { link: meta.link } : {}),
    config: result.config,
    world: result.world,
    costUnit: `${costUnitOf(result.config)} per prompt`,
    summary: result.summary,
    singleModels: result.singleModels,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/**
 * The caption every exported chart carries (issue 15, item 4), so a slide or a figure says what it shows:
 * "sudoku · λ = 0.01 · τ_max = 5 · 20 trials × 1,000 prompts · seed 0", then the link that reproduces it.
 */
export function chartCaption(result: LabResult, link: string): string[] {
  const { config, summary } = result;
  const p = summary.params;
  const trials = Number(p.trials ?? config.trials);
  const line = [
    summary.world || config.world,
    `λ = ${p.lambda ?? config.params.lambda}`,
    `τ_max = ${p.tauMax ?? config.params.tauMax}`,
    `${fmtCounted(trials, 'trial')} × ${fmtCounted(config.T, 'prompt')}`,
    `seed ${config.seed}`,
  ].join(' · ');
  return [line, link];
}

/** A file name stem such as "promptwise-lab_sudoku_lambda0.01_tau5_T1000_seed0". */
export function fileStem(result: LabResult): string {
  const { config } = result;
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-');
  const lambda = config.params.lambda ?? result.summary.params.lambda;
  const tau = config.params.tauMax ?? result.summary.params.tauMax;
  return safe(`promptwise-lab_${config.world}_lambda${lambda}_tau${tau}_T${config.T}_seed${config.seed}`);
}
