import { memo, useId, useRef } from 'react';
import { sameGround } from '../../engine/lab/datasetChoice';
import { fmtPct, fmtShort, fmtTick } from '../../engine/lab/format';
import type { LabConfig, LabResult } from '../../engine/lab/types';
import { logScale, type NiceScale, niceScale } from '../chart/scales';
import { algoColor, algoDrawOrder } from '../palette';
import './views.css';

/** One algorithm's place: mean cost and success per prompt over the trials shown. */
interface Landing {
  algo: string;
  cost: number;
  success: number;
}

const W = 380;
const H = 236;
const PAD = { left: 44, right: 14, top: 10, bottom: 34 };

function landings(result: LabResult): Landing[] {
  return result.config.algos
    .flatMap((algo) => {
      const s = result.summary.results[algo];
      return s && Number.isFinite(s.cost.mean) && Number.isFinite(s.success.mean) ? [{ algo, cost: s.cost.mean, success: s.success.mean }] : [];
    })
    .sort((a, b) => algoDrawOrder(a.algo) - algoDrawOrder(b.algo));
}

/** Label rows at least this far apart (the labels' font is 10 px). */
const LABEL_GAP = 11;

/**
 * Where each point's label goes: beside its point, on the side with room (an estimate of 5.6 px a character), and
 * moved down where it would sit on the label above it.
 */
function placeLabels(points: { algo: string; x: number; y: number; text: string }[]): Map<string, { x: number; y: number; anchor: 'start' | 'end' }> {
  const out = new Map<string, { x: number; y: number; anchor: 'start' | 'end' }>();
  let last = Number.NEGATIVE_INFINITY;
  for (const p of [...points].sort((a, b) => a.y - b.y)) {
    const right = p.x + 7 + p.text.length * 5.6 <= W - 2;
    const y = Math.max(p.y - 6, last + LABEL_GAP);
    last = y;
    out.set(p.algo, { x: right ? p.x + 7 : p.x - 7, y: Math.min(y, H - PAD.bottom - 2), anchor: right ? 'start' : 'end' });
  }
  return out;
}

/** A run's identity for "before": what its parameters were, whatever its trials so far. */
const runOf = (r: LabResult) => JSON.stringify({ ...r.config, trials: 0, traceAlgo: '' });

/**
 * The run before the one shown (issue 41, item 3): when the figures shown change to another run on the same ground (a
 * slider moved; engine/lab/datasetChoice.ts sameGround), the last figures of the one before are kept, to be drawn
 * faint beside the new ones. Another world's points, on this world's cost axis, would draw a move no parameter made.
 */
function useBefore(result: LabResult | null): Landing[] {
  const memory = useRef<{ key: string; config: LabConfig | null; now: Landing[]; before: Landing[] }>({ key: '', config: null, now: [], before: [] });
  if (result) {
    const key = runOf(result);
    const m = memory.current;
    const now = landings(result);
    const before = m.config && sameGround(m.config, result.config) ? m.now : [];
    memory.current = key === m.key ? { ...m, now } : { key, config: result.config, now, before };
  }
  return memory.current.before;
}

/**
 * The picture beside the sliders (issue 41, item 3): where each algorithm lands, success against cost per prompt,
 * for the run on screen (its first figures while it computes), with the run before it faint (of the same world) and a
 * thin line from each algorithm's old place to its new one, so moving λ or τ_max shows its effect without scrolling.
 */
export const LandingPlot = memo(function LandingPlot({
  result,
  labelOf,
  costUnit,
}: {
  result: LabResult | null;
  labelOf: (id: string) => string;
  costUnit: string;
}) {
  const before = useBefore(result);
  const titleId = useId();
  if (!result) return null;
  const now = landings(result);
  const all = [...now, ...before];
  const costs = all.map((p) => p.cost);
  const spread = Math.max(...costs) / Math.max(1e-9, Math.min(...costs.filter((c) => c > 0)));
  const log = spread > 20 && costs.every((c) => c > 0);
  const xs: NiceScale = log ? logScale(costs) : niceScale(0, Math.max(...costs), 4, [0, Number.POSITIVE_INFINITY]);
  const ys: NiceScale = niceScale(Math.min(...all.map((p) => p.success)), Math.max(...all.map((p) => p.success)), 4, [0, 1]);
  const x = (c: number) => {
    const [a, b] = xs.domain;
    const t = log ? (Math.log10(c) - Math.log10(a)) / (Math.log10(b) - Math.log10(a)) : (c - a) / (b - a || 1);
    return PAD.left + t * (W - PAD.left - PAD.right);
  };
  const y = (s: number) => {
    const [a, b] = ys.domain;
    return H - PAD.bottom - ((s - a) / (b - a || 1)) * (H - PAD.top - PAD.bottom);
  };
  const old = new Map(before.map((p) => [p.algo, p]));
  const labels = placeLabels(now.map((p) => ({ algo: p.algo, x: x(p.cost), y: y(p.success), text: labelOf(p.algo) })));
  return (
    <figure className="pw-landing" data-testid="landing-plot" aria-labelledby={titleId}>
      <figcaption id={titleId} className="pw-figcaption">
        <span className="pw-fig-title">Where each algorithm lands</span>
        <span className="pw-fig-note">
          success against cost per prompt
          {/* Said only while something is faint (a first run, or one of another world, has nothing before it), yet its
              room is kept: the plot's height, and so the page below it, stays put. */}
          <span data-testid="landing-faint-note" style={before.length > 0 ? undefined : { visibility: 'hidden' }}>
            ; faint: before the last change
          </span>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={now.map((p) => `${labelOf(p.algo)}: ${fmtPct(p.success)} success at ${fmtShort(p.cost)} ${costUnit}`).join('; ')}
      >
        {ys.ticks.map((t) => (
          <g key={`y${t}`}>
            <line className="pw-landing-grid" x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text className="pw-landing-tick" x={PAD.left - 4} y={y(t) + 3} textAnchor="end">
              {fmtPct(t, 0)}
            </text>
          </g>
        ))}
        {xs.ticks.map((t) => (
          <text key={`x${t}`} className="pw-landing-tick" x={x(t)} y={H - PAD.bottom + 13} textAnchor="middle">
            {fmtTick(t)}
          </text>
        ))}
        <text className="pw-landing-axis" x={(PAD.left + W - PAD.right) / 2} y={H - 4} textAnchor="middle">
          cost per prompt ({costUnit}){log ? ', log scale' : ''}
        </text>
        {before.map((p) => (
          <circle
            key={`b${p.algo}`}
            className="pw-landing-before"
            data-testid="landing-before"
            data-algo={p.algo}
            cx={x(p.cost)}
            cy={y(p.success)}
            r={4}
            fill={algoColor(p.algo)}
          />
        ))}
        {now.map((p) => {
          const o = old.get(p.algo);
          return o && (o.cost !== p.cost || o.success !== p.success) ? (
            <line key={`m${p.algo}`} className="pw-landing-move" x1={x(o.cost)} y1={y(o.success)} x2={x(p.cost)} y2={y(p.success)} stroke={algoColor(p.algo)} />
          ) : null;
        })}
        {now.map((p) => (
          <g key={p.algo} data-testid="landing-point" data-algo={p.algo} data-cost={p.cost} data-success={p.success}>
            <circle cx={x(p.cost)} cy={y(p.success)} r={5} fill={algoColor(p.algo)} />
            <text className="pw-landing-label" x={labels.get(p.algo)?.x} y={labels.get(p.algo)?.y} textAnchor={labels.get(p.algo)?.anchor}>
              {labelOf(p.algo)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
});
