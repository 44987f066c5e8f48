import { type KeyboardEvent, memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TraceRow } from '../../engine/lab/types';
import { modelColor, tint } from '../palette';
import './views.css';
import { fmt, fmtPlan, fmtShort, fmtSigned, planRuns } from '../../engine/lab/format';
import { EXPLORATION_ENDS } from './explain';
import type { EscalationTraceProps } from './props';
import { traceWindow } from './series';

/**
 * The escalation trace: the latest `visible` prompts before the cursor, newest at the top (a new row slides
 * in there), each with the models tried in order (✓/✗ and the price paid), the prompt's utility, and beside it
 * what the finite-budget oracle would have done. Rows are toggle buttons that select a prompt for the
 * decision panel; ↑/↓, Home and End move between rows.
 */
export function EscalationTrace({
  rows,
  cursor,
  visible = 12,
  arms,
  categories,
  selectedStep,
  onSelect,
  algoLabel,
  pinnedStep = null,
  hideOracle = false,
  coming = null,
}: EscalationTraceProps & {
  /** Name of the algorithm whose trace this is (shown in the header). */
  algoLabel?: string;
}) {
  const shown = useMemo(() => traceWindow(rows, cursor, visible, pinnedStep), [rows, cursor, visible, pinnedStep]);
  const before = Math.min(rows.length, Math.max(0, Math.ceil(cursor)));
  // A stable callback, so the memoised rows do not re-render when the parent passes a new closure each tick.
  const onSelectRef = useRef(onSelect);
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
  });
  const select = useCallback((step: number) => onSelectRef.current(step), []);
  // Rows arriving faster than a few a second are not animated (they could never be read), and neither are the
  // rows' own transitions then (`pw-trace-fast`): during playback the pressed row moves with every redraw, and
  // each move faded two rows' background, border and shadow for 120 ms, so the page re-styled and repainted the
  // list at the display's rate between the cursor's updates (about 100 transitions a second, a sixth of the main
  // thread's time while playing, side by side: docs/notes/benchmarks-history.md).
  const fast = useFastArrival(shown[0]?.step ?? -1);

  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(e.key)) return;
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-testid="trace-row"]')];
    if (buttons.length === 0) return;
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let j = i;
    if (e.key === 'ArrowDown') j = i < 0 ? 0 : Math.min(buttons.length - 1, i + 1);
    if (e.key === 'ArrowUp') j = i < 0 ? 0 : Math.max(0, i - 1);
    if (e.key === 'Home') j = 0;
    if (e.key === 'End') j = buttons.length - 1;
    e.preventDefault();
    // Moving in the list selects, as a click does (docs/LAB.md): the decision panel follows the keys.
    buttons[j].focus();
    select(Number(buttons[j].dataset.step));
  };

  return (
    <div className="pw-trace" data-testid="escalation-trace" aria-busy={coming !== null}>
      <div className="pw-trace-meta" aria-live="off">
        {/* In the header's place, so that saying a trace is on its way moves nothing on the page. */}
        <span data-testid="trace-label">{coming ?? <>{algoLabel ? <strong>{algoLabel}</strong> : 'Trace'} · trial 1 · newest first</>}</span>
        <span className="pw-muted">
          {shown.length > 0
            ? `prompts ${shown[shown.length - 1].step + 1}–${shown[0].step + 1} of ${before} played`
            : rows.length > 0 && `0 of ${rows.length} played`}
        </span>
      </div>
      {shown.length === 0 ? (
        !(coming !== null && rows.length === 0) && (
          <p className="pw-empty">
            {rows.length === 0 ? 'No trace yet: run a simulation to watch prompts escalate.' : 'Press play (or move the cursor) to watch prompts arrive.'}
          </p>
        )
      ) : (
        <>
          <div className="pw-trace-head" aria-hidden="true">
            <span>Prompt</span>
            <span>Models tried, in order</span>
            <span className="pw-num">Utility</span>
            <span>Oracle would</span>
          </div>
          <ol className={fast ? 'pw-trace-list pw-trace-fast' : 'pw-trace-list'} aria-label="Latest prompts, newest first" onKeyDown={onKeyDown}>
            {shown.map((row) => (
              <TraceItem
                key={row.step}
                row={row}
                arms={arms}
                category={categories[row.category] ?? (row.category >= 0 ? `category ${row.category + 1}` : 'prompt')}
                selected={row.step === selectedStep}
                onSelect={select}
                enter={!fast}
                hideOracle={hideOracle}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

/**
 * Whether rows arrive too fast to animate: the newest row moved by more than one, or a new one came within
 * 150 ms of the previous (playback at several rows a second, scrubbing, a jump). Computed when the newest
 * row changes and kept until it changes again.
 */
function useFastArrival(top: number): boolean {
  const last = useRef({ top, at: -Infinity, fast: true });
  const prev = last.current;
  let fast = prev.fast;
  if (top !== prev.top) {
    const now = typeof performance !== 'undefined' ? performance.now() : 0;
    fast = Math.abs(top - prev.top) > 1 || now - prev.at < 150;
  }
  useEffect(() => {
    if (last.current.top !== top) {
      last.current = { top, at: typeof performance !== 'undefined' ? performance.now() : 0, fast };
    }
  }, [top, fast]);
  return fast;
}

/** Consecutive pulls of the same model, drawn as one chip with a mark per pull. */
function pullGroups(pulls: TraceRow['pulls']): { arm: number; start: number; pulls: TraceRow['pulls'] }[] {
  const groups: { arm: number; start: number; pulls: TraceRow['pulls'] }[] = [];
  pulls.forEach((p, i) => {
    const g = groups[groups.length - 1];
    if (g && g.arm === p.arm) g.pulls.push(p);
    else groups.push({ arm: p.arm, start: i, pulls: [p] });
  });
  return groups;
}

interface TraceItemProps {
  row: TraceRow;
  arms: string[];
  category: string;
  selected: boolean;
  onSelect(step: number): void;
  /** Animate this row's arrival (read once, when it mounts). */
  enter: boolean;
  hideOracle: boolean;
}

const TraceItem = memo(function TraceItem({ row, arms, category, selected, onSelect, enter, hideOracle }: TraceItemProps) {
  const [animate] = useState(enter);
  const last = row.decisions.at(-1);
  const stopped = last !== undefined && last.arm < 0;
  // An exploration prompt ends after its one forced query (Algorithm 1, line 2: "and moving to the next
  // context"): not the stop rule, which the learner has not used yet. Its row says so, as the decision panel does.
  const movedOn = stopped && last.forced;
  const runs = planRuns(row.oraclePlan);
  const name = (a: number) => arms[a] ?? `model ${a + 1}`;
  // The whole plan, in words as on screen ("gpt-4o-mini ×4 → gpt-4o"): never cut to its first model.
  const planText = fmtPlan(row.oraclePlan, name);
  const tried = row.pulls.map((p) => `${name(p.arm)} ${p.reward ? 'succeeded' : 'failed'} (cost ${fmtShort(p.cost)})`).join(', then ');
  const label =
    `Prompt ${row.step + 1}, ${category}: ` +
    (row.pulls.length ? tried : 'no model queried') +
    (movedOn ? `, then moved on: ${EXPLORATION_ENDS}` : stopped ? ', then stopped' : '') +
    `; utility ${fmt(row.utility)}.` +
    (hideOracle ? '' : ` The oracle's plan: ${planText}, expected utility ${fmt(row.oracleValue)}.`);

  return (
    <li className={animate ? 'pw-trace-item pw-enter' : 'pw-trace-item'}>
      <button
        type="button"
        className="pw-trace-row"
        data-testid="trace-row"
        data-step={row.step}
        data-success={row.success}
        aria-pressed={selected}
        onClick={() => onSelect(row.step)}
      >
        {/* The name is this sentence (not an aria-label, which would hide the visible text from the name). */}
        <span className="pw-visually-hidden">{label}</span>
        <span className="pw-trace-id" aria-hidden="true">
          <span className="pw-trace-step">#{row.step + 1}</span>
          <span className="pw-trace-cat" title={category}>
            {category}
          </span>
        </span>
        <span className="pw-trace-pulls" aria-hidden="true">
          {pullGroups(row.pulls).map((g) => {
            const last = g.pulls[g.pulls.length - 1];
            const total = g.pulls.reduce((sum, p) => sum + p.cost, 0);
            const n = g.pulls.length;
            return (
              <span
                key={g.start}
                className={last.reward ? 'pw-pull pw-pull-ok' : 'pw-pull pw-pull-fail'}
                title={
                  n === 1
                    ? `${name(g.arm)}: ${last.reward ? 'succeeded' : 'failed'}, cost ${fmtShort(last.cost)}`
                    : `${name(g.arm)}: ${n} queries in a row (${g.pulls.map((p) => (p.reward ? '✓' : '✗')).join(' ')}), cost ${fmtShort(total)} in all`
                }
                style={{ ['--chip' as string]: modelColor(g.arm), ['--chip-soft' as string]: tint(modelColor(g.arm), 0.86) }}
              >
                <span className="pw-pull-dot" aria-hidden="true" />
                <span className="pw-pull-name">{name(g.arm)}</span>
                {g.pulls.map((p, k) => (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: the pulls of a prompt in order: the k-th pull is its identity
                    key={k}
                    className={p.reward ? 'pw-pull-mark pw-mark-ok' : 'pw-pull-mark pw-mark-fail'}
                    data-testid="trace-pull"
                    data-arm={name(p.arm)}
                    data-reward={p.reward}
                    data-cost={p.cost}
                    data-index={g.start + k}
                    aria-hidden="true"
                  >
                    {p.reward ? '✓' : '✗'}
                  </span>
                ))}
                <span className="pw-pull-cost">{fmtShort(total)}</span>
              </span>
            );
          })}
          {(stopped || row.pulls.length === 0) && (
            <span className="pw-pull pw-pull-stop" data-arm="stop" data-testid="trace-stop" title={movedOn ? `Moves on: ${EXPLORATION_ENDS}` : undefined}>
              {movedOn ? 'moves on' : 'stop'}
            </span>
          )}
        </span>
        <span className={row.utility >= 0 ? 'pw-trace-u pw-num' : 'pw-trace-u pw-num pw-neg'} aria-hidden="true">
          <span className="pw-trace-u-label">u </span>
          {fmtSigned(row.utility)}
        </span>
        <span className="pw-trace-oracle" aria-hidden="true">
          <span className="pw-trace-oracle-label">oracle</span>
          {hideOracle && <span className="pw-oracle-value">hidden until you answer</span>}
          {!hideOracle &&
            runs.map((r, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a run of the oracle's plan is its position in the plan
                key={i}
                className="pw-oracle-chip"
                data-arm={r.arm < 0 ? 'stop' : name(r.arm)}
              >
                {i > 0 && (
                  <span className="pw-oracle-then" aria-hidden="true">
                    →
                  </span>
                )}
                {r.arm >= 0 && <span className="pw-pull-dot" style={{ background: modelColor(r.arm) }} aria-hidden="true" />}
                {r.arm < 0 ? 'stop' : name(r.arm)}
                {r.arm >= 0 && r.count > 1 && <span className="pw-oracle-times">×{r.count}</span>}
              </span>
            ))}
          {!hideOracle && <span className="pw-oracle-value">E[u] {fmt(row.oracleValue)}</span>}
        </span>
      </button>
    </li>
  );
});
