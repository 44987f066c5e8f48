import { useEffect, useState } from 'react';
import { acceptsNumber, isDecimal, type NumberParam } from '../../engine/params';

/** How a number field reads and writes its text. Keep it stable (module level, or memoised per field). */
export interface NumberFormat {
  /** The number a text stands for (NaN when it stands for none). */
  read(text: string): number;
  /** Whether the field takes `value`. */
  accepts(value: number): boolean;
  /** The text the field shows for a value. */
  write(value: number): string;
}

/** Plain whole numbers from `min` to `max` (the seed, a context dimension): digits only, no sign, no exponent. */
export function wholeNumbers({ min, max }: { min: number; max: number }): NumberFormat {
  return {
    read: (text) => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN),
    accepts: (v) => Number.isInteger(v) && v >= min && v <= max,
    write: String,
  };
}

/** Numbers in decimal notation that a registry entry accepts (engine/params.ts `acceptsNumber`). */
export function decimalNumbers(p: Pick<NumberParam, 'integer' | 'min' | 'max' | 'minExclusive' | 'maxExclusive'>): NumberFormat {
  return {
    read: (text) => (isDecimal(text.trim()) ? Number(text) : Number.NaN),
    accepts: (v) => acceptsNumber(p as NumberParam, v),
    write: String,
  };
}

/**
 * A number field's draft, for the fields typed into rather than slid (the seed, the context dimension, the savings
 * calculator's counts):
 * the text as typed, committed whenever it reads as a value the field takes; marked invalid otherwise; written
 * afresh from the value when the field is left; and following the value when it changes elsewhere (a link, the
 * seed's re-roll, a store that loads), unless the draft already reads as it.
 */
export function useNumberDraft(value: number, format: NumberFormat, onCommit: (value: number) => void) {
  const [text, setText] = useState(() => format.write(value));
  useEffect(() => setText((t) => (format.accepts(format.read(t)) && format.read(t) === value ? t : format.write(value))), [value, format]);
  return {
    text,
    valid: format.accepts(format.read(text)),
    onChange(raw: string) {
      setText(raw);
      const v = format.read(raw);
      if (format.accepts(v)) onCommit(v);
    },
    onBlur() {
      setText(format.write(value));
    },
  };
}
