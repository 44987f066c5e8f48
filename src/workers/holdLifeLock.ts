/**
 * Imported first by every worker, for its side effect: the worker takes its life lock (lifeLock.ts) before the
 * rest of its modules are evaluated. Called after the imports instead, the lock came only once the whole module
 * graph had run (the engine, transformers.js), and a worker that ended in that window was never watched: the
 * page then waited for its call forever.
 */
import { holdLifeLock } from './lifeLock';

holdLifeLock();
