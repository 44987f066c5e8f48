/**
 * The savings calculator's two inputs (ui/SavingsCalculator.tsx), kept in localStorage so a demo survives a reload.
 * They are the viewer's own figures, not the run's: they change no simulation and are not in the link.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { fmtCount } from '../engine/lab/format';
import { z } from '../engine/zod';
import { useParams } from './params';
import { readStoredFields } from './storedFields';

export const SAVINGS_LIMITS = {
  promptsPerMonth: { min: 1, max: 1e12, default: 1_000_000 },
  tokensPerQuery: { min: 1, max: 10_000_000, default: 1_000 },
} as const;

type Field = keyof typeof SAVINGS_LIMITS;

/** Whether `v` is a whole number the field takes. */
export function acceptsSavings(field: Field, v: number): boolean {
  const { min, max } = SAVINGS_LIMITS[field];
  return Number.isInteger(v) && v >= min && v <= max;
}

interface SavingsState {
  promptsPerMonth: number;
  tokensPerQuery: number;
  set(field: Field, value: number): void;
}

/** The calculator's words for its fields, in a notice. */
const FIELD_NAMES: Record<Field, string> = { promptsPerMonth: 'prompts per month', tokensPerQuery: 'tokens per query' };

/**
 * The inputs read back from localStorage, field by field (storedFields.ts, as the embedding and Live settings are):
 * a value the field takes is kept; one it does not take (hand-edited, another version's) gives way to the default,
 * and `notices` says so.
 */
export function savingsFrom(stored: unknown): { values: Partial<Record<Field, number>>; notices: string[] } {
  const { values, unreadable } = readStoredFields(stored, () => ({
    promptsPerMonth: z.number().refine((v) => acceptsSavings('promptsPerMonth', v)),
    tokensPerQuery: z.number().refine((v) => acceptsSavings('tokensPerQuery', v)),
  }));
  const notices = unreadable.map((f) => `The savings calculator's saved ${FIELD_NAMES[f]} could not be read; using ${fmtCount(SAVINGS_LIMITS[f].default)}`);
  return { values, notices };
}

export const useSavings = create<SavingsState>()(
  persist(
    (set) => ({
      promptsPerMonth: SAVINGS_LIMITS.promptsPerMonth.default,
      tokensPerQuery: SAVINGS_LIMITS.tokensPerQuery.default,
      set: (field, value) => {
        if (acceptsSavings(field, value)) set({ [field]: value });
      },
    }),
    {
      name: 'promptwise-savings',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ promptsPerMonth: s.promptsPerMonth, tokensPerQuery: s.tokensPerQuery }),
      merge: (stored, current) => {
        const { values, notices } = savingsFrom(stored);
        if (notices.length > 0) useParams.getState().addNotices(notices.map((text) => ({ field: 'savings calculator', text })));
        return { ...current, ...values };
      },
    },
  ),
);
