/**
 * The savings calculator's two inputs (ui/SavingsCalculator.tsx), kept in localStorage so a demo survives a reload.
 * They are the viewer's own figures, not the run's: they change no simulation and are not in the link.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

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
      // A stored value the field does not take (hand-edited, an older version) gives way to the default.
      merge: (stored, current) => {
        const s = (stored ?? {}) as Partial<Record<Field, unknown>>;
        const pick = (f: Field) => (typeof s[f] === 'number' && acceptsSavings(f, s[f] as number) ? (s[f] as number) : current[f]);
        return { ...current, promptsPerMonth: pick('promptsPerMonth'), tokensPerQuery: pick('tokensPerQuery') };
      },
    },
  ),
);
