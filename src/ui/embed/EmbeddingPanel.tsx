/**
 * Settings and a live check of the in-browser embeddings: model id, weights base URL (empty = Hugging Face
 * hub), device (auto / WebGPU / WASM) and weights precision; a progress bar for download and start-up, the
 * device that ran, and an "Embed" button that embeds a few sentences and shows their dimension, how many came
 * from the cache, and their first values. A failure shows one readable sentence; nothing else on the page
 * depends on this panel.
 */
import { useEffect, useId, useState } from 'react';
import {
  DEFAULT_EMBED_SETTINGS,
  type DevicePreference,
  type DtypePreference,
  isModelId,
  progressFraction,
  progressLabel,
  sourceLabel,
  weightsSource,
} from '../../embed/types';
import { fmtCounted } from '../../engine/lab/format';
import { clearEmbeddings, embedTestSentences, probeWebGpu, useEmbed } from '../../state/embedStore';
import './embed.css';

const DEFAULT_TEST_TEXTS = 'hello world\ndef add(a,b): return a+b';
/** A model folder served by this app next to the build (vite's dev and preview servers), for offline use. */
const LOCAL_FIXTURE = { baseUrl: '/shared/models/', model: 'fixtures/tiny-random-bert' };

const DEVICE_NAMES: Record<string, string> = { webgpu: 'WebGPU', wasm: 'WASM (CPU)', cpu: 'CPU (Node)' };

function StatusLine() {
  const status = useEmbed((s) => s.status);
  const webgpu = useEmbed((s) => s.webgpuAvailable);
  const threads = useEmbed((s) => s.wasmThreads);
  const calls = useEmbed((s) => s.calls);
  const attrs = { 'data-testid': 'embed-status', 'data-status': status.kind, 'data-call': calls };
  switch (status.kind) {
    case 'idle':
      return (
        <p className="embed-status muted" {...attrs}>
          Not loaded yet{webgpu === null ? '.' : webgpu ? ': WebGPU is available.' : ': no WebGPU adapter, WASM will run.'}
        </p>
      );
    case 'loading': {
      const fraction = status.progress ? progressFraction(status.progress) : null;
      const label = status.progress ? progressLabel(status.progress) : 'Starting the embedding worker…';
      return (
        <div className="embed-status" {...attrs}>
          <progress className="embed-progress" data-testid="embed-progress" aria-label={label} max={1} {...(fraction === null ? {} : { value: fraction })} />
          <span className="muted" aria-live="polite">
            {label}
          </span>
        </div>
      );
    }
    case 'ready':
      return (
        <p className="embed-status" {...attrs} data-device={status.device}>
          Running on <strong data-testid="embed-device">{DEVICE_NAMES[status.device] ?? status.device}</strong> ({status.dtype}
          {status.device === 'wasm' && threads !== null && (
            <span data-testid="embed-threads">
              , {threads} {threads === 1 ? 'thread: the page is not cross-origin isolated' : 'threads'}
            </span>
          )}
          ).
        </p>
      );
    case 'error':
      return (
        <div className="embed-status" {...attrs}>
          <p className="error-text embed-error" role="alert" data-testid="embed-error">
            {status.message}
          </p>
        </div>
      );
  }
}

function Report() {
  const report = useEmbed((s) => s.lastReport);
  const test = useEmbed((s) => s.lastTest);
  if (!report) return null;
  return (
    <div className="embed-report">
      <p
        data-testid="embed-report"
        data-dims={report.dims}
        data-cached={report.cached}
        data-computed={report.computed}
        data-dropped={report.dropped}
        data-device={report.device}
        data-dtype={report.dtype}
      >
        {fmtCounted(report.count, 'text')} · <strong>{report.dims} dimensions</strong> ·{' '}
        <span data-testid="embed-cache-counts">
          {report.cached} cached, {report.computed} computed
          {report.dropped > 0 && `, ${report.dropped} damaged in the cache and computed again`}
        </span>{' '}
        · {DEVICE_NAMES[report.device] ?? report.device} ({report.dtype}) · {report.seconds.toFixed(2)} s
      </p>
      {test && (
        <ol className="embed-vectors" data-testid="embed-vectors" data-vectors={JSON.stringify(test.vectors)}>
          {test.texts.map((text, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the texts as typed, in order; a text may repeat, so its line is its identity
              key={i}
            >
              <span className="embed-text">{text}</span>{' '}
              <code>
                [
                {test.vectors[i]
                  .slice(0, 5)
                  .map((x) => x.toFixed(4))
                  .join(', ')}
                , …]
              </code>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The model id as typed, committed on Enter or when the field loses the focus: the model is in the link and names
 * the run (embedStore.ts), so a half-typed id must not start runs or be put back to the default while typing. Text
 * that is not a model id (embed/types.ts isModelId: one word) is marked and never committed.
 */
function ModelField({ id }: { id: string }) {
  const model = useEmbed((s) => s.settings.model);
  const setSettings = useEmbed((s) => s.setSettings);
  const [draft, setDraft] = useState(model);
  useEffect(() => setDraft(model), [model]);
  const typed = draft.trim();
  const commit = () => {
    if (isModelId(typed) && typed !== model) setSettings({ model: typed });
    else setDraft(model);
  };
  return (
    <input
      id={id}
      data-testid="embed-model"
      type="text"
      spellCheck={false}
      aria-invalid={!isModelId(typed)}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

export function EmbeddingPanel() {
  const settings = useEmbed((s) => s.settings);
  const setSettings = useEmbed((s) => s.setSettings);
  const busy = useEmbed((s) => s.status.kind === 'loading');
  const [texts, setTexts] = useState(DEFAULT_TEST_TEXTS);
  const [open, setOpen] = useState(false);
  const id = useId();

  // Asking for a WebGPU adapter starts the worker (and loads transformers.js in it): only once the panel is open.
  useEffect(() => {
    if (open && useEmbed.getState().webgpuAvailable === null) void probeWebGpu();
  }, [open]);

  const lines = texts
    .split('\n')
    .map((t) => t.trim())
    .filter((t) => t !== '');

  return (
    <section className="card embed-panel" data-testid="embed-panel" data-open={open} aria-labelledby={`${id}-title`}>
      <div className="card-head">
        <div className="card-titles">
          <h2 id={`${id}-title`}>Embeddings in the browser</h2>
          <p className="card-sub">
            {settings.model} from {sourceLabel(settings)}: sentence embeddings computed on this device by an ONNX model (mean pooling, normalised) in a worker,
            cached in this browser (IndexedDB) per model and text.
          </p>
        </div>
        <button
          type="button"
          className="btn secondary small"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          data-testid="embed-toggle"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide' : 'Settings and test'}
        </button>
      </div>
      <div id={`${id}-body`} className="embed-body" hidden={!open}>
        <div className="embed-grid">
          <label htmlFor={`${id}-model`}>Model</label>
          <ModelField id={`${id}-model`} />
          <label htmlFor={`${id}-base`}>Model base URL</label>
          <input
            id={`${id}-base`}
            data-testid="embed-base"
            type="text"
            spellCheck={false}
            placeholder="empty: the Hugging Face hub"
            aria-describedby={`${id}-base-help`}
            value={settings.baseUrl}
            onChange={(e) => setSettings({ baseUrl: e.target.value })}
          />
          <p id={`${id}-base-help`} className="embed-help muted">
            <BaseUrlVerdict baseUrl={settings.baseUrl} /> To serve the weights yourself, give the folder that holds <code>&lt;model&gt;/config.json</code>,{' '}
            <code>tokenizer.json</code> and <code>onnx/model_quantized.onnx</code> (and <code>model.onnx</code> for WebGPU): an http(s) URL or a path on this
            site.
          </p>
          <label htmlFor={`${id}-device`}>Device</label>
          <select
            id={`${id}-device`}
            data-testid="embed-device-pref"
            value={settings.device}
            onChange={(e) => setSettings({ device: e.target.value as DevicePreference })}
          >
            <option value="auto">Auto (WebGPU if available, else WASM)</option>
            <option value="webgpu">WebGPU</option>
            <option value="wasm">WASM (CPU)</option>
          </select>
          <label htmlFor={`${id}-dtype`}>Weights</label>
          <select
            id={`${id}-dtype`}
            data-testid="embed-dtype"
            value={settings.dtype}
            onChange={(e) => setSettings({ dtype: e.target.value as DtypePreference })}
          >
            <option value="auto">Auto (q8 on WASM, fp32 on WebGPU)</option>
            <option value="q8">q8 (quantised, smaller)</option>
            <option value="fp32">fp32</option>
          </select>
        </div>
        <div className="embed-presets">
          <button
            type="button"
            className="btn link"
            data-testid="embed-preset-hub"
            onClick={() => setSettings({ model: DEFAULT_EMBED_SETTINGS.model, baseUrl: '' })}
          >
            Hub default (all-MiniLM-L6-v2)
          </button>
          <button type="button" className="btn link" data-testid="embed-preset-local" onClick={() => setSettings(LOCAL_FIXTURE)}>
            Local test model ({LOCAL_FIXTURE.baseUrl}
            {LOCAL_FIXTURE.model})
          </button>
        </div>

        <label htmlFor={`${id}-texts`} className="embed-texts-label">
          Sentences to embed (one per line)
        </label>
        <textarea id={`${id}-texts`} data-testid="embed-texts" rows={3} value={texts} onChange={(e) => setTexts(e.target.value)} />
        <div className="embed-actions">
          <button
            type="button"
            className="btn primary"
            data-testid="embed-run"
            disabled={busy || lines.length === 0}
            onClick={() => void embedTestSentences(lines)}
          >
            Embed
          </button>
          <button type="button" className="btn secondary" data-testid="embed-clear" disabled={busy} onClick={() => void clearEmbeddings()}>
            Clear cache
          </button>
        </div>
      </div>
      <StatusLine />
      <Report />
    </section>
  );
}

/** Which host the base URL makes the browser contact, said before anything is fetched; or why it is refused. */
function BaseUrlVerdict({ baseUrl }: { baseUrl: string }) {
  const source = weightsSource(baseUrl);
  switch (source.kind) {
    case 'hub':
      return <span data-testid="embed-base-host">Contacts {source.host} (the Hugging Face hub).</span>;
    case 'remote':
      return <span data-testid="embed-base-host">Contacts {source.host}.</span>;
    case 'site':
      return <span data-testid="embed-base-host">Reads from this site ({source.path}); contacts no other host.</span>;
    case 'refused':
      return (
        <span className="error-text" data-testid="embed-base-problem" role="alert">
          Refused: {source.problem}.
        </span>
      );
  }
}
