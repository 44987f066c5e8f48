import { useEffect, useId, useState, type ReactNode } from 'react';
import { defaultParams } from '../engine/types';
import { useRunStore, type RunState } from '../state/runStore';
import { formatInt, formatSeconds } from './format';

interface NumberFieldProps {
  label: ReactNode;
  value: number;
  onCommit: (v: number) => void;
  min: number;
  max?: number;
  step?: number | 'any';
  integer?: boolean;
  testId: string;
}

/** A number input that keeps what is typed and commits only valid values to the store. */
function NumberField({ label, value, onCommit, min, max, step = 1, integer = true, testId }: NumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  // Follow the store when it changes from elsewhere, but leave an equivalent typed text alone ("0.50").
  useEffect(() => setText((t) => (t.trim() !== '' && Number(t) === value ? t : String(value))), [value]);
  const accepts = (raw: string) => {
    const v = Number(raw);
    return raw.trim() !== '' && Number.isFinite(v) && v >= min && (max === undefined || v <= max) && (!integer || Number.isInteger(v));
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        min={min}
        max={max}
        step={step}
        value={text}
        aria-invalid={!accepts(text)}
        data-testid={testId}
        onChange={(e) => {
          setText(e.target.value);
          if (accepts(e.target.value)) onCommit(Number(e.target.value));
        }}
        onBlur={() => {
          if (!accepts(text)) setText(String(value));
        }}
      />
    </div>
  );
}

function statusText(s: Pick<RunState, 'status' | 'progress' | 'config' | 'error' | 'elapsedMs' | 'catalog'>): string {
  const { done, total } = s.progress;
  const pct = total > 0 ? Math.floor((100 * done) / total) : 0;
  switch (s.status) {
    case 'idle':
      return s.catalog ? 'Ready. Choose a world and algorithms, then run.' : 'Starting the simulation worker…';
    case 'running':
      return `Running… ${formatInt(done)} / ${formatInt(total)} steps (${pct}%)`;
    case 'done': {
      const c = s.config!;
      return `Done: ${c.algos.length} × ${c.trials} × ${formatInt(c.T)} steps in ${formatSeconds(s.elapsedMs ?? 0)}.`;
    }
    case 'cancelled':
      return `Cancelled after ${formatInt(done)} of ${formatInt(total)} steps.`;
    case 'error':
      return `Error: ${s.error ?? 'unknown'}`;
  }
}

export function RunPanel() {
  const s = useRunStore();
  const { draft, catalog, status, progress } = s;
  const running = status === 'running';
  const lambda = draft.params.lambda ?? defaultParams.lambda;
  const tauMax = draft.params.tauMax ?? defaultParams.tauMax;
  const canRun = catalog !== null && draft.algos.length > 0 && !running;
  const pct = progress.total > 0 ? (100 * progress.done) / progress.total : 0;

  return (
    <section className="card" aria-labelledby="run-title">
      <div className="card-head">
        <h2 id="run-title">Run</h2>
        <p className="card-sub">A seeded simulation in a Web Worker: the same seed gives the same numbers everywhere.</p>
      </div>

      <form
        className="run-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (canRun) void s.start();
        }}
      >
        <div className="fields">
          <div className="field">
            <label htmlFor="world">World</label>
            <select
              id="world"
              value={draft.world}
              data-testid="world"
              disabled={!catalog}
              onChange={(e) => s.updateDraft({ world: e.target.value })}
            >
              {(catalog?.worlds ?? [draft.world]).map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </div>
          <NumberField label="Steps T" value={draft.T} min={1} max={1_000_000} testId="steps" onCommit={(T) => s.updateDraft({ T })} />
          <NumberField label="Trials" value={draft.trials} min={1} max={1000} testId="trials" onCommit={(trials) => s.updateDraft({ trials })} />
          <NumberField label="Seed" value={draft.seed} min={0} max={2 ** 31 - 1} testId="seed" onCommit={(seed) => s.updateDraft({ seed })} />
          <NumberField
            label="Cost weight λ"
            value={lambda}
            min={0}
            step="any"
            integer={false}
            testId="lambda"
            onCommit={(v) => s.updateParams({ lambda: v })}
          />
          <NumberField
            label={
              <>
                Budget τ<sub>max</sub>
              </>
            }
            value={tauMax}
            min={1}
            max={50}
            testId="tau-max"
            onCommit={(v) => s.updateParams({ tauMax: v })}
          />
        </div>

        <fieldset className="algos" disabled={!catalog}>
          <legend>Algorithms</legend>
          <div className="chips">
            {(catalog?.algorithms ?? draft.algos).map((a) => (
              <label key={a} className="chip">
                <input type="checkbox" checked={draft.algos.includes(a)} data-testid={`algo-${a}`} onChange={() => s.toggleAlgo(a)} />
                <span>{a}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="actions">
          {/* Distinct keys: React must not morph the Cancel button into the submit button mid-click
              (the click's default action would then submit the form and start a new run). */}
          {running ? (
            <button key="cancel" type="button" className="btn secondary" data-testid="cancel" onClick={() => s.cancel()}>
              Cancel
            </button>
          ) : (
            <button key="run" type="submit" className="btn primary" data-testid="run" disabled={!canRun}>
              Run simulation
            </button>
          )}
          <div className="status">
            <p
              className={`status-line ${status}`}
              data-testid="run-status"
              data-status={status}
              role={status === 'error' ? 'alert' : 'status'}
              aria-live="polite"
            >
              {statusText(s)}
            </p>
            <div
              className="progress"
              role="progressbar"
              aria-label="Simulation progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(pct)}
              data-visible={status !== 'idle' || undefined}
            >
              <div className="progress-fill" style={{ width: `${pct}%` }} />
            </div>
          </div>
        </div>
      </form>
    </section>
  );
}
