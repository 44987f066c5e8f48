import { useId } from 'react';
import { ALL_ALGO_IDS, FOCUSED_ALGO_IDS } from '../../state/catalog';
import { useCatalog } from '../../state/catalogStore';
import { useImport } from '../../state/importStore';
import { setParams, useLab } from '../../state/labStore';
import { useParams } from '../../state/params';
import { isDatasetWorldName, LAB_NUMBER_KEYS, type LabNumberKey, LIMITS } from '../../state/urlCodec';
import { LambdaHelp, TauMaxHelp } from '../views/Teach';
import { DatasetControls } from './DatasetControls';
import { HelpText } from './HelpText';
import { HELP } from './help';
import { NumberControl } from './NumberControl';

function WorldPicker() {
  const id = useId();
  const world = useParams((s) => s.params.world);
  const worlds = useCatalog((s) => s.catalog.worlds);
  const datasets = useCatalog((s) => s.catalog.datasets);
  const imports = useImport((s) => s.imports);
  // A link may name a dataset this page does not list (another browser's import, a folder not served here):
  // keep it selectable so the picker shows the truth, and let the run say what is wrong.
  const unlisted = isDatasetWorldName(world) && !datasets.includes(world) && !imports.some((m) => `import:${m.id}` === world);
  const result = useLab((s) => s.result);
  const ran = result && result.config.world === world ? result.world : null;
  const listed = worlds.find((w) => w.name === world);
  // The catalog may not list models and costs; the last run's world info does.
  const info = listed && listed.arms.length === 0 && ran ? { ...listed, arms: ran.arms, costs: ran.costs } : listed;
  return (
    <div className="control">
      <div className="control-head">
        <label htmlFor={id}>Scenario</label>
      </div>
      <select id={id} value={world} data-testid="world" aria-describedby={`${id}-help`} onChange={(e) => setParams({ world: e.target.value })}>
        <optgroup label="Built-in scenarios">
          {worlds.map((w) => (
            <option key={w.name} value={w.name}>
              {w.name}
            </option>
          ))}
        </optgroup>
        {datasets.length > 0 && (
          <optgroup label="Recorded datasets">
            {datasets.map((name) => (
              <option key={name} value={name}>
                {name.slice('data:'.length)}
              </option>
            ))}
          </optgroup>
        )}
        {(imports.length > 0 || unlisted) && (
          <optgroup label="Your imports">
            {imports.map((m) => (
              <option key={m.id} value={`import:${m.id}`}>
                {m.name} ({m.rows} prompts)
              </option>
            ))}
            {unlisted && <option value={world}>{world.slice(world.indexOf(':') + 1)} (not found in this browser)</option>}
          </optgroup>
        )}
      </select>
      <HelpText id={`${id}-help`}>{info?.description || HELP.world}</HelpText>
      {info && info.arms.length > 0 && (
        <p className="help arms-line">
          {info.arms.map((a, i) => (
            <span key={a} className="arm-cost">
              {a}
              {info.costs[i] !== undefined && <span className="muted"> · {Number(info.costs[i].toPrecision(3))}</span>}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/** One click to a whole selection: the focused first view or every algorithm (catalog.ts). */
const SELECTIONS = [
  { id: 'focused', label: 'Focused', ids: FOCUSED_ALGO_IDS, title: 'PromptWise, PromptWise-Budget, Greedy and the oracle: the first view' },
  { id: 'all', label: 'All algorithms', ids: ALL_ALGO_IDS, title: 'Every algorithm of the paper and of this lab (algos=all in the link)' },
] as const;

function AlgoChips() {
  const algos = useParams((s) => s.params.algos);
  const toggle = useParams((s) => s.toggleAlgo);
  const catalog = useCatalog((s) => s.catalog.algorithms);
  const same = (ids: readonly string[]) => ids.length === algos.length && ids.every((id) => algos.includes(id));
  return (
    <fieldset className="control algos">
      <legend>Algorithms</legend>
      <div className="algo-selections">
        {SELECTIONS.map((sel) => (
          <button
            key={sel.id}
            type="button"
            className="btn small"
            aria-pressed={same(sel.ids)}
            title={sel.title}
            data-testid={`algos-${sel.id}`}
            onClick={() => setParams({ algos: [...sel.ids] })}
          >
            {sel.label} ({sel.ids.length})
          </button>
        ))}
      </div>
      <div className="chips">
        {catalog.map((a) => {
          const on = algos.includes(a.id);
          return (
            <label key={a.id} className="chip" title={a.description}>
              <input type="checkbox" checked={on} disabled={on && algos.length === 1} data-testid={`algo-${a.id}`} onChange={() => toggle(a.id)} />
              <span>{a.label}</span>
            </label>
          );
        })}
      </div>
      <HelpText>{HELP.algos}</HelpText>
    </fieldset>
  );
}

/** λ and τ_max first: the core loop of the lab (move a slider, see the answer) is above the fold. */
const FIRST: LabNumberKey[] = ['lambda', 'tauMax'];
/** After the algorithms, every other number of the registry that every world takes, in the registry's order. */
const REST = LAB_NUMBER_KEYS.filter((k) => !FIRST.includes(k) && !LIMITS[k].datasetOnly);

/** Every parameter of the run, each with its value and a one-line help. */
export function ControlsPanel() {
  const reroll = useParams((s) => s.rerollSeed);
  const reset = useParams((s) => s.resetParams);
  return (
    <div className="controls-body">
      <WorldPicker />
      <DatasetControls />
      <NumberControl k="lambda" help={(id, value) => <LambdaHelp id={id} value={value} />} />
      <NumberControl k="tauMax" help={(id, value) => <TauMaxHelp id={id} value={value} />} />
      <AlgoChips />
      {REST.map((k) => (
        <NumberControl key={k} k={k} aside={k === 'seed' && <RerollButton onClick={reroll} />} />
      ))}
      <button type="button" className="btn link" onClick={reset} data-testid="reset-params">
        Reset to defaults
      </button>
    </div>
  );
}

function RerollButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="btn icon" onClick={onClick} title="Roll a new random seed 🎲" aria-label="New random seed" data-testid="reroll">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <rect x="3" y="3" width="18" height="18" rx="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="8" cy="8" r="1.6" fill="currentColor" />
        <circle cx="12" cy="12" r="1.6" fill="currentColor" />
        <circle cx="16" cy="16" r="1.6" fill="currentColor" />
      </svg>
    </button>
  );
}
