// The benchmark page's script (plain JS: bench/ is type-checked without the DOM library). It exposes the
// app's own embedding bridge, so Chromium is timed through the same worker, cache and transformers.js setup
// the lab uses.
import { clearEmbeddingCache, embedInWorker } from '../src/workers/embedBridge';

window.__embedBench = { embedInWorker, clearEmbeddingCache };
document.getElementById('state').textContent = 'ready';
