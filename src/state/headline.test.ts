import { describe, expect, it } from 'vitest';
import type { LabResult } from '../engine/lab/types';
import { RESULT } from './fixtures';
import { buildHeadline, costComparison } from './headline';

const label = (id: string) => ({ promptwise: 'PromptWise', oracle: 'Oracle (DP)', greedy: 'Greedy', 'highest-cost': 'Highest-cost' })[id] ?? id;

describe('results headline', () => {
  it('compares PromptWise with always asking the dearest model, and names the oracle', () => {
    const h = buildHeadline(RESULT, label);
    expect(h.cards.map((c) => [c.role, c.algo])).toEqual([
      ['featured', 'promptwise'],
      ['baseline', 'highest-cost'],
      ['oracle', 'oracle'],
    ]);
    expect(h.sentence).toBe(
      'PromptWise spends 2.31 per prompt, 97.4% less than always asking claude-opus-4, the dearest model (90 per prompt), with 97.1% success vs 98.3%. Utility 0.916 (Highest-cost 0.0828; Oracle (DP) 0.948).',
    );
  });

  it('says so when PromptWise spends more', () => {
    const r: LabResult = structuredClone(RESULT);
    r.summary.results['highest-cost'].cost = { mean: 2, std: 0 };
    expect(buildHeadline(r, label).sentence).toContain('15.6% more than always asking');
  });

  it('falls back to the best baseline by utility without single-model strategies', () => {
    const r: LabResult = structuredClone(RESULT);
    delete r.summary.results['highest-cost'];
    r.summary.results.greedy = { ...r.summary.results.oracle, utility: { mean: 0.8, std: 0 }, cost: { mean: 4.6224, std: 0 } };
    const h = buildHeadline(r, label);
    expect(h.cards.find((c) => c.role === 'baseline')?.algo).toBe('greedy');
    expect(h.sentence).toMatch(/^PromptWise spends 2\.31 per prompt, 50\.0% less than Greedy \(4\.62 per prompt\)/);
  });

  it('has no sentence without a PromptWise variant, but still cards', () => {
    const r: LabResult = structuredClone(RESULT);
    delete r.summary.results.promptwise;
    const h = buildHeadline(r, label);
    expect(h.sentence).toBeNull();
    expect(h.cards.map((c) => c.algo)).toEqual(['highest-cost', 'oracle']);
  });

  it('words cost changes', () => {
    expect(costComparison(1, 2)).toBe('50.0% less than');
    expect(costComparison(3, 2)).toBe('50.0% more than');
    expect(costComparison(2, 2)).toBe('the same cost as');
  });
});
