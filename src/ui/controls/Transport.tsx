import { useId } from 'react';
import { fmtCount } from '../../engine/lab/format';
import { SPEEDS } from '../../state/lab/playback';
import { dispatch, useLab, usePlayback } from '../../state/labStore';
import { HELP } from './help';

const ICONS = {
  play: <path d="M7 4.5v15l12.5-7.5z" />,
  pause: (
    <>
      <rect x="6" y="4.5" width="4" height="15" rx="1" />
      <rect x="14" y="4.5" width="4" height="15" rx="1" />
    </>
  ),
  rewind: (
    <>
      <rect x="5" y="5" width="2.5" height="14" rx="1" />
      <path d="M19 5v14L8.5 12z" />
    </>
  ),
  skip: (
    <>
      <path d="M5 5v14l10.5-7z" />
      <rect x="16.5" y="5" width="2.5" height="14" rx="1" />
    </>
  ),
};

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
      {ICONS[name]}
    </svg>
  );
}

/** Replay of the finished run: play/pause, +1 prompt, back to 0, skip to the end, speed and a scrubber. */
export function Transport() {
  const id = useId();
  const result = useLab((s) => s.result);
  const cursor = usePlayback((s) => s.cursor);
  const playing = usePlayback((s) => s.playing);
  const speed = usePlayback((s) => s.speed);
  const T = result?.config.T ?? 0;
  const disabled = !result;
  return (
    <div className="transport" role="toolbar" data-testid="playback" data-playing={playing ? 'true' : 'false'} data-cursor={cursor} aria-label="Playback">
      <div className="transport-buttons">
        <button
          type="button"
          className="btn tbtn primary"
          disabled={disabled}
          onClick={() => dispatch({ type: 'toggle-play' })}
          data-testid="play"
          aria-label={playing ? 'Pause (Space)' : 'Play (Space)'}
          title={playing ? 'Pause (Space)' : 'Play (Space)'}
        >
          <Icon name={playing ? 'pause' : 'play'} />
        </button>
        <button
          type="button"
          className="btn tbtn"
          disabled={disabled}
          onClick={() => dispatch({ type: 'step' })}
          data-testid="step"
          title="One more prompt (→)"
          aria-label="+1 prompt (Right arrow)"
        >
          <span aria-hidden="true">+1</span>
        </button>
        <button
          type="button"
          className="btn tbtn"
          disabled={disabled}
          onClick={() => dispatch({ type: 'rewind' })}
          data-testid="rewind"
          title="Back to prompt 0"
          aria-label="Back to the start"
        >
          <Icon name="rewind" />
        </button>
        <button
          type="button"
          className="btn tbtn"
          disabled={disabled}
          onClick={() => dispatch({ type: 'skip-to-end' })}
          data-testid="skip"
          title="Skip to the end"
          aria-label="Skip to the end"
        >
          <Icon name="skip" />
        </button>
      </div>
      <input
        className="scrubber"
        type="range"
        min={0}
        max={Math.max(1, T)}
        step={1}
        value={cursor}
        disabled={disabled}
        aria-label="Prompts shown"
        aria-valuetext={`${cursor} of ${T} prompts`}
        data-testid="scrubber"
        onChange={(e) => dispatch({ type: 'seek', cursor: Number(e.target.value) })}
      />
      <span className="cursor-readout" data-testid="cursor">
        <span className="readout-word">prompt </span>
        <strong>{fmtCount(cursor)}</strong> / {fmtCount(T)}
      </span>
      <label className="speed" htmlFor={id} title={HELP.speed}>
        <span className="sr-only">Speed</span>
        <select id={id} value={speed} data-testid="speed" onChange={(e) => dispatch({ type: 'set-speed', speed: Number(e.target.value) })}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s === 0.25 ? '¼×' : `${s}×`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
