import { useId, type ReactNode } from 'react';
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
        onChange={(e) => onChange(Number(e.target.value))}
      />
      {typeof help === 'string' ? <HelpText id={`${id}-help`}>{help}</HelpText> : help(`${id}-help`)}
    </div>
  );
}
