import { useShallow } from 'zustand/react/shallow';
import { runStatusText } from '../../state/lab/runStatusText';
import { dispatch, useLab } from '../../state/labStore';

/** What the worker is doing, with Cancel while a run computes and Run again after a failure or a cancel. */
export function RunStatus() {
  // Not the whole store: playback ticks should not re-render the status line.
  const s = useLab(
    useShallow((st) => ({
      status: st.status,
      progress: st.progress,
      config: st.config,
      result: st.result,
      error: st.error,
      elapsedMs: st.elapsedMs,
      workers: st.workers,
      sweeping: st.sweeps.tauMax.status === 'running' || st.sweeps.lambda.status === 'running',
    })),
  );
  const running = s.status === 'running';
  const pct = s.progress.total > 0 ? (100 * s.progress.done) / s.progress.total : 0;
  const { sweeping } = s;
  return (
    <div className="run-status">
      <div className="status">
        <p
          className={`status-line ${s.status}`}
          data-testid="run-status"
          data-status={s.status}
          role={s.status === 'error' ? 'alert' : 'status'}
          aria-live="polite"
        >
          {runStatusText(s)}
          {s.status === 'done' && sweeping && <span className="muted"> Sweeps computing…</span>}
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-label="Simulation progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(pct)}
          data-visible={running || undefined}
        >
          <div className="progress-fill" style={{ transform: `scaleX(${pct / 100})` }} />
        </div>
      </div>
      {running ? (
        <button key="cancel" type="button" className="btn secondary small" data-testid="cancel" onClick={() => dispatch({ type: 'cancel' })}>
          Cancel
        </button>
      ) : s.status === 'cancelled' || s.status === 'error' ? (
        <button key="run" type="button" className="btn primary small" data-testid="run" onClick={() => dispatch({ type: 'run' })}>
          {s.status === 'error' ? 'Try again' : 'Run'}
        </button>
      ) : null}
    </div>
  );
}
