import { useState } from 'react';
import { useParams } from '../../state/params';
import { ControlsPanel } from '../controls/ControlsPanel';

export function Sidebar() {
  const params = useParams((s) => s.params);
  const [open, setOpen] = useState(false);
  return (
    <aside className="sidebar" data-testid="controls" data-open={open} aria-label="Parameters">
      <button
        type="button"
        className="controls-toggle"
        aria-expanded={open}
        aria-controls="controls-body"
        onClick={() => setOpen((o) => !o)}
        data-testid="controls-toggle"
      >
        <span>Parameters</span>
        <span className="muted toggle-summary">
          {params.world} · λ {params.lambda} · τ<sub>max</sub> {params.tauMax}
        </span>
        <span aria-hidden="true" className="chevron">
          ▾
        </span>
      </button>
      <div id="controls-body" className="sidebar-body">
        <ControlsPanel />
      </div>
    </aside>
  );
}
