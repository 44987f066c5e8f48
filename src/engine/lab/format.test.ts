import { describe, expect, it } from 'vitest';
import { DASH, fmt, fmtCount, fmtCounted, fmtFixed, fmtPct, fmtShort, fmtSigned, fmtTick, formatSeconds, formatSig, nounFor, parseShown } from './format';

describe('fmt', () => {
  it('gives 3 significant digits with a typographic minus', () => {
    expect(fmt(0.9671558)).toBe('0.967');
    expect(fmt(12.5)).toBe('12.5');
    expect(fmt(-0.015)).toBe('−0.0150');
    expect(fmt(0.5)).toBe('0.500');
    expect(fmt(0)).toBe('0');
  });
  it('avoids exponents for ordinary magnitudes', () => {
    expect(fmt(1234.5)).toBe('1235');
    expect(fmt(60)).toBe('60.0');
    expect(fmt(0.00012345)).toBe('0.000123');
    expect(fmt(1.5e-7)).toBe('1.50e−7');
  });
  it('shows NaN and missing values as an em dash, infinities as ∞', () => {
    expect(fmt(NaN)).toBe(DASH);
    expect(fmt(undefined)).toBe(DASH);
    expect(fmt(null)).toBe(DASH);
    expect(fmt(Infinity)).toBe('∞');
    expect(fmt(-Infinity)).toBe('−∞');
  });
  it('fmtShort drops trailing zeros', () => {
    expect(fmtShort(0.75)).toBe('0.75');
    expect(fmtShort(90)).toBe('90');
    expect(fmtShort(1.6)).toBe('1.6');
    expect(fmtShort(-0.5)).toBe('−0.5');
    expect(fmtShort(NaN)).toBe(DASH);
  });
  it('fmtFixed gives fixed decimals with a typographic minus', () => {
    expect(fmtFixed(0.91234, 4)).toBe('0.9123');
    expect(fmtFixed(-0.015, 4)).toBe('−0.0150');
    expect(fmtFixed(NaN, 4)).toBe(DASH);
  });

  it('fmtCount groups thousands, as en-US writes them', () => {
    for (const n of [0, 7, 999, 1000, 12345, 260000, 1_000_000, 123_456_789_012]) expect(fmtCount(n)).toBe(n.toLocaleString('en-US'));
    expect(fmtCount(-4200)).toBe('−4,200');
    expect(fmtCount(1234.6)).toBe('1,235');
    expect(fmtCount(NaN)).toBe(DASH);
  });

  it('fmtCounted writes the noun plural but for one', () => {
    expect([fmtCounted(1, 'trial'), fmtCounted(0, 'trial'), fmtCounted(2, 'algorithm'), fmtCounted(1000, 'prompt')]).toEqual([
      '1 trial',
      '0 trials',
      '2 algorithms',
      '1,000 prompts',
    ]);
    // An irregular plural is given; the singular stays the noun.
    expect([fmtCounted(1, 'query', 'queries'), fmtCounted(3, 'query', 'queries'), fmtCounted(1, 'retry', 'retries')]).toEqual([
      '1 query',
      '3 queries',
      '1 retry',
    ]);
    // The noun alone, for a count shown in an element of its own.
    expect([nounFor(1, 'query', 'queries'), nounFor(0, 'query', 'queries'), nounFor(2, 'prompt')]).toEqual(['query', 'queries', 'prompts']);
  });

  it('fmtPct, fmtSigned and fmtTick', () => {
    expect(fmtPct(0.9342)).toBe('93.4%');
    expect(fmtPct(1)).toBe('100%');
    expect(fmtPct(0)).toBe('0%');
    expect(fmtPct(0.5, 0)).toBe('50%');
    expect(fmtPct(NaN)).toBe(DASH);
    expect(fmtSigned(0.93)).toBe('+0.930');
    expect(fmtSigned(-0.02)).toBe('−0.0200');
    expect(fmtSigned(0)).toBe('0');
    expect(fmtSigned(NaN)).toBe(DASH);
    expect(fmtTick(0.2)).toBe('0.2');
    expect(fmtTick(1000)).toBe('1000');
    expect(fmtTick(20000)).toBe('20k');
    expect(fmtTick(-100)).toBe('−100');
  });
});

describe('formatSig', () => {
  it('shows six significant digits in plain notation', () => {
    expect(formatSig(0.7894501234)).toBe('0.789450');
    expect(formatSig(33.72841)).toBe('33.7284');
    expect(formatSig(1234567.8)).toBe('1234570');
    expect(formatSig(-0.015)).toBe('\u22120.0150000');
    expect(formatSig(0)).toBe('0');
    expect(formatSig(1.23456789e-7)).toBe('1.23457e\u22127');
  });

  it('marks non-finite values', () => {
    expect(formatSig(NaN)).toBe('NaN');
    expect(formatSig(Infinity)).toBe('∞');
  });

  it('reads back what it shows', () => {
    for (const x of [0.1234567, -42.424242, 9.87654321e-9, 1e20, 0]) {
      expect(parseShown(formatSig(x))).toBe(Number(x.toPrecision(6)));
    }
  });
});

describe('formatSeconds', () => {
  it('picks ms below a second', () => {
    expect(formatSeconds(0.2)).toBe('< 1 ms');
    expect(formatSeconds(72.4)).toBe('72 ms');
    expect(formatSeconds(1840)).toBe('1.84 s');
  });
});
