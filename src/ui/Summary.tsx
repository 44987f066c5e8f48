import { useMemo } from 'react';
import { fmtCounted, METRIC_FORMAT } from '../engine/lab/format';
import type { LabResult } from '../engine/lab/types';
import type { Stat } from '../engine/simulate';
import { algoLabel, type Catalog } from '../state/catalog';
import { buildHeadline, type HeadlineCard } from '../state/headline';
import { costUnitNote, costUnitOf } from '../state/stakeholder';
import { algoColor } from './palette';
import { SavingsCalculator } from './SavingsCalculator';
import { LandingPlot } from './views/LandingPlot';

function Metric({
  name,
  unit,
  stat,
  format,
  testId,
  hint,
}: {
  name: string;
  unit?: string;
  stat: Stat;
  format: (x: number) => string;
  testId: string;
  hint: string;
}) {
  return (
    <div className="metric" title={hint}>
      <dt>
        {name}
        {unit && (
          <>
            {' '}
            <span className="unit">{unit}</span>
          </>
        )}
      </dt>
      <dd>
        <span className="metric-value" data-testid={testId}>
          {format(stat.mean)}
        </span>
        <span className="metric-std"> ± {format(stat.std)}</span>
      </dd>
    </div>
  );
}

/** The figures each card shows, in order, with what they mean (written by METRIC_FORMAT, as the table writes them). */
const CARD_METRICS = [
  { key: 'utility', name: 'Utility', hint: 'success − λ·cost, per prompt (higher is better)' },
  { key: 'cost', name: 'Cost', hint: 'total price of the queries made, per prompt (mean over prompts)' },
  { key: 'success', name: 'Success', hint: 'share of prompts answered successfully' },
] as const;

function Card({ card, label, unit }: { card: HeadlineCard; label: string; unit: string }) {
  const s = card.summary;
  const id = `summary-${card.role}`;
  return (
    <article className={`summary-card ${card.role}`} data-testid={id} data-algo={card.algo}>
      <header>
        <span className="swatch" style={{ background: algoColor(card.algo) }} aria-hidden="true" />
        <h3>{label}</h3>
        <span className="summary-caption">{card.caption}</span>
      </header>
      <dl>
        {CARD_METRICS.map((m) => (
          <Metric
            key={m.key}
            name={m.name}
            unit={m.key === 'cost' ? unit : undefined}
            stat={s[m.key]}
            format={METRIC_FORMAT[m.key]}
            testId={`${id}-${m.key}`}
            hint={m.hint}
          />
        ))}
      </dl>
    </article>
  );
}

/**
 * The key result of the run, visible without touching anything: the headline sentence and three cards.
 * `note`: null when `result` is the run the parameters ask for, finished; else says in words what is shown
 * instead. `partial`: `result` is that run's first figures (data-state "partial").
 */
export function Summary({ result, catalog, note, partial = false }: { result: LabResult | null; catalog: Catalog; note: string | null; partial?: boolean }) {
  const stale = note !== null;
  const headline = useMemo(() => (result ? buildHeadline(result, (id) => algoLabel(catalog, id)) : null), [result, catalog]);
  if (!result || !headline) {
    return (
      <section className="summary loading" aria-label="Results summary" data-testid="summary" data-state="loading">
        <p className="headline muted">{note ?? 'Simulating the first run…'}</p>
      </section>
    );
  }
  const c = result.config;
  return (
    <section className="summary" aria-labelledby="summary-heading" data-testid="summary" data-state={partial ? 'partial' : stale ? 'stale' : 'current'}>
      {/* The cards' titles are h3: this h2 keeps the outline in order (h1 page, h2 section, h3 card) for
          screen readers, without a visible title the headline sentence already serves as. */}
      <h2 id="summary-heading" className="sr-only">
        Results summary
      </h2>
      {stale && note && (
        <p className="summary-stale muted" role="status" data-testid="summary-caveat">
          {note}
        </p>
      )}
      {headline.line && (
        <>
          <p className="headline" data-testid="headline">
            {headline.line.text}
          </p>
          <p className="headline-unit muted" data-testid="cost-unit">
            {costUnitNote(headline.line.kind)}
          </p>
        </>
      )}
      {/* The cards and, beside them and the sliders, the picture of where each algorithm lands (issue 41, item 3). */}
      <div className="summary-row">
        <div className="summary-cards">
          {headline.cards.map((card) => (
            <Card key={card.role} card={card} label={algoLabel(catalog, card.algo)} unit={costUnitOf(result.config)} />
          ))}
        </div>
        <LandingPlot result={result} labelOf={(id) => algoLabel(catalog, id)} costUnit={costUnitOf(result.config)} />
      </div>
      {headline.line && <SavingsCalculator result={result} line={headline.line} catalog={catalog} />}
      <p className="summary-note muted">
        {c.world}: mean ± std over {fmtCounted(c.trials, 'trial')} of {fmtCounted(c.T, 'prompt')}, λ = {c.params.lambda}, τ<sub>max</sub> = {c.params.tauMax},
        seed {c.seed}.
      </p>
    </section>
  );
}
