import { useId } from 'react';
import { fmtCount } from '../../engine/lab/format';
import { ALL_ALGO_IDS, FOCUSED_ALGO_IDS } from '../../state/catalog';
import { useCatalog } from '../../state/catalogStore';
import { useImport } from '../../state/importStore';
import { setParams, useLab } from '../../state/labStore';
import { useParams } from '../../state/params';
import { isDatasetWorldName, LIMITS } from '../../state/urlCodec';
import { LambdaHelp, TauMaxHelp } from '../views/Teach';
import { DatasetControls } from './DatasetControls';
import { HelpText } from './HelpText';
import { HELP } from './help';
import { SeedField } from './SeedField';
import { Slider } from './Slider';
import { formatLambda, LAMBDA_STEPS, lambdaAt, lambdaIndex } from './scales';

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

function AlphaControl() {
  const alpha = useParams((s) => s.params.alpha);
  const auto = alpha === null;
  return (
    <Slider
      label="UCB width α"
      valueText={auto ? 'auto' : alpha.toFixed(1)}
      min={LIMITS.alpha.min}
      max={LIMITS.alpha.max}
      step={0.1}
      value={auto ? 2 : alpha}
      disabled={auto}
      onChange={(v) => setParams({ alpha: Math.round(v * 10) / 10 })}
      help={HELP.alpha}
      testId="alpha"
      aside={
        <label className="mini-switch">
          <input type="checkbox" checked={auto} data-testid="alpha-auto" onChange={(e) => setParams({ alpha: e.target.checked ? null : 2 })} />
          auto
        </label>
      }
    />
  );
}

/** Every parameter of the run, each with its value and a one-line help. */
export function ControlsPanel() {
  const p = useParams((s) => s.params);
  const reroll = useParams((s) => s.rerollSeed);
  const reset = useParams((s) => s.resetParams);
  return (
    <div className="controls-body">
      <WorldPicker />
      <DatasetControls />
      {/* λ and τ_max first: the core loop of the lab (move a slider, see the answer) is above the fold. */}
      <Slider
        label={
          <>
            Cost weight λ <span className="muted">(log scale)</span>
          </>
        }
        valueText={formatLambda(p.lambda)}
        min={0}
        max={LAMBDA_STEPS}
        step={1}
        value={lambdaIndex(p.lambda)}
        onChange={(i) => setParams({ lambda: lambdaAt(i) })}
        help={(id) => <LambdaHelp id={id} value={p.lambda} />}
        testId="lambda"
      />
      <Slider
        label={
          <>
            Budget τ<sub>max</sub>
          </>
        }
        valueText={String(p.tauMax)}
        min={LIMITS.tauMax.min}
        max={LIMITS.tauMax.max}
        step={1}
        value={p.tauMax}
        onChange={(v) => setParams({ tauMax: v })}
        help={(id) => <TauMaxHelp id={id} value={p.tauMax} />}
        testId="tau-max"
      />
      <AlgoChips />
      <AlphaControl />
      <Slider
        label={
          <>
            Exploration τ<sub>exp</sub>
          </>
        }
        valueText={String(p.tauExp)}
        min={LIMITS.tauExp.min}
        max={LIMITS.tauExp.max}
        step={1}
        value={p.tauExp}
        onChange={(v) => setParams({ tauExp: v })}
        help={HELP.tauExp}
        testId="tau-exp"
      />
      <Slider
        label="Prompts T"
        valueText={fmtCount(p.T)}
        min={LIMITS.T.min}
        max={LIMITS.T.max}
        step={100}
        value={p.T}
        onChange={(v) => setParams({ T: v })}
        help={HELP.T}
        testId="steps"
      />
      <Slider
        label="Trials"
        valueText={String(p.trials)}
        min={LIMITS.trials.min}
        max={LIMITS.trials.max}
        step={1}
        value={p.trials}
        onChange={(v) => setParams({ trials: v })}
        help={HELP.trials}
        testId="trials"
      />
      <SeedField value={p.seed} onCommit={(seed) => setParams({ seed })} onReroll={reroll} help={HELP.seed} />
      <button type="button" className="btn link" onClick={reset} data-testid="reset-params">
        Reset to defaults
      </button>
    </div>
  );
}
