/**
 * The control of one number of the parameter registry (engine/params.ts, an entry's `lab`): its label, help, bounds
 * and kind of input come from that entry, so a new lab number gets its control from the entry alone. Each control
 * emits only values the entry accepts (the slider's positions, a field's whole numbers within range). A slider
 * also tells the lab when a drag starts and ends.
 */
import { type ReactNode, useId } from 'react';
import { fmtCount } from '../../engine/lab/format';
import { NUMBER_PARAMS, type NumberParam } from '../../engine/params';
import { dispatch, setParams } from '../../state/labStore';
import { useParams } from '../../state/params';
import { LAB_NUMBER_KEYS, type LabNumberKey, LIMITS } from '../../state/urlCodec';
import { HelpText } from './HelpText';
import { decimalsOf, formatSmall, niceLogScale, onGrid } from './scales';
import { type NumberFormat, useNumberDraft, wholeNumbers } from './useNumberDraft';

interface Props {
  k: LabNumberKey;
  /** Help written from the value (λ's and τ_max's, with their formulas), instead of the entry's line. */
  help?: (id: string, value: number) => ReactNode;
  /** A label for where the control stands (d of embeddings: "PCA dimension d"). */
  label?: string;
  /** Beside a typed field (the seed's 🎲). */
  aside?: ReactNode;
}

/** The control's test id: the key in kebab case (`tauMax` → `tau-max`, `T` → `t`). */
const testIdOf = (key: string) => key.replace(/[A-Z]/g, (c, i: number) => `${i > 0 ? '-' : ''}${c.toLowerCase()}`);

/** `Budget τ_max` → Budget τ<sub>max</sub>; a log slider says so. */
function labelOf(text: string, log: boolean): ReactNode {
  const m = /^(.*?)_(\w+)$/.exec(text);
  return (
    <>
      {m ? (
        <>
          {m[1]}
          <sub>{m[2]}</sub>
        </>
      ) : (
        text
      )}
      {log && (
        <>
          {' '}
          <span className="muted">(log scale)</span>
        </>
      )}
    </>
  );
}

export function NumberControl({ k, help, label, aside }: Props) {
  const entry: NumberParam = NUMBER_PARAMS[k];
  const lab = LIMITS[k];
  const value = useParams((s) => s.params[k]) as number | null;
  const text = label ?? lab.label;
  const helpOf = (id: string) => (help && value !== null ? help(id, value) : <HelpText id={id}>{lab.help}</HelpText>);
  if (lab.input === 'field') return <NumberField k={k} label={text} value={value ?? lab.min} help={helpOf} aside={aside} />;
  const testId = testIdOf(k);
  if (lab.input === 'log') {
    const scale = niceLogScale(lab);
    const v = value ?? lab.min;
    return (
      <Slider
        label={labelOf(text, true)}
        valueText={formatSmall(v)}
        min={0}
        max={scale.steps}
        step={1}
        value={scale.index(v)}
        onChange={(i) => setParams({ [k]: scale.at(i) })}
        help={helpOf}
        testId={testId}
      />
    );
  }
  const step = lab.step ?? 1;
  // A number that may be "auto" (the engine computes it: α from δ) has a switch; switched off, it starts mid-range.
  const auto = entry.default === null && lab.default === undefined;
  const middle = onGrid((lab.min + lab.max) / 2, step);
  return (
    <Slider
      label={labelOf(text, false)}
      valueText={value === null ? 'auto' : entry.integer ? fmtCount(value) : value.toFixed(decimalsOf(step))}
      min={lab.min}
      max={lab.max}
      step={step}
      value={value ?? middle}
      disabled={value === null}
      onChange={(v) => setParams({ [k]: onGrid(v, step) })}
      help={helpOf}
      testId={testId}
      aside={
        auto && (
          <label className="mini-switch">
            <input
              type="checkbox"
              checked={value === null}
              data-testid={`${testId}-auto`}
              onChange={(e) => setParams({ [k]: e.target.checked ? null : middle })}
            />
            auto
          </label>
        )
      }
    />
  );
}

interface SliderProps {
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
function Slider({ label, valueText, min, max, step, value, onChange, help, testId, disabled, aside }: SliderProps) {
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

/** A typed whole number: committed whenever the text reads as one in range, marked invalid otherwise. */
function NumberField({ k, label, value, help, aside }: { k: LabNumberKey; label: string; value: number; help(id: string): ReactNode; aside?: ReactNode }) {
  const id = useId();
  const range = LIMITS[k];
  const draft = useNumberDraft(value, FORMATS[k], (v) => setParams({ [k]: v }));
  return (
    <div className="control" data-control={testIdOf(k)}>
      <div className="control-head">
        <label htmlFor={id}>{label}</label>
      </div>
      <div className="field-row">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={range.min}
          max={range.max}
          step={1}
          value={draft.text}
          aria-invalid={!draft.valid}
          aria-describedby={`${id}-help`}
          data-testid={testIdOf(k)}
          onChange={(e) => draft.onChange(e.target.value)}
          onBlur={draft.onBlur}
        />
        {aside}
      </div>
      {help(`${id}-help`)}
    </div>
  );
}

/** Each field's format, made once (useNumberDraft wants it stable). */
const FORMATS = Object.fromEntries(LAB_NUMBER_KEYS.map((k) => [k, wholeNumbers(LIMITS[k])])) as Record<LabNumberKey, NumberFormat>;
