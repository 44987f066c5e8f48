import { type MouseEvent, memo, useId, useMemo, useState } from 'react';
import { fmt, fmtCount, fmtPct } from '../../engine/lab/format';
import { algoStyle, modelColor, textOn } from '../palette';
import { algosKey, HiddenList, ModelLegend, NARROW_WIDTH, sameList, useElementWidth, useStaggered } from './common';
import type { AlgoInfo, ArmUsagePanelProps } from './props';
import { type UsageRow, type UsageSegment, usageRows } from './series';

const BAR_H = 17;
const ROW_GAP = 6;
const GROUP_HEAD = 26;
const GROUP_GAP = 14;

/** An algorithm with its bars, one per prompt category. */
interface UsageGroup {
  algo: AlgoInfo;
  rows: UsageRow[];
}

interface Hover {
  x: number;
  y: number;
  algo: string;
  row: UsageRow;
  seg: UsageSegment | null;
}

/**
 * Which model each algorithm sends each kind of prompt to: per algorithm, one stacked horizontal bar per
 * prompt category splitting its pulls among models (model colours), with pulls per prompt at the right end.
 * Drawn as one SVG (exportable); hover or focus a bar for counts.
 */
export const ArmUsagePanel = memo(
  function ArmUsagePanel({ usage, algos, arms, categories }: ArmUsagePanelProps) {
    const [wrapRef, width, wrapEl] = useElementWidth<HTMLDivElement>();
    const captionId = useId();
    const [hover, setHover] = useState<Hover | null>(null);

    const groups = useMemo(
      (): UsageGroup[] => algos.filter((a) => usage[a.id]).map((a) => ({ algo: a, rows: usageRows(usage[a.id], categories) })),
      [algos, usage, categories],
    );
    const single = groups.every((g) => g.rows.length <= 1);
    // The readout list (one item per algorithm, category and model: 183 on the default scenario) is laid out as
    // much as the bars are: it follows them in a drawing turn of its own (drawingTurns.ts), so that a new result
    // draws the card in two tasks, each under issue 13's 50 ms, not one.
    const listed = useMemo(() => ({ groups, arms }), [groups, arms]);
    const [cells] = useStaggered(listed, 1);

    if (groups.length === 0) {
      return (
        <div className="pw-usage" data-testid="arm-usage">
          <p className="pw-empty">No model usage yet: run a simulation to see where each algorithm sends its prompts.</p>
        </div>
      );
    }

    const W = Math.max(260, width || 640);
    const narrow = W < NARROW_WIDTH;
    const labelW = Math.min(narrow ? 92 : 132, Math.round(W * 0.3));
    const rightW = narrow ? 58 : 96;
    const barX = labelW + 8;
    const barW = Math.max(60, W - barX - rightW - 6);

    // Layout: y positions of every group head and bar.
    let y = 2;
    const placed = groups.map((g, gi) => {
      const headY = single ? null : y;
      if (!single) y += GROUP_HEAD;
      const rows = g.rows.map((row) => {
        const at = y;
        y += BAR_H + ROW_GAP;
        return { row, y: at };
      });
      if (!single && gi < groups.length - 1) y += GROUP_GAP - ROW_GAP;
      return { ...g, headY, rows };
    });
    const H = y + 16;

    const onMove = (e: MouseEvent, algo: string, row: UsageRow, seg: UsageSegment | null) => {
      const box = wrapEl?.getBoundingClientRect();
      if (!box) return;
      setHover({ x: e.clientX - box.left, y: e.clientY - box.top, algo, row, seg });
    };

    const perPromptText = (r: UsageRow) => (narrow ? `${fmt(r.perPrompt, 2)}/p` : `${fmt(r.perPrompt, 3)} per prompt`);

    return (
      <div className="pw-usage" data-testid="arm-usage">
        <figure className="pw-figure" data-chart="arm-usage" aria-labelledby={captionId}>
          <figcaption id={captionId} className="pw-figcaption">
            <span className="pw-fig-title">Where the queries go</span>
            <span className="pw-fig-note">share of pulls per model{single ? '' : ', by prompt category'}; right: pulls per prompt (all trials)</span>
          </figcaption>
          <ModelLegend arms={arms} />
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the pointer's hover card; keyboards get the same card by focusing a row */}
          <div className="pw-usage-wrap" ref={wrapRef} onMouseLeave={() => setHover(null)}>
            <svg
              width={W}
              height={H}
              viewBox={`0 0 ${W} ${H}`}
              role="img"
              aria-label={`Share of pulls to each model${single ? '' : ' per prompt category'}, for ${groups.map((g) => g.algo.label).join(', ')}.`}
              className="pw-usage-svg"
              fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
            >
              {placed.map((g) => {
                const st = algoStyle(g.algo.id);
                return (
                  <g key={g.algo.id} data-algo={g.algo.id}>
                    {g.headY !== null && (
                      <g>
                        <rect x={0} y={g.headY + 6} width={10} height={10} rx={2} fill={st.color} />
                        <text x={16} y={g.headY + 15} fontSize={13} fontWeight={650} fill="#17212b">
                          {g.algo.label}
                        </text>
                        <line x1={0} x2={W} y1={g.headY + 22} y2={g.headY + 22} stroke="#e8ecf1" />
                      </g>
                    )}
                    {g.rows.map(({ row, y: ry }) => {
                      const label = single ? g.algo.label : row.label;
                      const parts = row.segments.map((s) => `${arms[s.arm] ?? s.arm} ${fmtPct(s.share)} (${s.count} pulls)`).join(', ');
                      return (
                        // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a row is one labelled graphic (read as a whole), focusable so keyboards get its hover card
                        <g
                          key={row.category}
                          className="pw-usage-row"
                          tabIndex={0}
                          role="img"
                          aria-label={`${g.algo.label}, ${row.label}: ${parts || 'no pulls'}; ${fmt(row.perPrompt)} pulls per prompt over ${row.prompts} prompts.`}
                          onFocus={() => setHover({ x: barX + barW / 2, y: ry, algo: g.algo.id, row, seg: null })}
                          onBlur={() => setHover(null)}
                        >
                          {single && <rect x={0} y={ry + 4} width={10} height={10} rx={2} fill={st.color} />}
                          <text
                            x={single ? 16 : labelW}
                            y={ry + BAR_H / 2}
                            dy="0.35em"
                            fontSize={12}
                            fill="#2c3947"
                            textAnchor={single ? 'start' : 'end'}
                            fontWeight={single ? 600 : 400}
                          >
                            {clip(label, single ? labelW - 16 : labelW, 12)}
                          </text>
                          <rect x={barX} y={ry} width={barW} height={BAR_H} rx={3} fill="#f1f4f8" />
                          {row.segments.map((s) => {
                            const sx = barX + s.offset * barW;
                            const sw = Math.max(0, s.share * barW);
                            const fill = modelColor(s.arm);
                            const pct = fmtPct(s.share, 0);
                            const fits = sw >= pct.length * 6.6 + 6;
                            return (
                              // biome-ignore lint/a11y/noStaticElementInteractions: the pointer's hover card per segment; the focused row's card and label say the same
                              <g key={s.arm} onMouseMove={(e) => onMove(e, g.algo.id, row, s)}>
                                <rect x={sx} y={ry} width={sw} height={BAR_H} fill={fill} stroke="#fff" strokeWidth={sw > 2 ? 1 : 0} data-arm={arms[s.arm]} />
                                {fits && (
                                  <text
                                    x={sx + sw / 2}
                                    y={ry + BAR_H / 2}
                                    dy="0.35em"
                                    textAnchor="middle"
                                    fontSize={10.5}
                                    fontWeight={600}
                                    fill={textOn(fill)}
                                    pointerEvents="none"
                                  >
                                    {pct}
                                  </text>
                                )}
                              </g>
                            );
                          })}
                          <text
                            x={barX + barW + 8}
                            y={ry + BAR_H / 2}
                            dy="0.35em"
                            fontSize={11.5}
                            fill="#5b6775"
                            style={{ fontVariantNumeric: 'tabular-nums' }}
                          >
                            {perPromptText(row)}
                          </text>
                        </g>
                      );
                    })}
                  </g>
                );
              })}
            </svg>
            {hover && <UsageTooltip hover={hover} arms={arms} algoLabel={groups.find((g) => g.algo.id === hover.algo)?.algo.label ?? hover.algo} width={W} />}
          </div>
          <UsageCells groups={cells.groups} arms={cells.arms} />
        </figure>
      </div>
    );
  },
  (a, b) => a.usage === b.usage && algosKey(a.algos) === algosKey(b.algos) && sameList(a.arms, b.arms) && sameList(a.categories, b.categories),
);

/** The hidden, testable readout: pulls and share per algorithm, category and model. */
const UsageCells = memo(function UsageCells({ groups, arms }: { groups: UsageGroup[]; arms: string[] }) {
  return (
    <HiddenList testId="usage-cells" label="Pulls per algorithm, category and model">
      {groups.flatMap((g) =>
        g.rows.flatMap((r) =>
          r.segments.map((s) => (
            <li
              key={`${g.algo.id}-${r.category}-${s.arm}`}
              data-algo={g.algo.id}
              data-category={r.label}
              data-arm={arms[s.arm]}
              data-count={s.count}
              data-share={s.share}
            >
              {`${g.algo.label}, ${r.label}, ${arms[s.arm]}: ${s.count} pulls (${fmtPct(s.share)})`}
            </li>
          )),
        ),
      )}
    </HiddenList>
  );
});

/** Truncate a label to roughly fit `px` at `fontSize` (SVG text does not wrap). */
function clip(text: string, px: number, fontSize: number): string {
  const max = Math.max(3, Math.floor(px / (fontSize * 0.56)));
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function UsageTooltip({ hover, arms, algoLabel, width }: { hover: Hover; arms: string[]; algoLabel: string; width: number }) {
  const { row, seg } = hover;
  const left = Math.min(Math.max(8, hover.x + 14), Math.max(8, width - 330));
  return (
    <div className="pw-tooltip pw-tooltip-float" style={{ left, top: hover.y + 16 }} role="presentation" data-export-skip="">
      <div className="pw-tooltip-head">
        {algoLabel} · {row.label}
      </div>
      <table>
        <thead>
          <tr className="pw-muted">
            <th scope="col">model</th>
            <td>share</td>
            <td>pulls</td>
            <td>per prompt</td>
          </tr>
        </thead>
        <tbody>
          {row.segments.map((s) => (
            <tr key={s.arm} className={seg && seg.arm === s.arm ? 'pw-tooltip-active' : undefined}>
              <th scope="row">
                <span className="pw-swatch-box" style={{ background: modelColor(s.arm) }} aria-hidden="true" />
                {arms[s.arm] ?? `model ${s.arm + 1}`}
              </th>
              <td>{fmtPct(s.share)}</td>
              <td className="pw-muted">{fmtCount(s.count)}</td>
              <td className="pw-muted">{fmt(row.prompts > 0 ? s.count / row.prompts : NaN, 2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pw-tooltip-foot">
        {fmtCount(row.pulls)} pulls over {fmtCount(row.prompts)} prompts · {fmt(row.perPrompt)} per prompt
      </div>
    </div>
  );
}
