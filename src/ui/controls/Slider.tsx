import { type ReactNode, useId } from 'react';
import { dispatch } from '../../state/labStore';
import { HelpText } from './HelpText';

export interface SliderProps {
  label: ReactNode;
  /** The value as shown (and read by screen readers). */
  valueText: string;
  min: number;
  max: number;
  step: number;
  /** Slider position. */
  value: number;
  onChange(position: number): void;
  /** One line of help, or a renderer given the id the input is described by. */
  help: string | ((id: string) => ReactNode);
  testId: string;
  disabled?: boolean;
  /** Extra control beside the value (e.g. the α "auto" switch). */
  aside?: ReactNode;
}

/**
 * Tells the lab a drag has started, and when it ends (the pointer released anywhere, or the window left):
 * while dragging, runs wait for a pause in the drag instead of starting on every step.
 */
function startDrag(): void {
  dispatch({ type: 'drag', active: true });
  const end = () => {
    for (const type of ['pointerup', 'pointercancel', 'blur'] as const) window.removeEventListener(type, end, true);
    dispatch({ type: 'drag', active: false });
  };
  for (const type of ['pointerup', 'pointercancel', 'blur'] as const) window.addEventListener(type, end, true);
}

/** A labelled range input with its current value and a one-line help. */
export function Slider({ label, valueText, min, max, step, value, onChange, help, testId, disabled, aside }: SliderProps) {
  const id = useId();
  return (
    <div className="control" data-control={testId}>
      <div className="control-head">
        <label htmlFor={id}>{label}</label>
        {aside}
        <output htmlFor={id} className="control-value" data-testid={`${testId}-value`}>
          {valueText}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={valueText}
        aria-describedby={`${id}-help`}
        data-testid={testId}
        onPointerDown={startDrag}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      {typeof help === 'string' ? <HelpText id={`${id}-help`}>{help}</HelpText> : help(`${id}-help`)}
    </div>
  );
}
