import { describe, expect, it } from 'vitest';
import { useParams } from './params';

describe('the parameters store', () => {
  it('keeps the traced algorithm among those that run when the algorithms change', () => {
    useParams.getState().set({ algos: ['promptwise', 'greedy'], traceAlgo: 'greedy' });
    expect(useParams.getState().params.traceAlgo).toBe('greedy');
    useParams.getState().toggleAlgo('greedy');
    expect(useParams.getState().params).toMatchObject({ algos: ['promptwise'], traceAlgo: 'promptwise' });
    useParams.getState().set({ algos: ['oracle', 'greedy'] });
    expect(useParams.getState().params.traceAlgo).toBe('oracle');
  });
});
