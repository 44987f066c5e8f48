// First: it starts the first run, then lets the browser breathe before the modules below are evaluated.
import './boot';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { PanelBoundary } from './ui/layout/PanelBoundary';
import './ui/styles.css';

// The first render is a transition: React renders the page in slices that yield to the browser every few
// milliseconds instead of one long task (issue 13's long-task goal), and commits it whole.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <PanelBoundary name="lab">
        <App />
      </PanelBoundary>
    </StrictMode>,
  ),
);
