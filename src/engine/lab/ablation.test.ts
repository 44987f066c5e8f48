import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drain, simulate } from '../simulate';
import { ablation } from './ablation';
import { datasetWorldOf, type FeatureType, folderSource } from './datasetSource';

const SHARED_DATA = new URL('../../../../shared/data/', import.meta.url);
const read = (file: string) => readFileSync(new URL(`routeprofile-ulab/${file}`, SHARED_DATA), 'utf8');

describe('featurizer ablation', () => {
  it('gives one result per featurizer and algorithm, each equal to a plain run on that featurizer', () => {
    const source = folderSource('routeprofile-ulab', read('models.json'), read('prompts.jsonl'));
    const features: FeatureType[] = ['task-onehot', 'hashed-ngrams'];
    const arms = features.map((f) => ({ features: f, world: datasetWorldOf(source, { features: f, dim: 16, costs: 'prices' }) }));
    const options = { algos: ['promptwise', 'greedy'], T: 120, trials: 2, seed: 5, params: {} };
    const result = drain(ablation(arms, options));
    expect(result.features).toEqual(features);
    expect(result.points.map((p) => `${p.features}/${p.algo}`)).toEqual([
      'task-onehot/promptwise',
      'task-onehot/greedy',
      'hashed-ngrams/promptwise',
      'hashed-ngrams/greedy',
    ]);
    expect(result.points.map((p) => p.dim)).toEqual([12, 12, 16, 16]);
    const plain = drain(simulate(arms[1].world, options));
    expect(result.points[2].utility).toBe(plain.results.promptwise.utility.mean);
    expect(result.points[2].regret).toBe(plain.results.promptwise.regret.mean);
    // Different contexts, different learning: the featurizer matters to PromptWise.
    expect(result.points[0].utility).not.toBe(result.points[2].utility);
  });

  it('a featurizer that fails is listed with its reason, the others keep their results; unbuilt ones come first', () => {
    const source = folderSource('routeprofile-ulab', read('models.json'), read('prompts.jsonl'));
    const good = datasetWorldOf(source, { features: 'task-onehot', costs: 'prices' });
    // A world whose draws throw: its simulation fails on the first prompt.
    const broken = {
      ...good,
      draw: () => {
        throw new Error('no prompt here');
      },
    };
    const options = { algos: ['promptwise'], T: 50, trials: 1, seed: 1, params: {} };
    const result = drain(
      ablation(
        [
          { features: 'hashed-ngrams', world: broken },
          { features: 'task-onehot', world: good },
        ],
        options,
        100,
        [{ features: 'embedding', error: 'features.dim: must be at most the embedding’s dimension 32 (got 64)' }],
      ),
    );
    expect(result.failed).toEqual([
      { features: 'embedding', error: 'features.dim: must be at most the embedding’s dimension 32 (got 64)' },
      { features: 'hashed-ngrams', error: 'no prompt here' },
    ]);
    expect(result.points.map((p) => `${p.features}/${p.algo}`)).toEqual(['task-onehot/promptwise']);
    expect(result.points[0].utility).toBe(drain(simulate(good, options)).results.promptwise.utility.mean);
  });
});
