import { useId, useMemo } from 'react';
import { fmtCount } from '../engine/lab/format';
import type { LabResult } from '../engine/lab/types';
import { algoLabel, type Catalog } from '../state/catalog';
import { acceptsSavings, type SAVINGS_LIMITS, useSavings } from '../state/savingsStore';
import { type CostKind, fmtMonthly, monthlyCost, type StakeholderLine } from '../state/stakeholder';
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
  return (
    <label className="savings-input" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={draft.text}
        aria-invalid={!draft.valid}
        data-testid={`savings-${field}`}
        onChange={(e) => draft.onChange(e.target.value)}
        onBlur={draft.onBlur}
      />
    </label>
  );
}

interface Row {
  key: string;
  name: string;
  cost: number;
}

/**
 * "Prompts per month → what each policy costs": PromptWise, the stakeholder line's single-model references and every
 * other algorithm run, from the run's mean cost per prompt (stakeholder.ts monthlyCost). Set prices need tokens per
 * query to become dollars; recorded costs are dollars already; a synthetic world's units stay units.
 */
export function SavingsCalculator({ result, line, catalog }: { result: LabResult; line: StakeholderLine; catalog: Catalog }) {
  const prompts = useSavings((s) => s.promptsPerMonth);
  const tokens = useSavings((s) => s.tokensPerQuery);
  const kind: CostKind = line.kind;
  const rows: Row[] = [
    { key: line.subject, name: algoLabel(catalog, line.subject), cost: line.cost },
    ...line.references.map((r) => ({ key: `single:${r.single.model}`, name: `${r.single.model} alone`, cost: r.single.cost.mean })),
    ...Object.entries(result.summary.results)
      .filter(([id]) => id !== line.subject)
      .map(([id, s]) => ({ key: id, name: algoLabel(catalog, id), cost: s.cost.mean })),
  ];
  const base = monthlyCost(line.cost, kind, prompts, tokens);
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
            <th scope="col">Cost per month</th>
            <th scope="col">vs {algoLabel(catalog, line.subject)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const month = monthlyCost(r.cost, kind, prompts, tokens);
            const diff = month - base;
            return (
              <tr key={r.key} data-testid="savings-row" data-cost={month}>
                <th scope="row">{r.name}</th>
                <td>{fmtMonthly(month, kind)}</td>
                <td>
                  {r.key === line.subject
                    ? ''
                    : diff === 0
                      ? 'same'
                      : `${diff > 0 ? 'PromptWise saves' : 'PromptWise pays'} ${fmtMonthly(Math.abs(diff), kind)}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted small">
        {kind === 'set-price'
          ? `Set prices ($ per 1M tokens) × ${fmtCount(tokens)} tokens per query × ${fmtCount(prompts)} prompts, from the run’s mean cost per prompt.`
          : kind === 'recorded-usd'
            ? `The recorded price of each query, × ${fmtCount(prompts)} prompts, from the run’s mean cost per prompt.`
            : `The synthetic world’s cost units × ${fmtCount(prompts)} prompts: not dollars.`}
      </p>
    </details>
  );
}
