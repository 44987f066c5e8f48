import { useId } from 'react';
import { LIMITS } from '../../state/urlCodec';
import { HelpText } from './HelpText';
import { useNumberDraft, wholeNumbers } from './useNumberDraft';

const SEED = wholeNumbers(LIMITS.seed);

/** The seed: a number input that commits only valid integers, and a 🎲 button for a fresh one. */
export function SeedField({ value, onCommit, onReroll, help }: { value: number; onCommit(v: number): void; onReroll(): void; help: string }) {
  const id = useId();
  const draft = useNumberDraft(value, SEED, onCommit);
  return (
    <div className="control">
      <div className="control-head">
        <label htmlFor={id}>Seed</label>
      </div>
      <div className="seed-row">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={LIMITS.seed.min}
          max={LIMITS.seed.max}
          step={1}
          value={draft.text}
          aria-invalid={!draft.valid}
          aria-describedby={`${id}-help`}
          data-testid="seed"
          onChange={(e) => draft.onChange(e.target.value)}
          onBlur={draft.onBlur}
        />
        <button type="button" className="btn icon" onClick={onReroll} title="Roll a new random seed 🎲" aria-label="New random seed" data-testid="reroll">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <rect x="3" y="3" width="18" height="18" rx="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="8" cy="8" r="1.6" fill="currentColor" />
            <circle cx="12" cy="12" r="1.6" fill="currentColor" />
            <circle cx="16" cy="16" r="1.6" fill="currentColor" />
          </svg>
        </button>
      </div>
      <HelpText id={`${id}-help`}>{help}</HelpText>
    </div>
  );
}
