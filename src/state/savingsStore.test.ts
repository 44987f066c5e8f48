import { describe, expect, it } from 'vitest';
import { SAVINGS_LIMITS, savingsFrom } from './savingsStore';

describe('the savings calculator’s stored inputs', () => {
  it('keeps what the fields take, and names what they do not take instead of dropping it silently', () => {
    expect(savingsFrom({ promptsPerMonth: 5_000, tokensPerQuery: 300 })).toEqual({ values: { promptsPerMonth: 5_000, tokensPerQuery: 300 }, notices: [] });
    // Nothing stored (a first visit) or a field missing (an older version): the default, and nothing to say.
    expect(savingsFrom(undefined)).toEqual({ values: {}, notices: [] });
    expect(savingsFrom({ tokensPerQuery: 300 })).toEqual({ values: { tokensPerQuery: 300 }, notices: [] });
    // Hand-edited: a fraction, a string, a value past the field's bounds.
    const { values, notices } = savingsFrom({ promptsPerMonth: 2.5, tokensPerQuery: '300' });
    expect(values).toEqual({});
    expect(notices).toEqual([
      "The savings calculator's saved prompts per month could not be read; using 1,000,000",
      "The savings calculator's saved tokens per query could not be read; using 1,000",
    ]);
    expect(savingsFrom({ tokensPerQuery: SAVINGS_LIMITS.tokensPerQuery.max + 1 }).notices).toHaveLength(1);
  });
});
