import { describe, expect, it } from 'vitest';
import type { LabResult } from '../engine/lab/types';
import { RESULT } from './fixtures';
import { costKindOf, costUnitOf, fmtCostPerPrompt, fmtMonthly, monthly, monthlyCost, pickReferences, stakeholderLine, versusText } from './stakeholder';

const label = (id: string) => ({ promptwise: 'PromptWise', 'promptwise-klr': 'PromptWise-KLR' })[id] ?? id;
const stat = (mean: number) => ({ mean, std: 0 });

describe('the stakeholder line', () => {
  it('states PromptWise against the most accurate model alone and the cheapest that reaches its success', () => {
    const line = stakeholderLine(RESULT, label)!;
    expect(line.references.map((r) => [r.role, r.single.model])).toEqual([
      ['most-accurate', 'claude-opus-4'],
      ['cheapest-reaching', 'gpt-4o'],
    ]);
    expect(line.text).toBe(
      'PromptWise: 97.1% success at 2.31 $/Mtok per prompt; ' +
        'claude-opus-4 alone (the most accurate model): 98.3% at 90 (−97.4% cost, −1.2 pts success: PromptWise loses on success); ' +
        'gpt-4o alone (the cheapest to reach 97.1%): 97.5% at 12.5 (−81.5% cost, −0.4 pts success: PromptWise loses on success).',
    );
  });

  it('says when PromptWise loses on both, and when it wins on both', () => {
    const r: LabResult = structuredClone(RESULT);
    // deepseek-chat now reaches PromptWise's success at less cost: the cheapest reference beats it.
    r.singleModels[1].success = stat(0.972);
    const line = stakeholderLine(r, label)!;
    expect(line.references[1]).toMatchObject({ role: 'cheapest-reaching', verdict: 'worse on both' });
    expect(line.text).toContain('deepseek-chat alone (the cheapest to reach 97.1%): 97.2% at 1.37 (+68.7% cost, −0.1 pts success: PromptWise loses on both)');

    // Every model capped at 95%: none reaches PromptWise; gpt-4o and claude-opus-4 tie, and the tie goes to the cheaper.
    const w: LabResult = structuredClone(RESULT);
    w.singleModels = w.singleModels.map((m) => ({ ...m, success: stat(Math.min(m.success.mean, 0.95)) }));
    const wins = stakeholderLine(w, label)!;
    expect(wins.unreached).toBe(true);
    expect(wins.references).toHaveLength(1);
    expect(wins.text).toMatch(
      /gpt-4o alone \(the most accurate model\): 95\.0% at 12\.5 \(−81\.5% cost, \+2\.1 pts success: PromptWise wins on both\); no model alone reaches 97\.1%\.$/,
    );
  });

  it('names one reference when the most accurate model is also the cheapest to reach PromptWise', () => {
    const r: LabResult = structuredClone(RESULT);
    r.singleModels[3].success = stat(0.99);
    const refs = pickReferences(r.singleModels, 0.9712);
    expect(refs.map((x) => [x.role, x.single.model])).toEqual([['most-accurate', 'gpt-4o']]);
    expect(stakeholderLine(r, label)!.text).toContain('; gpt-4o alone (the most accurate model, and the cheapest to reach 97.1%): 99.0% at 12.5 (');
  });

  it('breaks ties: the most accurate by lower cost, the cheapest reaching by higher success', () => {
    const singles = [
      { arm: 0, model: 'a', success: stat(0.9), cost: stat(5), utility: stat(0) },
      { arm: 1, model: 'b', success: stat(0.9), cost: stat(3), utility: stat(0) },
      { arm: 2, model: 'c', success: stat(0.8), cost: stat(1), utility: stat(0) },
      { arm: 3, model: 'd', success: stat(0.85), cost: stat(1), utility: stat(0) },
    ];
    expect(pickReferences(singles, 0.8).map((x) => x.single.model)).toEqual(['b', 'd']);
  });

  it('writes costs in the run’s unit: recorded dollars per 1M prompts, set prices, synthetic units', () => {
    expect(costKindOf({ world: 'data:humaneval-paper', dataset: { features: 'task-onehot', costs: 'per-query' } as never })).toBe('recorded-usd');
    expect(costKindOf({ world: 'data:humaneval-paper', dataset: { features: 'task-onehot', costs: 'prices' } as never })).toBe('set-price');
    expect(costKindOf({ world: 'logistic' })).toBe('abstract');
    expect(costKindOf({ world: 't2i' })).toBe('set-price');
    expect(costUnitOf({ world: 'data:humaneval-paper', dataset: { features: 'task-onehot', costs: 'per-query' } as never })).toBe('µ$');
    expect(costUnitOf({ world: 'logistic' })).toBe('cost units');
    expect(costUnitOf({ world: 't2i' })).toBe('$/Mtok');
    expect(fmtCostPerPrompt(152.345, 'recorded-usd')).toBe('$152 per 1M prompts');
    expect(fmtCostPerPrompt(3.5, 'abstract')).toBe('3.5 cost units per prompt');
    const r: LabResult = structuredClone(RESULT);
    r.config.dataset = { features: 'task-onehot', costs: 'per-query' } as never;
    expect(stakeholderLine(r, label)!.text).toMatch(
      /^PromptWise: 97\.1% success at \$2\.31 per 1M prompts; claude-opus-4 alone \(the most accurate model\): 98\.3% at \$90 /,
    );
  });

  it('features a PromptWise variant when PromptWise did not run, and is absent with neither or no single model', () => {
    const r: LabResult = structuredClone(RESULT);
    r.summary.results['promptwise-klr'] = r.summary.results.promptwise;
    delete r.summary.results.promptwise;
    expect(stakeholderLine(r, label)!.text).toMatch(/^PromptWise-KLR: 97\.1% success/);
    delete r.summary.results['promptwise-klr'];
    expect(stakeholderLine(r, label)).toBeNull();
    expect(stakeholderLine({ ...RESULT, singleModels: [] }, label)).toBeNull();
  });
});

describe('the savings calculator’s arithmetic', () => {
  it('turns a cost per prompt into a month’s cost in the run’s unit', () => {
    // µ$ per prompt × prompts / 1e6 = $.
    expect(monthlyCost(150, 'recorded-usd', 2_000_000, 0)).toBe(300);
    // $ per 1M tokens × tokens per query × prompts / 1e6 = $.
    expect(monthlyCost(2.5, 'set-price', 1_000_000, 1000)).toBe(2500);
    expect(monthlyCost(2, 'abstract', 10, 1000)).toBe(20);
    expect(fmtMonthly(2500, 'set-price')).toBe('$2,500');
    expect(fmtMonthly(3.456, 'recorded-usd')).toBe('$3.46');
    expect(fmtMonthly(20, 'abstract')).toBe('20 units');
  });

  it('says "saves" only where PromptWise answers at least as many prompts; else what it gives up', () => {
    const m = (cost: number, success: number) => monthly(cost, success, 'set-price', 1_000_000, 1000);
    // 2.64 $/Mtok at 90.7% against 90 $/Mtok at 96.1%: cheaper, but 54,000 fewer successes.
    const pw = m(2.64, 0.907);
    expect(pw.cost).toBeCloseTo(2640, 9);
    expect(pw.successes).toBeCloseTo(907_000, 6);
    expect(pw.perSuccess).toBeCloseTo(2640 / 907_000, 12);
    expect(versusText('PromptWise', pw, m(90, 0.961), 'set-price')).toBe('PromptWise costs $87,360 less, with 54,000 fewer successes');
    expect(versusText('PromptWise', pw, m(5.32, 0.65), 'set-price')).toBe('PromptWise saves $2,680 and gets 257,000 more successes');
    expect(versusText('PromptWise', pw, m(5.32, 0.907), 'set-price')).toBe('PromptWise saves $2,680 for as many successes');
    expect(versusText('PromptWise', pw, m(1, 0.5), 'set-price')).toBe('PromptWise costs $1,640 more, for 407,000 more successes');
    expect(versusText('PromptWise', pw, m(1, 0.95), 'set-price')).toBe('PromptWise costs $1,640 more, with 43,000 fewer successes');
    expect(versusText('PromptWise', pw, pw, 'set-price')).toBe('the same cost and successes');
    // No sentence claims a saving against a policy that answers more prompts.
    for (const [c, s2] of [
      [90, 0.961],
      [0.5, 0.99],
      [3, 0.95],
    ]) {
      const other = m(c, s2);
      if (other.successes > pw.successes) expect(versusText('PromptWise', pw, other, 'set-price')).not.toContain('saves');
    }
  });
});
