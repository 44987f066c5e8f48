import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { PanelBoundary } from './layout/PanelBoundary';
import { preloadCurvesCode } from './views/lazyCharts';

/**
 * Renders the lab into `container`, having asked for the learning curves' chart code first (`preloadCurvesCode`).
 * The first render is a transition: React renders the page in slices that yield to the browser every few
 * milliseconds instead of one long task, and commits it whole.
 */
export function mountApp(container: HTMLElement): void {
  preloadCurvesCode();
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
