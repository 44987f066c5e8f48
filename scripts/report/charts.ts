/**
 * Plain SVG charts for the report (no DOM: strings built in Node, rasterised by ./png.ts). Two kinds: lines
 * over steps (learning curves) and labelled points in the cost/success plane (trade-offs, real data).
 */

export const CHART_WIDTH = 900;
export const CHART_HEIGHT = 420;

interface LineSeries {
  name: string;
  points: [number, number][];
}

interface LineChart {
  kind: 'lines';
  title: string;
  xLabel: string;
  yLabel: string;
  series: LineSeries[];
}

interface ScatterSeries {
  name: string;
  points: { x: number; y: number; label?: string }[];
  /** Join the points in order (a sweep); else markers only. */
  connect: boolean;
}

interface ScatterChart {
  kind: 'scatter';
  title: string;
  xLabel: string;
  yLabel: string;
  /** Costs spread over two orders of magnitude on most worlds: a log axis keeps the cheap end readable. */
  logX: boolean;
  series: ScatterSeries[];
}

export type Chart = LineChart | ScatterChart;

/** Tableau-like palette; colour i of a chart goes to its i-th series, so a chart's legend order is stable. */
const PALETTE = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#637939',
  '#8c6d31',
  '#843c39',
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** About five round ticks covering [lo, hi]. */
function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

function tickLabel(v: number): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e6 || a < 0.01) return v.toExponential(0);
  return String(Number(v.toPrecision(3)));
}

/** Log-axis ticks at 1, 2 and 5 × 10^k inside [10^lo, 10^hi] (lo, hi in decades). */
function logTicks(lo: number, hi: number): number[] {
  const ticks: number[] = [];
  for (let e = Math.floor(lo); e <= Math.ceil(hi); e++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (Math.log10(v) >= lo && Math.log10(v) <= hi) ticks.push(Number(v.toPrecision(6)));
    }
  }
  return ticks;
}

/** Margins: the legend lives on the right so curves never hide behind it. */
const M = { left: 64, right: 230, top: 36, bottom: 48 };

export function renderSvg(chart: Chart): string {
  const W = CHART_WIDTH;
  const H = CHART_HEIGHT;
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const allX: number[] = [];
  const allY: number[] = [];
  for (const s of chart.series) {
    for (const p of s.points) {
      const [x, y] = Array.isArray(p) ? p : [p.x, p.y];
      if (Number.isFinite(x) && Number.isFinite(y)) {
        allX.push(x);
        allY.push(y);
      }
    }
  }
  const logX = chart.kind === 'scatter' && chart.logX;
  const tx = (x: number) => (logX ? Math.log10(x) : x);
  let [x0, x1] = [Math.min(...allX.map(tx)), Math.max(...allX.map(tx))];
  let [y0, y1] = [Math.min(...allY), Math.max(...allY)];
  if (x1 === x0) [x0, x1] = [x0 - 1, x1 + 1];
  if (y1 === y0) [y0, y1] = [y0 - 0.05, y1 + 0.05];
  const padX = chart.kind === 'scatter' ? (x1 - x0) * 0.06 : 0;
  const padY = (y1 - y0) * 0.06;
  [x0, x1, y0, y1] = [x0 - padX, x1 + padX, y0 - padY, y1 + padY];
  const px = (x: number) => M.left + ((tx(x) - x0) / (x1 - x0)) * plotW;
  const py = (y: number) => M.top + (1 - (y - y0) / (y1 - y0)) * plotH;

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="${M.left}" y="22" font-size="15" font-weight="bold">${esc(chart.title)}</text>`);
  // Axes and grid.
  for (const v of niceTicks(y0, y1)) {
    const y = py(v);
    out.push(`<line x1="${M.left}" x2="${M.left + plotW}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${M.left - 6}" y="${(y + 4).toFixed(1)}" text-anchor="end" fill="#444">${tickLabel(v)}</text>`);
  }
  const xTicks = logX ? logTicks(x0, x1) : niceTicks(x0, x1, 6);
  for (const v of xTicks) {
    const x = px(v);
    out.push(`<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${M.top}" y2="${M.top + plotH}" stroke="#eee"/>`);
    out.push(`<text x="${x.toFixed(1)}" y="${M.top + plotH + 16}" text-anchor="middle" fill="#444">${tickLabel(v)}</text>`);
  }
  out.push(`<rect x="${M.left}" y="${M.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#888"/>`);
  out.push(`<text x="${M.left + plotW / 2}" y="${H - 10}" text-anchor="middle">${esc(chart.xLabel)}${logX ? ' (log scale)' : ''}</text>`);
  out.push(`<text transform="translate(16 ${M.top + plotH / 2}) rotate(-90)" text-anchor="middle">${esc(chart.yLabel)}</text>`);

  chart.series.forEach((s, i) => {
    const color = PALETTE[i % PALETTE.length];
    if (chart.kind === 'lines') {
      const pts = (s as LineSeries).points.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ');
      out.push(`<polyline points="${pts}" fill="none" stroke="${color}" stroke-width="1.8"/>`);
    } else {
      const ss = s as ScatterSeries;
      if (ss.connect && ss.points.length > 1) {
        const pts = ss.points.map((p) => `${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(' ');
        out.push(`<polyline points="${pts}" fill="none" stroke="${color}" stroke-width="1.5"/>`);
      }
      for (const p of ss.points) {
        out.push(`<circle cx="${px(p.x).toFixed(1)}" cy="${py(p.y).toFixed(1)}" r="4" fill="${color}"/>`);
        if (p.label) out.push(`<text x="${(px(p.x) + 6).toFixed(1)}" y="${(py(p.y) - 6).toFixed(1)}" font-size="10" fill="${color}">${esc(p.label)}</text>`);
      }
    }
    const ly = M.top + 8 + i * 18;
    out.push(`<rect x="${W - M.right + 14}" y="${ly - 8}" width="14" height="10" fill="${color}"/>`);
    out.push(`<text x="${W - M.right + 34}" y="${ly + 1}">${esc(s.name)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}
