/**
 * "Bring your own data": pick or drop a prompts file (JSONL or CSV) and optionally a models.json, check the
 * preview and the mapping, set prices (or per-prompt costs), then "Import and run". Every prompt text is
 * rendered as React text, never as HTML. The stored imports are listed with a delete button.
 */
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { ImportError, MAX_IMPORT_BYTES } from '../../engine/import/errors';
import { importWarnings, parsePrices } from '../../engine/import/importDataset';
import { notAModelReason } from '../../engine/import/mapping';
import { fmtCount, fmtCounted } from '../../engine/lab/format';
import { ownValue } from '../../engine/userKeys';
import { sameNamedImport, useImport } from '../../state/importStore';
import { useParams } from '../../state/params';
import './import.css';

const ACCEPT = '.jsonl,.json,.csv,.ndjson';
/** Long prompts are cut in the preview table (the full text is in the cell's title). */
const PREVIEW_CHARS = 160;

export function ImportPanel() {
  const stage = useImport((s) => s.stage);
  const error = useImport((s) => s.error);
  const preview = useImport((s) => s.preview);
  const accepted = useImport((s) => s.accepted);
  const readingNames = useImport((s) => s.readingNames);
  const refreshImports = useImport((s) => s.refreshImports);

  useEffect(() => {
    void refreshImports();
  }, [refreshImports]);

  return (
    <section className="card import-panel" data-testid="import-panel" data-stage={stage} aria-labelledby="import-title">
      <div className="card-head">
        <div className="card-titles">
          <h2 id="import-title">Bring your own data</h2>
          <p className="card-sub">
            A prompts file — JSONL ({'{id, text, task, outcomes}'} per line) or CSV (a text column, one 0/1 or score column per model) — and optionally a
            models.json with prices. It stays in this browser.
          </p>
        </div>
      </div>
      <FilePicker />
      {stage === 'reading' && (
        <p className="muted" role="status" data-testid="import-reading">
          Reading {readingNames.join(', ')}…
        </p>
      )}
      {error && (
        <div className="import-error" role="alert" data-testid="import-error">
          <strong>Not imported:</strong> <span data-testid="import-error-message">{error.message}</span>
          {(error.others?.length ?? 0) > 0 && (
            // Every problem of the file at once (issue 15, item 6), not one per attempt.
            <>
              <p>{fmtCounted((error.others?.length ?? 0) + (error.unlisted ?? 0), 'more problem')} in the same file:</p>
              <ul className="import-error-list" data-testid="import-error-list">
                {error.others!.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
              {(error.unlisted ?? 0) > 0 && <p data-testid="import-error-unlisted">…and {fmtCount(error.unlisted!)} more not listed.</p>}
            </>
          )}
          <p className="muted">Nothing was changed: the data you had stays as it was.</p>
        </div>
      )}
      {preview && <PreviewSection />}
      {stage === 'accepted' && accepted && (
        <p className="import-ok" role="status" data-testid="import-accepted">
          Imported “{accepted.name}” ({fmtCount(accepted.rows)} prompts); running it now.
        </p>
      )}
      <StoredImports />
    </section>
  );
}

function FilePicker() {
  const selectFiles = useImport((s) => s.selectFiles);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    void selectFiles([...e.dataTransfer.files]);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a pointer shortcut for the "Choose files…" control inside, which keyboards use
    <div
      className={over ? 'import-drop over' : 'import-drop'}
      data-testid="import-drop"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId} className="btn secondary small">
        Choose files…
      </label>
      <input
        id={inputId}
        ref={input}
        className="visually-hidden"
        type="file"
        accept={ACCEPT}
        multiple
        data-testid="import-file"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Clear the input so choosing the same file again (after fixing it) fires a change.
          e.target.value = '';
          void selectFiles(files);
        }}
      />
      <span className="muted">or drop a prompts file (.jsonl, .csv) and a models.json here · at most {MAX_IMPORT_BYTES / 2 ** 20} MB each</span>
    </div>
  );
}

function PreviewSection() {
  const s = useImport();
  const preview = s.preview!;
  const nameId = useId();
  const validating = s.stage === 'validating';
  // Keyed by model name, which is user text (a model may be called __proto__): a Map.
  const priceProblems = new Map(s.costMode === 'set' ? s.models.map((m) => [m, priceProblem(m, s.prices)]) : []);
  const warnings = importWarnings(preview, s.mapping);
  const taken = sameNamedImport(s.name, s.imports);
  const canRun = !validating && s.stage !== 'reading' && s.models.length > 0 && [...priceProblems.values()].every((p) => p === null);
  return (
    <div className="import-preview" data-testid="import-preview">
      <p className="muted" data-testid="import-file-name">
        {preview.file}: {preview.format.toUpperCase()}, first {preview.rows.length} rows
        {s.modelsFile ? ` · prices from ${s.modelsFile.name}` : ''}
      </p>
      {warnings.length > 0 && (
        <ul className="import-warnings" data-testid="import-warnings" aria-label="What this import would leave out">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div className="import-table-wrap">
        <table className="import-table" data-testid="import-preview-table">
          <thead>
            <tr>
              <th scope="col">line</th>
              {preview.columns.map((c) => (
                <th scope="col" key={c}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.line}>
                <td className="num">{r.line}</td>
                {r.cells.map((cell, i) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: a cell's column is its identity
                    key={i}
                    title={cell.length > PREVIEW_CHARS ? cell : undefined}
                  >
                    {cell.length > PREVIEW_CHARS ? `${cell.slice(0, PREVIEW_CHARS)}…` : cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="import-form">
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          type="text"
          value={s.name}
          onChange={(e) => s.setName(e.target.value)}
          data-testid="import-name"
          aria-describedby={taken ? `${nameId}-taken` : undefined}
        />
        {taken && (
          // Said before the import, not after (issue 15, item 6).
          <p id={`${nameId}-taken`} className="warning-text" data-testid="import-name-taken">
            An import named “{taken.name}” is already stored ({fmtCount(taken.rows)} prompts × {taken.models.length} models): this one replaces it if its data
            are the same, and is kept beside it under the same name if not. Rename it to tell them apart.
          </p>
        )}
      </div>

      {preview.format === 'csv' && s.mapping && <CsvMappingForm />}

      <fieldset className="import-models" data-testid="import-models">
        <legend>Models {preview.format === 'csv' ? '(columns with outcomes)' : '(from the first row’s outcomes)'}</legend>
        {(preview.format === 'csv' ? preview.columns : preview.models).map((m) => {
          const csvRole =
            preview.format === 'csv' && s.mapping && [s.mapping.textColumn, s.mapping.idColumn, s.mapping.taskColumn, s.mapping.answerColumn].includes(m);
          if (csvRole) return null;
          const ticked = s.models.includes(m);
          // Why an unticked column is not a model (issue 15, item 6): what it holds, or that the user unticked it.
          const why = ticked ? null : ((preview.format === 'csv' ? notAModelReason(preview.rows, preview.columns.indexOf(m)) : null) ?? 'unticked by you');
          return (
            <label key={m} className="check">
              <input type="checkbox" checked={ticked} onChange={() => s.toggleModel(m)} data-testid={`import-model-${m}`} />
              {m}
              {why && (
                <span className="muted import-why" data-testid={`import-model-why-${m}`}>
                  {' '}
                  — not a model: {why}
                </span>
              )}
            </label>
          );
        })}
      </fieldset>

      <fieldset className="import-costs" data-testid="import-costs">
        <legend>Costs</legend>
        <label className="check">
          <input type="radio" name="import-cost-mode" checked={s.costMode === 'set'} onChange={() => s.setCostMode('set')} data-testid="import-cost-set" />a set
          price per model
        </label>
        <label className="check">
          <input
            type="radio"
            name="import-cost-mode"
            checked={s.costMode === 'per_prompt'}
            disabled={preview.costFields.length === 0}
            onChange={() => s.setCostMode('per_prompt')}
            data-testid="import-cost-per-prompt"
          />
          per prompt, from the field{' '}
          <select
            value={s.costField}
            disabled={preview.costFields.length === 0}
            onChange={(e) => {
              s.setCostField(e.target.value);
              s.setCostMode('per_prompt');
            }}
            data-testid="import-cost-field"
            aria-label="Per-prompt cost field"
          >
            {preview.costFields.length === 0 && <option value="">(the rows have none)</option>}
            {preview.costFields.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        {s.costMode === 'set' && (
          <table className="import-prices" data-testid="import-prices">
            <tbody>
              {s.models.map((m) => {
                const problem = priceProblems.get(m) ?? null;
                return (
                  <tr key={m}>
                    <th scope="row">
                      <label htmlFor={`${nameId}-price-${m}`}>{m}</label>
                    </th>
                    <td>
                      <input
                        id={`${nameId}-price-${m}`}
                        type="text"
                        inputMode="decimal"
                        value={ownValue(s.prices, m) ?? ''}
                        onChange={(e) => s.setPrice(m, e.target.value)}
                        aria-invalid={problem !== null}
                        aria-describedby={problem ? `${nameId}-price-${m}-problem` : undefined}
                        data-testid={`import-price-${m}`}
                      />
                    </td>
                    <td>
                      {problem && (
                        <span id={`${nameId}-price-${m}-problem`} className="error-text" data-testid={`import-price-problem-${m}`}>
                          {problem}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </fieldset>

      <div className="import-actions">
        <button type="button" className="btn" disabled={!canRun} onClick={() => void s.runImport()} data-testid="import-run">
          {validating ? 'Validating…' : 'Import and run'}
        </button>
        <button type="button" className="btn secondary small" onClick={s.reset} disabled={validating} data-testid="import-cancel">
          Cancel
        </button>
        {validating && (
          <span className="muted" role="status" data-testid="import-progress">
            {s.progress ? `Checked ${fmtCount(s.progress.done)} of ${fmtCount(s.progress.total)} rows` : 'Reading the file…'}
          </span>
        )}
      </div>
    </div>
  );
}

/** The inline message for one price as typed (the same check the import runs), or null when it is fine. */
function priceProblem(model: string, prices: Record<string, string>): string | null {
  try {
    parsePrices([model], prices);
    return null;
  } catch (e) {
    return e instanceof ImportError ? e.problem : String(e);
  }
}

function CsvMappingForm() {
  const mapping = useImport((s) => s.mapping)!;
  const columns = useImport((s) => s.preview?.columns ?? []);
  const setMapping = useImport((s) => s.setMapping);
  const id = useId();
  const select = (label: string, value: string | undefined, onChange: (v: string | undefined) => void, optional: string | null, testId: string) => (
    <>
      <label htmlFor={`${id}-${testId}`}>{label}</label>
      <select id={`${id}-${testId}`} value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)} data-testid={testId}>
        {optional !== null && <option value="">{optional}</option>}
        {columns.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </>
  );
  return (
    <div className="import-form import-mapping" data-testid="import-mapping">
      {select('Text column', mapping.textColumn, (v) => v && setMapping({ textColumn: v }), null, 'import-text-column')}
      {select('Id column', mapping.idColumn, (v) => setMapping({ idColumn: v }), '(none: row numbers)', 'import-id-column')}
      {select('Task column', mapping.taskColumn, (v) => setMapping({ taskColumn: v }), '(none: all one task)', 'import-task-column')}
      {select('Answer column', mapping.answerColumn, (v) => setMapping({ answerColumn: v }), '(none: for live runs’ graders)', 'import-answer-column')}
    </div>
  );
}

function StoredImports() {
  const imports = useImport((s) => s.imports);
  const removeImport = useImport((s) => s.removeImport);
  const world = useParams((s) => s.params.world);
  if (imports.length === 0)
    return (
      <p className="muted" data-testid="imports-empty">
        No imported datasets yet.
      </p>
    );
  return (
    <div className="import-stored">
      <h3>Imported datasets</h3>
      <ul data-testid="imports-list">
        {imports.map((d) => {
          const worldName = `import:${d.id}`;
          const selected = world === worldName;
          return (
            <li key={d.id} data-testid="import-item" data-id={d.id} data-selected={selected}>
              <button
                type="button"
                className={selected ? 'link-btn on' : 'link-btn'}
                aria-pressed={selected}
                onClick={() => useParams.getState().set({ world: worldName })}
                title="Run this dataset"
              >
                {d.name}
              </button>{' '}
              <span className="muted">
                {fmtCount(d.rows)} prompts × {d.models.length} models · {new Date(d.importedAt).toLocaleString()}
              </span>{' '}
              {d.damaged && (
                <span className="import-damaged" role="alert" data-testid="import-damaged">
                  Damaged: {d.damaged}. Delete it and import its file again.
                </span>
              )}{' '}
              <button
                type="button"
                className="btn secondary small"
                onClick={() => void removeImport(d.id)}
                aria-label={`Delete ${d.name}`}
                data-testid="import-delete"
              >
                Delete
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
