import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { setPoolSize } from './workers/simBridge';
import './ui/styles.css';

// `?workers=N` (1–16) sets how many simulation workers share a run's trials (docs/LAB.md, "Hosting"); by default
// one per core but one. Results do not depend on it; tests use it to check exactly that.
const workers = new URLSearchParams(location.search).get('workers');
if (workers !== null) {
  try {
    setPoolSize(Number(workers));
  } catch (e) {
    console.warn(`?workers=${workers} ignored: ${(e as Error).message}`);
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
