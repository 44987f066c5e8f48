import { useId, useMemo } from 'react';
import { fmtCount, fmtCounted } from '../engine/lab/format';
import type { LabResult } from '../engine/lab/types';
import { algoLabel, type Catalog } from '../state/catalog';
import { acceptsSavings, SAVINGS_LIMITS, useSavings } from '../state/savingsStore';
import { type CostKind, fmtMonthly, monthly, type StakeholderLine, versusText } from '../state/stakeholder';
import { type NumberFormat, useNumberDraft } from './controls/useNumberDraft';

type Field = keyof typeof SAVINGS_LIMITS;

/** A whole-number input that commits only values the field takes ("1,000,000" and "1e6" are read too). */
function CountInput({ field, label }: { field: Field; label: string }) {
  const id = useId();
  const value = useSavings((s) => s[field]);
  const set = useSavings((s) => s.set);
  const format = useMemo<NumberFormat>(
    () => ({ read: (raw) => Number(raw.replace(/[,_\s]/g, '')), accepts: (v) => acceptsSavings(field, v), write: fmtCount }),
    [field],
  );
  const draft = useNumberDraft(value, format, (v) => set(field, v));
  const { min, max } = SAVINGS_LIMITS[field];
  return (
    <label className="savings-input" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={draft.text}
        aria-invalid={!draft.valid}
        aria-describedby={draft.valid ? undefined : `${id}-error`}
        data-testid={`savings-${field}`}
        onChange={(e) => draft.onChange(e.target.value)}
        onBlur={draft.onBlur}
      />
      {!draft.valid && (
        <span className="error-text" id={`${id}-error`} role="alert" data-testid={`savings-${field}-error`}>
          A whole number from {fmtCount(min)} to {fmtCount(max)}; the table keeps {fmtCount(value)}.
        </span>
      )}
    </label>
  );
}

interface Row {
  key: string;
  name: string;
  cost: number;
  success: number;
}

/** What one success costs: "$0.0042" (two significant digits below a dollar), "$3.20", "0.51 units". */
function fmtPerSuccess(x: number, kind: CostKind): string {
  if (!Number.isFinite(x)) return '—';
  const n = x < 1 ? x.toPrecision(2) : x.toFixed(2);
  return kind === 'abstract' ? `${n} units` : `$${n}`;
}

/**
 * "Prompts per month → what each policy costs": PromptWise, the stakeholder line's single-model references and every
 * other algorithm run, from the run's mean cost per prompt and success rate (stakeholder.ts monthly): successes, cost
 * and cost per success per month, and the difference to PromptWise in both (versusText). Set prices need tokens per
 * query to become dollars; recorded costs are dollars already; a synthetic world's units stay units.
 */
export function SavingsCalculator({ result, line, catalog }: { result: LabResult; line: StakeholderLine; catalog: Catalog }) {
  const prompts = useSavings((s) => s.promptsPerMonth);
  const tokens = useSavings((s) => s.tokensPerQuery);
  const kind: CostKind = line.kind;
  const rows: Row[] = [
    { key: line.subject, name: algoLabel(catalog, line.subject), cost: line.cost, success: line.success },
    ...line.references.map((r) => ({
      key: `single:${r.single.model}`,
      name: `${r.single.model} alone`,
      cost: r.single.cost.mean,
      success: r.single.success.mean,
    })),
    ...Object.entries(result.summary.results)
      .filter(([id]) => id !== line.subject)
      .map(([id, s]) => ({ key: id, name: algoLabel(catalog, id), cost: s.cost.mean, success: s.success.mean })),
  ];
  const subjectName = algoLabel(catalog, line.subject);
  const base = monthly(line.cost, line.success, kind, prompts, tokens);
  return (
    <details className="savings" data-testid="savings">
      <summary>Savings calculator: what a month costs with each policy</summary>
      <div className="savings-inputs">
        <CountInput field="promptsPerMonth" label="Prompts per month" />
        {kind === 'set-price' && <CountInput field="tokensPerQuery" label="Tokens per query" />}
      </div>
      <table className="savings-table">
        <thead>
          <tr>
            <th scope="col">Policy</th>
            <th scope="col">Successes per month</th>
            <th scope="col">Cost per month</th>
            <th scope="col">Cost per success</th>
            <th scope="col">vs {subjectName}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const month = monthly(r.cost, r.success, kind, prompts, tokens);
            return (
              <tr key={r.key} data-testid="savings-row" data-cost={month.cost} data-successes={month.successes}>
                <th scope="row">{r.name}</th>
                <td>{fmtCount(Math.round(month.successes))}</td>
                <td>{fmtMonthly(month.cost, kind)}</td>
                <td>{fmtPerSuccess(month.perSuccess, kind)}</td>
                <td>{r.key === line.subject ? '' : versusText(subjectName, base, month, kind)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted small">
        {kind === 'set-price'
          ? `Set prices ($ per 1M tokens) × ${fmtCounted(tokens, 'token')} per query × ${fmtCounted(prompts, 'prompt')}, from the run’s mean cost per prompt.`
          : kind === 'recorded-usd'
            ? `The recorded price of each query, × ${fmtCounted(prompts, 'prompt')}, from the run’s mean cost per prompt.`
            : `The synthetic world’s cost units × ${fmtCounted(prompts, 'prompt')}: not dollars.`}
      </p>
    </details>
  );
}
