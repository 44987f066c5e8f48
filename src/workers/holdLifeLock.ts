/**
 * Imported first by every worker, for its side effect: the worker asks for its life lock (lifeLock.ts) before the
 * rest of its bundle is evaluated. A worker that ends before its lock is granted is not watched (the page would
 * wait for its call forever); asked for first, the grant is on its way while the engine or transformers.js is
 * evaluated, so the window closes as the bundle finishes rather than a round trip later. No test can time a
 * worker's end into that window, so none holds this order: the crash the page must report is held mid-run
 * (e2e/run-controls.e2e.ts).
 */
import { holdLifeLock } from './lifeLock';

holdLifeLock();
