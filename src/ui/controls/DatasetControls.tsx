/**
 * Controls of a recorded-dataset world (`data:…`, `import:…`): how prompts become contexts (task one-hot,
 * hashed n-grams, or in-browser embeddings projected by PCA), their dimension, and which costs are charged,
 * with what λ means on that cost scale. Shown under the scenario picker only for dataset worlds.
 */
import { useEffect, useId } from 'react';
import { type CostMode, costModeUnit, DATASET_PARAMS, type FeatureType } from '../../engine/lab/datasetChoice';
import { fmtPct } from '../../engine/lab/format';
import { loadDatasetInfo, useDatasetInfo } from '../../state/datasetInfo';
import { useEmbed } from '../../state/embedStore';
import { setParams, useLab } from '../../state/labStore';
import { useParams } from '../../state/params';
import { isDatasetWorldName } from '../../state/urlCodec';
import { HelpText } from './HelpText';
import { NumberControl } from './NumberControl';

const { features: FEATURES, costs: COSTS, tasks: TASKS } = DATASET_PARAMS;

/** What λ means on a cost scale, computed: λ × one query's cost is the share of a success it costs. */
function lambdaExample(costs: CostMode): string {
  const [lambda, cost, what] = costs === 'prices' ? [0.01, 1, 'a $1 model'] : [0.001, 100, 'a 100 µ$ query'];
  return `λ = ${lambda} makes ${what} cost ${fmtPct(lambda * cost, 0)} of a success per query.`;
}

const NO_INFO = { info: null, error: null };

function DatasetControlsFor({ world }: { world: string }) {
  const ids = { features: useId(), costs: useId() };
  const params = useParams((s) => s.params);
  const embedModel = useEmbed((s) => s.settings.model);
  useEffect(() => loadDatasetInfo(world), [world]);
  const { info, error } = useDatasetInfo((s) => s.byWorld[world] ?? NO_INFO);
  const ran = useLab((s) => (s.result && s.result.config.world === world ? s.result.world : null));
  const folder = world.startsWith('data:') ? world.slice('data:'.length) : null;
  return (
    <div className="control dataset-controls" data-testid="dataset-controls">
      {info && (
        <p className="help" data-testid="dataset-info">
          {info.prompts} prompts · {info.models.length} models{folder ? ' · recorded outcomes served with this lab' : ' · imported in this browser'}
          {folder && (
            <>
              {' '}
              (
              <a href={`/shared/data/${encodeURIComponent(folder)}/README.md`} target="_blank" rel="noreferrer">
                source, licence and statistics
              </a>
              )
            </>
          )}
        </p>
      )}
      {error && (
        <p className="help error" role="alert">
          {error}
        </p>
      )}
      <div className="control-head">
        <label htmlFor={ids.features}>{FEATURES.label}</label>
      </div>
      <select id={ids.features} data-testid="features" value={params.features} onChange={(e) => setParams({ features: e.target.value as FeatureType })}>
        {Object.entries(FEATURES.options).map(([value, o]) => (
          <option key={value} value={value}>
            {o.label}
            {value === 'embedding' ? ` (${embedModel})` : ''}
          </option>
        ))}
      </select>
      <HelpText>{FEATURES.options[params.features].help}</HelpText>
      {ran?.dim !== undefined && (
        <p className="help" data-testid="context-info">
          Last run: contexts of dimension {ran.dim}
          {ran.explainedVariance !== undefined ? `; PCA kept ${(100 * ran.explainedVariance).toFixed(1)}% of the embeddings' variance` : ''}.
        </p>
      )}
      {params.features !== 'task-onehot' && <NumberControl k="dim" label={params.features === 'embedding' ? 'PCA dimension d' : undefined} />}
      {info && info.tasks.length > 1 && (
        <fieldset className="dataset-tasks" data-testid="dataset-tasks">
          <legend>
            {TASKS.label} ({TASKS.emptyMeans} when none is ticked)
          </legend>
          {info.tasks.map((t) => (
            <label key={t}>
              <input
                type="checkbox"
                checked={params.tasks.includes(t)}
                onChange={() => setParams({ tasks: params.tasks.includes(t) ? params.tasks.filter((x) => x !== t) : [...params.tasks, t].sort() })}
              />{' '}
              {t}
            </label>
          ))}
        </fieldset>
      )}
      {(params.modelStart.length > 0 || params.taskStart.length > 0) && (
        <div className="help" data-testid="dataset-schedule">
          <p>
            Joining during the run (from the link):{' '}
            {[...params.modelStart.map((e) => `model ${e.name} at step ${e.step}`), ...params.taskStart.map((e) => `task ${e.name} at step ${e.step}`)].join(
              '; ',
            )}
            .
          </p>
          <button type="button" className="btn link" data-testid="clear-schedule" onClick={() => setParams({ modelStart: [], taskStart: [] })}>
            Everything from step 0
          </button>
        </div>
      )}
      <div className="control-head">
        <label htmlFor={ids.costs}>{COSTS.label}</label>
      </div>
      <select id={ids.costs} data-testid="costs" value={params.costs} onChange={(e) => setParams({ costs: e.target.value as CostMode })}>
        {Object.entries(COSTS.options).map(([value, o]) => (
          <option key={value} value={value} disabled={info !== null && (value === 'prices' ? info.prices === null : !info.perQuery)}>
            {o.label}
          </option>
        ))}
      </select>
      <HelpText>
        {COSTS.options[params.costs].help} {lambdaExample(params.costs)} Costs in {costModeUnit({ costs: params.costs })}.
      </HelpText>
    </div>
  );
}

export function DatasetControls() {
  const world = useParams((s) => s.params.world);
  return isDatasetWorldName(world) ? <DatasetControlsFor world={world} /> : null;
}
