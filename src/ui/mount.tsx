import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { PanelBoundary } from './layout/PanelBoundary';

/**
 * Renders the lab into `container`. The first render is a transition: React renders the page in slices that
 * yield to the browser every few milliseconds instead of one long task (issue 13's long-task goal), and commits
 * it whole.
 */
export function mountApp(container: HTMLElement): void {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <PanelBoundary name="lab">
          <App />
        </PanelBoundary>
      </StrictMode>,
    ),
  );
}
