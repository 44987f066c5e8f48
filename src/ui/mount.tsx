import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { PanelBoundary } from './layout/PanelBoundary';
import { afterNextFrame } from './views/drawingTurns';

/** Calls `onFrame` in a task after the frame that drew the first commit. */
function FirstFrame({ onFrame }: { onFrame: () => void }): null {
  useEffect(() => afterNextFrame(onFrame), [onFrame]);
  return null;
}

/**
 * Renders the lab into `container`. The first render is a transition: React renders the page in slices that
 * yield to the browser every few milliseconds instead of one long task (issue 13's long-task goal), and commits
 * it whole. `onFirstFrame` is called in a task after the frame that drew that commit (main.tsx starts the
 * simulation workers then).
 */
export function mountApp(container: HTMLElement, onFirstFrame: () => void): void {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <PanelBoundary name="lab">
          <App />
        </PanelBoundary>
        <FirstFrame onFrame={onFirstFrame} />
      </StrictMode>,
    ),
  );
}
