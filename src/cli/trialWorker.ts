/** A worker of the CLI's pool (pool.ts): rebuilds the world from the command line and runs its slice of the trials. */
import { parentPort, workerData } from 'node:worker_threads';
import { drain, SimConfigError, simulateTrials } from '../engine/simulate';
import { WorldFormatError } from '../engine/worlds/errors';
import { parseCliArgs, UsageError } from './args';
import type { TrialAnswer, TrialJob } from './pool';
import { worldFor } from './world';

const job = workerData as TrialJob;
let answer: TrialAnswer;
try {
  const opts = parseCliArgs(job.argv);
  const world = worldFor(opts);
  const options = { algos: opts.algos, T: opts.T, trials: opts.trials, seed: opts.seed, params: opts.params };
  answer = { outcomes: drain(simulateTrials(world, options, job.range)), world: { name: world.name, arms: [...world.arms], dim: world.dim } };
} catch (e) {
  const expected = e instanceof UsageError || e instanceof WorldFormatError || e instanceof SimConfigError;
  answer = { error: e instanceof Error ? e.message : String(e), expected };
}
parentPort!.postMessage(answer);
