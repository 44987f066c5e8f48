import { memo, useContext } from 'react';
import type { Decision, TraceRow } from '../../engine/lab/types';
import { modelColor, tint } from '../palette';
import './views.css';
import { fmt, fmtCounted, fmtShort, fmtSigned, planRuns } from '../../engine/lab/format';
import { sameList } from './common';
import { CostUnitContext } from './costUnit';
import { explainDecision, explainOracle, stopVerdict } from './explain';
import type { DecisionPanelProps } from './props';

/**
 * "Why this model?": for the selected prompt of the trace, one compact table per decision (each pull, and a
 * final null action if the learner stopped). Per model the learner's numbers (q̂, bonus, c/q̂, q̂ − λc) and
 * the oracle's (true q, c/q), the chosen model highlighted, a badge for forced exploration, the stop rule's
 * value and verdict, and one sentence on what was done and why.
 */
export const DecisionPanel = memo(
  function DecisionPanel({
    row,
    arms,
    lambda,
    algo,
    algoLabel,
    categories,
    hideOracle = false,
    lastOnly = false,
  }: DecisionPanelProps & {
    /** Id of the traced algorithm (named when it has no label); optional. */
    algo?: string;
    algoLabel?: string;
    categories?: string[];
    /** Hold back the oracle's plan, its picks and the true c/q (the tour asks the reader first: state/tourAnswer.ts). */
    hideOracle?: boolean;
    /** Show the prompt's last decision only (a slide, which must fit a screen), with a word on the ones before. */
    lastOnly?: boolean;
  }) {
    const unit = useContext(CostUnitContext);
    if (!row) {
      return (
        <section className="pw-decision-panel" data-testid="decision-panel" data-empty="true" aria-label="Decision details">
          <p className="pw-empty">Select a prompt in the trace to see why each model was chosen.</p>
        </section>
      );
    }
    const tauMax = row.oraclePlan.length;
    const n = row.pulls.length;
    const did = n === 0 ? 'queried no model' : `made ${fmtCounted(n, 'query', 'queries')} ${row.success ? 'and succeeded' : 'without success'}`;
    const cost = unit ? `${fmtShort(row.cost)} (${unit})` : fmtShort(row.cost);
    const category = categories?.[row.category] ?? (row.category >= 0 ? `category ${row.category + 1}` : 'prompt');
    const runs = planRuns(row.oraclePlan);

    return (
      <section className="pw-decision-panel" data-testid="decision-panel" data-step={row.step} aria-label={`Decisions on prompt ${row.step + 1}`}>
        <header className="pw-decision-header">
          <div>
            <h3 className="pw-decision-title">
              Prompt #{row.step + 1} <span className="pw-muted">· {category}</span>
            </h3>
            <p className="pw-decision-sub">
              {algoLabel ?? algo ?? 'The learner'} {did}: cost {cost}, utility{' '}
              <strong className={row.utility < 0 ? 'pw-neg' : undefined}>{fmtSigned(row.utility)}</strong> (λ = {fmtShort(lambda, 3)}).
            </p>
          </div>
          {hideOracle ? (
            <aside className="pw-oracle-box" aria-label="What the oracle would do" data-testid="oracle-hidden">
              <div className="pw-oracle-box-title">Oracle (knows the true q)</div>
              <p className="pw-oracle-why">Hidden until you answer the tour’s question.</p>
            </aside>
          ) : (
            <aside className="pw-oracle-box" aria-label="What the oracle would do">
              <div className="pw-oracle-box-title">Oracle (knows the true q)</div>
              <div className="pw-oracle-plan">
                {runs.map((r, i) => (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: a run of the oracle's plan is its position in the plan
                    key={i}
                    className="pw-oracle-chip"
                    data-arm={r.arm < 0 ? 'stop' : arms[r.arm]}
                  >
                    {i > 0 && (
                      <span className="pw-oracle-then" aria-hidden="true">
                        →
                      </span>
                    )}
                    {r.arm >= 0 && <span className="pw-pull-dot" style={{ background: modelColor(r.arm) }} aria-hidden="true" />}
                    {r.arm < 0 ? 'stop' : (arms[r.arm] ?? `model ${r.arm + 1}`)}
                    {r.arm >= 0 && r.count > 1 && <span className="pw-oracle-times">×{r.count}</span>}
                  </span>
                ))}
              </div>
              <div className="pw-oracle-value-big">
                expected utility <strong>{fmt(row.oracleValue)}</strong>
              </div>
              <p className="pw-oracle-why">{explainOracle(row.oraclePlan, row.oracleValue, arms)}</p>
            </aside>
          )}
        </header>

        {row.decisions.length === 0 ? (
          <p className="pw-empty">No decision details were recorded for this prompt.</p>
        ) : (
          <>
            <p className="pw-dkey">
              <span>
                <span className="pw-dkey-chosen" aria-hidden="true" /> the model the learner chose
              </span>
              <span>
                <span className="pw-dkey-oracle" aria-hidden="true" /> the oracle’s pick with the same pulls left
              </span>
              {/* Once for the tables below (cost, c/q̂ and c/q): a unit in the column's heading widened the table past its card. */}
              {unit && <span data-testid="decision-unit">costs in {unit}</span>}
            </p>
            {lastOnly && row.decisions.length > 1 && (
              <p className="pw-muted" data-testid="decisions-before">
                The last of its {row.decisions.length} decisions; the page shows every one.
              </p>
            )}
            <ol className="pw-decisions" start={lastOnly ? row.decisions.length : undefined}>
              {row.decisions.map((d, i) =>
                lastOnly && i < row.decisions.length - 1 ? null : (
                  <DecisionCard
                    // biome-ignore lint/suspicious/noArrayIndexKey: the i-th decision of a prompt is its i-th pull
                    key={i}
                    index={i}
                    d={d}
                    row={row}
                    arms={arms}
                    lambda={lambda}
                    oracleArm={hideOracle ? -1 : tauMax > 0 ? (row.oraclePlan[tauMax - d.pullsLeft] ?? -1) : -1}
                    hideOracle={hideOracle}
                  />
                ),
              )}
            </ol>
          </>
        )}
      </section>
    );
  },
  (a, b) =>
    a.row === b.row &&
    a.lambda === b.lambda &&
    a.algo === b.algo &&
    a.algoLabel === b.algoLabel &&
    a.hideOracle === b.hideOracle &&
    a.lastOnly === b.lastOnly &&
    sameList(a.arms, b.arms) &&
    sameList(a.categories ?? [], b.categories ?? []),
);

/** Whether the algorithm stops by PromptWise's rule max(q̂ − λc) ≤ 0 (Proposition 1, or the budget plan on q̂). */
const usesStopRule = (d: Decision) => d.rule === 'ratio' || d.rule === 'budget' || d.rule === 'unknown';

function DecisionCard({
  index,
  d,
  row,
  arms,
  lambda,
  oracleArm,
  hideOracle,
}: {
  index: number;
  d: Decision;
  row: TraceRow;
  arms: string[];
  lambda: number;
  oracleArm: number;
  hideOracle: boolean;
}) {
  const pull = d.arm >= 0 ? row.pulls[index] : undefined;
  const verdict = stopVerdict(d.stopValue);
  const name = (a: number) => arms[a] ?? `model ${a + 1}`;
  const hasBonus = d.arms.some((a) => Number.isFinite(a.bonus));
  const title = d.arm < 0 ? 'Stop decision' : `Query ${index + 1}`;

  return (
    <li className="pw-decision" data-decision={index} data-arm={d.arm < 0 ? 'stop' : name(d.arm)}>
      <div className="pw-decision-head">
        <span className="pw-decision-name">{title}</span>
        <span className="pw-muted">{fmtCounted(d.pullsLeft, 'pull')} left</span>
        {d.forced && (
          <span className="pw-badge pw-badge-forced" title="Each model is tried τ_exp times before its estimate is used">
            forced exploration
          </span>
        )}
        {d.arm >= 0 ? (
          <span className={pull?.reward ? 'pw-badge pw-badge-ok' : 'pw-badge pw-badge-fail'} style={{ ['--chip' as string]: modelColor(d.arm) }}>
            {name(d.arm)} {pull ? (pull.reward ? '✓ succeeded' : '✗ failed') : ''}
            {pull ? ` · paid ${fmtShort(pull.cost)}` : ''}
          </span>
        ) : (
          // Words as the sentence below: an exploration prompt moves on; PromptWise's rule takes the null action; any
          // other algorithm stops for its own reason (one query per prompt, its own test).
          <span className="pw-badge pw-badge-stop" data-testid="decision-end">
            {d.forced ? 'moves on' : usesStopRule(d) ? 'null action' : 'stop'}
          </span>
        )}
      </div>
      <p className="pw-why">{explainDecision(d, arms)}</p>
      <div className="pw-table-wrap">
        <table className="pw-dtable">
          <thead>
            <tr className="pw-dtable-groups">
              <th scope="col" rowSpan={2} className="pw-left">
                Model
              </th>
              <th scope="col" rowSpan={2}>
                cost
              </th>
              <th scope="colgroup" colSpan={hasBonus ? 4 : 3} className="pw-group-learner pw-span-wide">
                learner’s view
              </th>
              <th scope="colgroup" colSpan={hasBonus ? 3 : 2} className="pw-group-learner pw-span-narrow">
                learner’s view
              </th>
              <th scope="colgroup" colSpan={2} className="pw-group-learner pw-span-xnarrow">
                learner
              </th>
              <th scope="colgroup" colSpan={2} className="pw-group-oracle">
                truth
              </th>
            </tr>
            <tr>
              <th scope="col" title="optimistic success estimate">
                q̂
              </th>
              {hasBonus && (
                <th scope="col" className="pw-col-bonus" title="exploration bonus (logit units for PromptWise)">
                  bonus
                </th>
              )}
              <th scope="col" title="cost per expected success under q̂ (PromptWise minimises it)">
                c/q̂
              </th>
              <th scope="col" className="pw-col-margin" title="stop-rule term: the learner stops if every q̂ − λc ≤ 0">
                q̂ − λc
              </th>
              <th scope="col" className="pw-oracle-col" title="true success probability">
                q
              </th>
              <th scope="col" className="pw-oracle-col" title="true cost per expected success">
                c/q
              </th>
            </tr>
          </thead>
          <tbody>
            {d.arms.map((a, k) => {
              const chosen = k === d.arm;
              const margin = a.qHat - lambda * a.cost;
              const cls = ['pw-drow', chosen ? 'pw-chosen' : '', a.available ? '' : 'pw-unavailable'].filter(Boolean).join(' ');
              return (
                <tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: k is the arm's index, the arm's identity throughout the engine
                  key={k}
                  className={cls}
                  data-testid="decision-arm"
                  data-arm={name(k)}
                  data-chosen={chosen ? 'true' : undefined}
                  aria-current={chosen ? 'true' : undefined}
                  style={chosen ? { ['--chip' as string]: modelColor(k), ['--chip-soft' as string]: tint(modelColor(k), 0.88) } : undefined}
                >
                  <th scope="row" className="pw-left">
                    <span className="pw-pull-dot" style={{ background: modelColor(k) }} aria-hidden="true" />
                    {name(k)}
                    {chosen && <span className="pw-chosen-tag">chosen</span>}
                    {!a.available && <span className="pw-muted pw-small"> (not yet available)</span>}
                  </th>
                  <td>{fmt(a.cost)}</td>
                  <td>{fmt(a.qHat)}</td>
                  {hasBonus && <td className="pw-col-bonus">{fmt(a.bonus)}</td>}
                  <td>{fmt(a.costOverQ)}</td>
                  <td className={margin > 0 ? 'pw-col-margin' : 'pw-col-margin pw-neg'}>{fmtSigned(margin)}</td>
                  <td className="pw-oracle-col">{fmt(a.q)}</td>
                  <td
                    className={k === oracleArm ? 'pw-oracle-col pw-oracle-pick' : 'pw-oracle-col'}
                    data-oracle-pick={k === oracleArm ? 'true' : undefined}
                    title={k === oracleArm ? `The oracle's choice with ${fmtCounted(d.pullsLeft, 'pull')} left` : undefined}
                  >
                    <span>{hideOracle ? '?' : fmt(a.q > 0 ? a.cost / a.q : NaN)}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {d.forced ? (
        <div className="pw-stoprule pw-stoprule-na" data-testid="stop-rule-forced">
          Forced exploration: this decision follows no rule; each model is tried τ_exp times, one prompt each, before its estimate is used (Algorithm 1, lines
          1–4).
        </div>
      ) : usesStopRule(d) ? (
        <div className={`pw-stoprule pw-stoprule-${verdict === 'n/a' ? 'na' : verdict}`}>
          Stop rule: max<sub>a</sub>(q̂<sub>a</sub> − λc<sub>a</sub>) = <strong>{fmtSigned(d.stopValue)}</strong>{' '}
          {verdict === 'continue' ? '> 0 → continue querying' : verdict === 'stop' ? '≤ 0 → stop (null action)' : '(not used by this algorithm)'}
        </div>
      ) : (
        <div className="pw-stoprule pw-stoprule-na" data-testid="no-stop-rule">
          PromptWise's stop rule, max<sub>a</sub>(q̂<sub>a</sub> − λc<sub>a</sub>) ≤ 0, is not this algorithm's:{' '}
          {d.rule === 'own' || d.own ? 'its own reason is the sentence above.' : 'it has no null action.'}
        </div>
      )}
    </li>
  );
}
