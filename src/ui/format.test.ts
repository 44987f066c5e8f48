import { describe, expect, it } from 'vitest';
import { formatSeconds, formatSig, parseShown } from './format';

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
