import { useState } from 'react';
import { useParams } from '../../state/params';
import { ControlsPanel } from '../controls/ControlsPanel';

/**
 * The folded sidebar's one-line summary. It reads its three values itself: were the Sidebar to read them, every
 * control under it would render again at each key.
 */
function ParamsSummary() {
  const world = useParams((s) => s.params.world);
  const lambda = useParams((s) => s.params.lambda);
  const tauMax = useParams((s) => s.params.tauMax);
  return (
    <span className="muted toggle-summary">
      {world} · λ {lambda} · τ<sub>max</sub> {tauMax}
    </span>
  );
}

export function Sidebar() {
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
        <ParamsSummary />
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
