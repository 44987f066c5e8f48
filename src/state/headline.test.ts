import { describe, expect, it } from 'vitest';
import type { LabResult } from '../engine/lab/types';
import { RESULT } from './fixtures';
import { buildHeadline } from './headline';

const label = (id: string) => ({ promptwise: 'PromptWise', oracle: 'Oracle (DP)', greedy: 'Greedy', 'highest-cost': 'Highest-cost' })[id] ?? id;

describe('results headline', () => {
  it('shows PromptWise, the best baseline and the oracle, and the stakeholder line', () => {
    const h = buildHeadline(RESULT, label);
    expect(h.cards.map((c) => [c.role, c.algo])).toEqual([
      ['featured', 'promptwise'],
      ['baseline', 'highest-cost'],
      ['oracle', 'oracle'],
    ]);
    expect(h.line?.text).toMatch(/^PromptWise: 97\.1% success at 2\.31 \$\/Mtok per prompt; claude-opus-4 alone/);
  });

  it('falls back to the best baseline by utility when no single-model strategy ran', () => {
    const r: LabResult = structuredClone(RESULT);
    delete r.summary.results['highest-cost'];
    r.summary.results.greedy = { ...r.summary.results.oracle, utility: { mean: 0.8, std: 0 }, cost: { mean: 4.6224, std: 0 } };
    const h = buildHeadline(r, label);
    expect(h.cards.find((c) => c.role === 'baseline')?.algo).toBe('greedy');
  });

  it('has no stakeholder line without a PromptWise variant, but still cards', () => {
    const r: LabResult = structuredClone(RESULT);
    delete r.summary.results.promptwise;
    const h = buildHeadline(r, label);
    expect(h.line).toBeNull();
    expect(h.cards.map((c) => c.algo)).toEqual(['highest-cost', 'oracle']);
  });
});
