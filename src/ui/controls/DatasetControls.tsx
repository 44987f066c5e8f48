/**
 * Controls of a recorded-dataset world (`data:…`, `import:…`): how prompts become contexts (task one-hot,
 * hashed n-grams, or in-browser embeddings projected by PCA), their dimension, and which costs are charged,
 * with what λ means on that cost scale. Shown under the scenario picker only for dataset worlds.
 */
import { useEffect, useId } from 'react';
import { type CostMode, costUnit, type FeatureType } from '../../engine/lab/datasetChoice';
import { loadDatasetInfo, useDatasetInfo } from '../../state/datasetInfo';
import { useEmbed } from '../../state/embedStore';
import { setParams, useLab } from '../../state/labStore';
import { useParams } from '../../state/params';
import { isDatasetWorldName } from '../../state/urlCodec';
import { HelpText } from './HelpText';
import { NumberControl } from './NumberControl';

const FEATURE_HELP: Record<FeatureType, string> = {
  'task-onehot': 'One coordinate per task: the learner tells tasks apart, not prompts within a task.',
  'hashed-ngrams': 'Character 3-grams hashed into d buckets: instant, no model, sees the words of each prompt.',
  embedding: 'Sentence embeddings computed in this browser (settings under "Embeddings"), projected by PCA to d dimensions.',
};

const COST_HELP: Record<CostMode, string> = {
  prices: "Each model's set price ($ per 1M tokens, input + output) per query. λ = 0.01 makes a $1 model cost 1% of a success per query.",
  'per-query': 'What each recorded query really cost, in µ$ (millionths of a dollar). λ = 0.001 makes a 100 µ$ query cost 10% of a success.',
};

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
        <label htmlFor={ids.features}>Prompt features</label>
      </div>
      <select id={ids.features} data-testid="features" value={params.features} onChange={(e) => setParams({ features: e.target.value as FeatureType })}>
        <option value="task-onehot">Task one-hot</option>
        <option value="hashed-ngrams">Hashed n-grams</option>
        <option value="embedding">Embedding ({embedModel})</option>
      </select>
      <HelpText>{FEATURE_HELP[params.features]}</HelpText>
      {ran?.dim !== undefined && (
        <p className="help" data-testid="context-info">
          Last run: contexts of dimension {ran.dim}
          {ran.explainedVariance !== undefined ? `; PCA kept ${(100 * ran.explainedVariance).toFixed(1)}% of the embeddings' variance` : ''}.
        </p>
      )}
      {params.features !== 'task-onehot' && <NumberControl k="dim" label={params.features === 'embedding' ? 'PCA dimension d' : undefined} />}
      {info && info.tasks.length > 1 && (
        <fieldset className="dataset-tasks" data-testid="dataset-tasks">
          <legend>Tasks (all when none is ticked)</legend>
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
        <label htmlFor={ids.costs}>Costs</label>
      </div>
      <select id={ids.costs} data-testid="costs" value={params.costs} onChange={(e) => setParams({ costs: e.target.value as CostMode })}>
        <option value="prices" disabled={info !== null && info.prices === null}>
          Set prices
        </option>
        <option value="per-query" disabled={info !== null && !info.perQuery}>
          Recorded per-query cost
        </option>
      </select>
      <HelpText>
        {COST_HELP[params.costs]} Costs in {costUnit({ costs: params.costs })}.
      </HelpText>
    </div>
  );
}

export function DatasetControls() {
  const world = useParams((s) => s.params.world);
  return isDatasetWorldName(world) ? <DatasetControlsFor world={world} /> : null;
}
