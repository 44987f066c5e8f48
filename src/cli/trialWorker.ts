/**
 * A worker of the CLI's pool (pool.ts): rebuilds the world from the command line, then claims trials from the
 * shared counter and posts each one's outcomes until none is left.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { messageOf } from '../engine/messageOf';
import { parseCliArgs } from './args';
import { claimTrials, closeCounter } from './claim';
import { expectedErrorLine } from './errorLine';
import type { TrialJob, TrialMessage } from './pool';
import { worldFor } from './world';

const job = workerData as TrialJob;
const next = new Int32Array(job.next);
const post = (m: TrialMessage) => parentPort!.postMessage(m);
try {
  const opts = parseCliArgs(job.argv);
  const options = { algos: opts.algos, T: opts.T, trials: opts.trials, seed: opts.seed, params: opts.params };
  claimTrials(worldFor(opts), options, next, job.trials, (trial, outcomes) => post({ trial, outcomes }));
  post({ done: true });
} catch (e) {
  closeCounter(next, job.trials);
  const line = expectedErrorLine(e);
  post({ error: line ?? messageOf(e), expected: line !== null });
}
