/**
 * The Live panel (issue 44; docs/LIVE.md): the models on their OpenAI-compatible endpoints with prices and keys,
 * the prompts and the grader, a spend cap, and the run as it happens: a cost meter against the cap and each
 * prompt's escalation as its answers arrive. λ and τ_max are the lab's controls. Everything the run records stays in
 * this browser (IndexedDB) and resumes after a reload; "Export as dataset" writes it in the world format.
 */
import { useEffect, useId } from 'react';
import { fmtCount, fmtCounted, fmtUsd, nounFor } from '../../engine/lab/format';
import { ASK_DEFAULTS, MAX_WAIT_MS } from '../../engine/live/client';
import { ALGORITHMS } from '../../engine/policies/algorithms';
import { useCatalog } from '../../state/catalogStore';
import { useImport } from '../../state/importStore';
import {
  cancelLive,
  discardLive,
  exportLive,
  loadModelsFile,
  type ModelDraft,
  modelsFile,
  PANEL_NUMBERS,
  refreshStored,
  replayEndpointModels,
  resumeLive,
  setKey,
  setLiveSettings,
  setRemember,
  startLive,
  useLive,
} from '../../state/liveStore';
import { useParams } from '../../state/params';
import { decimalNumbers, type NumberFormat, useNumberDraft } from '../controls/useNumberDraft';
import { downloadText } from '../share/download';
import './live.css';

const LEARNERS = ALGORITHMS.filter((a) => !a.knowsQ);
/** `npm run replay-endpoint`'s default address. */
const REPLAY_URL = 'http://127.0.0.1:8089/v1';

/** A price per 1M tokens, as live-models.json takes one (engine/live/models.ts). */
const PRICE = decimalNumbers({ integer: false, min: 0, max: Number.POSITIVE_INFINITY });
type PanelNumber = (typeof PANEL_NUMBERS)[number][0];
/** The run's numbers, by the settings' field, each read as its registry entry takes it (engine/live/params.ts). */
const FORMATS = Object.fromEntries(PANEL_NUMBERS.map(([field, p]) => [field, decimalNumbers(p)])) as Record<PanelNumber, NumberFormat>;
const LABELS = Object.fromEntries(PANEL_NUMBERS.map(([field, p]) => [field, p.lab.label])) as Record<PanelNumber, string>;
const TEST_IDS: Record<PanelNumber, string> = { limit: 'live-limit', spendCap: 'live-cap', concurrency: 'live-concurrency', timeoutS: 'live-timeout' };

/** One of the run's numbers: its label and field, from its registry entry. */
function LiveNumber({ field }: { field: PanelNumber }) {
  const id = useId();
  const value = useLive((s) => s[field]);
  return (
    <>
      <label htmlFor={id}>{LABELS[field]}</label>
      <NumberInput id={id} data-testid={TEST_IDS[field]} format={FORMATS[field]} value={value} onCommit={(v) => setLiveSettings({ [field]: v })} />
    </>
  );
}

/** A number field that commits only values its format takes, and marks the rest (useNumberDraft). */
function NumberInput({ value, format, onCommit, ...attrs }: { value: number; format: NumberFormat; onCommit(v: number): void } & Record<string, unknown>) {
  const draft = useNumberDraft(value, format, onCommit);
  return (
    <input
      {...attrs}
      type="text"
      inputMode="decimal"
      value={draft.text}
      aria-invalid={!draft.valid}
      onChange={(e) => draft.onChange(e.target.value)}
      onBlur={draft.onBlur}
    />
  );
}

function ModelRow({ m, i }: { m: ModelDraft; i: number }) {
  const key = useLive((s) => s.keys[m.name] ?? '');
  const models = useLive((s) => s.models);
  const patch = (p: Partial<ModelDraft>) => setLiveSettings({ models: models.map((x, j) => (j === i ? { ...x, ...p } : x)) });
  return (
    <tr data-testid={`live-model-${i}`}>
      <td>
        <input aria-label="name" value={m.name} onChange={(e) => patch({ name: e.target.value })} />
      </td>
      <td>
        <input aria-label="base URL" data-testid={`live-base-${i}`} value={m.baseUrl} onChange={(e) => patch({ baseUrl: e.target.value })} />
      </td>
      <td>
        <input aria-label="model id" value={m.model} onChange={(e) => patch({ model: e.target.value })} />
      </td>
      <td>
        <NumberInput aria-label="input $ per 1M tokens" format={PRICE} value={m.inputPrice} onCommit={(inputPrice) => patch({ inputPrice })} />
      </td>
      <td>
        <NumberInput aria-label="output $ per 1M tokens" format={PRICE} value={m.outputPrice} onCommit={(outputPrice) => patch({ outputPrice })} />
      </td>
      <td>
        <input
          aria-label="API key"
          data-testid={`live-key-${i}`}
          type="password"
          autoComplete="off"
          placeholder="none"
          value={key}
          onChange={(e) => setKey(m.name, e.target.value)}
        />
      </td>
      <td>
        <button
          type="button"
          className="btn small"
          aria-label={`Remove ${m.name}`}
          onClick={() => setLiveSettings({ models: models.filter((_, j) => j !== i) })}
        >
          ✕
        </button>
      </td>
    </tr>
  );
}

function Models() {
  const models = useLive((s) => s.models);
  const remember = useLive((s) => s.remember);
  const blank: ModelDraft = { name: `model-${models.length + 1}`, baseUrl: 'http://127.0.0.1:8000/v1', model: '', inputPrice: 0, outputPrice: 0 };
  return (
    <fieldset className="live-models">
      <legend>Models on OpenAI-compatible endpoints (POST {'{base URL}'}/chat/completions)</legend>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Base URL</th>
            <th>Model id</th>
            <th>$ / 1M in</th>
            <th>$ / 1M out</th>
            <th>Key</th>
            <th>
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {models.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position (names are edited in place)
            <ModelRow key={i} m={m} i={i} />
          ))}
        </tbody>
      </table>
      <div className="live-row">
        <button type="button" className="btn small" data-testid="live-add-model" onClick={() => setLiveSettings({ models: [...models, blank] })}>
          Add a model
        </button>
        <button
          type="button"
          className="btn small"
          data-testid="live-replay-models"
          onClick={() => setLiveSettings({ models: replayEndpointModels(REPLAY_URL) })}
        >
          The replay endpoint’s models
        </button>
        <label className="btn small live-file">
          Load live-models.json
          <input
            type="file"
            accept=".json,application/json"
            data-testid="live-load-models"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then((text) => loadModelsFile(text, file.name));
              e.target.value = '';
            }}
          />
        </label>
        <button
          type="button"
          className="btn small"
          data-testid="live-save-models"
          disabled={models.length === 0}
          onClick={() => downloadText(modelsFile(models), 'live-models.json', 'application/json')}
        >
          Save as live-models.json
        </button>
        <label className="live-remember">
          <input type="checkbox" data-testid="live-remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember keys on this device
          (this tab’s session only)
        </label>
      </div>
      <p className="help" data-testid="live-keys-help">
        {remember ? 'Keys stay in this tab’s memory and its session storage, which the browser clears when the tab closes,' : 'Keys stay in this tab’s memory'}{' '}
        and go only to their own model’s endpoint; never into a link, an export or this browser’s stored settings.{' '}
        <code>npm run replay-endpoint -- --data ../shared/data/mmlu-pro-tigerlab</code> serves recorded answers at {REPLAY_URL} for a demo without real models.
        An endpoint must allow this page’s origin (CORS).
      </p>
    </fieldset>
  );
}

function Settings() {
  const ids = { dataset: useId(), grader: useId(), algo: useId() };
  const s = useLive();
  const datasets = useCatalog((c) => c.catalog.datasets);
  const imports = useImport((i) => i.imports);
  const { lambda, tauMax } = useParams((p) => p.params);
  const listed = [
    ...datasets.map((d) => ({ value: d, label: d.slice('data:'.length) })),
    ...imports.map((m) => ({ value: `import:${m.id}`, label: `${m.name} (your import)` })),
  ];
  const options = listed.some((o) => o.value === s.dataset) ? listed : [{ value: s.dataset, label: s.dataset.slice(s.dataset.indexOf(':') + 1) }, ...listed];
  return (
    <div className="live-settings">
      <label htmlFor={ids.dataset}>Prompts</label>
      <select id={ids.dataset} data-testid="live-dataset" value={s.dataset} onChange={(e) => setLiveSettings({ dataset: e.target.value })}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <LiveNumber field="limit" />
      <label htmlFor={ids.grader}>Grader</label>
      <input id={ids.grader} data-testid="live-grader" value={s.grader} onChange={(e) => setLiveSettings({ grader: e.target.value })} />
      <label htmlFor={ids.algo}>Router</label>
      <select id={ids.algo} data-testid="live-algo" value={s.algo} onChange={(e) => setLiveSettings({ algo: e.target.value })}>
        {LEARNERS.map((a) => (
          <option key={a.id} value={a.id}>
            {a.label}
          </option>
        ))}
        <option value="collect">Collect: every model once per prompt</option>
      </select>
      <LiveNumber field="spendCap" />
      <LiveNumber field="concurrency" />
      <LiveNumber field="timeoutS" />
      <p className="help">
        Requests at once: per endpoint (a router asks one model at a time; collection asks them together). A request that times out, or gets a 429 or a 5xx, is
        retried {ASK_DEFAULTS.retries} times, waiting as long as a Retry-After asks (up to {MAX_WAIT_MS / 1000} s). Graders: choice (a multiple-choice letter),
        exact, regex:PATTERN, number:TOLERANCE. λ = {lambda} and τ<sub>max</sub> = {tauMax} come from the lab’s controls; each model’s c<sub>a</sub> is its
        input plus output price per 1M tokens, and what each query really cost is metered in dollars.
      </p>
    </div>
  );
}

function Run() {
  const s = useLive();
  useEffect(() => void refreshStored(), []);
  const running = s.status === 'running';
  const exportIt = async () => {
    const data = await exportLive();
    if (!data) return;
    downloadText(data.promptsJsonl, 'prompts.jsonl', 'application/x-ndjson');
    downloadText(data.modelsJson, 'models.json', 'application/json');
    useLive.setState({
      error: data.leftOut ? `Left out of the export: ${fmtCounted(data.leftOut, 'prompt')} that not every model answered (collect asks every model)` : null,
    });
  };
  const fraction = s.spendCap > 0 ? Math.min(1, s.spentUsd / s.spendCap) : 0;
  return (
    <div className="live-run">
      <div className="live-row">
        <button type="button" className="btn primary" data-testid="live-start" disabled={running || s.models.length === 0} onClick={() => void startLive()}>
          Run live
        </button>
        {running && (
          <button type="button" className="btn" data-testid="live-cancel" onClick={cancelLive}>
            Cancel
          </button>
        )}
        {!running && s.stored && (
          <>
            <button type="button" className="btn" data-testid="live-resume" onClick={() => void resumeLive()}>
              Resume the stored run ({fmtCounted(s.stored.queries, 'query', 'queries')} recorded)
            </button>
            <button type="button" className="btn" data-testid="live-export" onClick={() => void exportIt()}>
              Export as dataset
            </button>
            <button type="button" className="btn link" data-testid="live-discard" onClick={() => void discardLive()}>
              Discard the recording
            </button>
          </>
        )}
      </div>
      {s.error && (
        <p className="help error" role="alert" data-testid="live-error">
          {s.error}
        </p>
      )}
      {s.status !== 'idle' && (
        <div className="live-meter" data-testid="live-meter" data-status={s.status}>
          <div className="live-bar" aria-hidden="true">
            <div className="live-bar-fill" style={{ transform: `scaleX(${fraction})` }} />
          </div>
          <p data-testid="live-figures">
            <span data-testid="live-spent">{fmtUsd(s.spentUsd)}</span> of {fmtUsd(s.spendCap)} spent · {fmtCount(s.done)} of {fmtCount(s.of)} prompts ·{' '}
            <span data-testid="live-asked">{fmtCount(s.asked)}</span> {nounFor(s.asked, 'query', 'queries')} asked
            {s.replayed > 0 ? `, ${fmtCount(s.replayed)} replayed from the recording` : ''}
            {s.estimated > 0 ? ` · the cost of ${fmtCount(s.estimated)} estimated from lengths (no usage from the endpoint)` : ''}
            {s.reasked > 0 && (
              <span data-testid="live-reasked">
                {' '}
                · {fmtCounted(s.reasked, 're-ask')} of a model that had failed on the same prompt (Protocol 1 allows them, each paid; at temperature 0 the
                answer is usually the same)
              </span>
            )}
            {s.status === 'done' && s.summary?.stoppedBy === 'spend-cap' ? ' · stopped by the spend cap' : ''}
            {s.status === 'cancelled' ? ' · cancelled: what finished is recorded' : ''}
          </p>
          {s.summary?.success !== undefined && (
            <p data-testid="live-summary">
              Success {(100 * s.summary.success).toFixed(1)}% · mean utility {s.summary.utility!.toFixed(4)} · {s.summary.queriesPerPrompt!.toFixed(2)} queries
              per prompt
            </p>
          )}
        </div>
      )}
      {s.current && running && (
        <p className="live-current" data-testid="live-current" aria-live="polite">
          Asking for {s.current.promptId}:{' '}
          {s.current.pulls.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a query's place in the escalation
            <span key={i} className={p.reward ? 'live-ok' : 'live-fail'}>
              {i > 0 ? ' → ' : ''}
              {p.model} {p.reward ? '✓' : '✗'}
            </span>
          ))}
          …
        </p>
      )}
      <ol className="live-steps" data-testid="live-steps">
        {s.steps.map((step) => (
          <li key={step.t}>
            <span className="muted">#{step.t + 1}</span> {step.promptId}:{' '}
            {step.pulls.length === 0
              ? 'stopped without asking'
              : step.pulls.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a query's place in the escalation
                  <span key={i} className={p.reward ? 'live-ok' : 'live-fail'}>
                    {i > 0 ? ' → ' : ''}
                    {p.model} {p.reward ? '✓' : '✗'}
                  </span>
                ))}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function LivePanel() {
  const stored = useLive((s) => s.stored);
  // `data-stored`: whether a recording is stored, once read (the specs wait for it).
  return (
    <div className="live-panel" data-testid="live-panel" data-stored={stored === undefined ? 'unknown' : stored ? 'yes' : 'no'}>
      <Models />
      <Settings />
      <Run />
    </div>
  );
}
