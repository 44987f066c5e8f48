import { isRbfWidth, MIN_RBF_SIGMA } from './estimators/kernel';
import { fmtCount } from './lab/format';
import { meanStd, type Stat } from './metrics';
import { budgetValue, unlimitedValue } from './oracle';
import { acceptsNumber, MAX_QUERY_PRICE, type NumberParam, numberProblem, paramsOf } from './params';
import { type AlgorithmId, createPolicy, isAlgorithmId, releasePolicy } from './policies/registry';
import { playStep } from './protocol';
import { createRng, deriveSeed } from './rng';
import { type BanditParams, defaultParams, type Policy, type Prompt, resolveAlpha, type StepRecord, type World } from './types';

export type { Stat } from './metrics';

/** What to run on a world: algorithms × trials of T prompts each, from one base seed. */
export interface SimOptions {
  algos: readonly string[];
  T: number;
  trials: number;
  seed: number;
  params: Partial<BanditParams>;
}

/**
 * A chunk of consecutive steps of one (algorithm, trial): what the worker streams to the lab.
 * Per step: realised utility, cost, success, instantaneous regret u*_DP(x_t) − u_t, the prompt's category,
 * and the escalation trace (arms in pull order, -1 padded to τ_max, with their 0/1 rewards).
 */
export interface StepBatch {
  algo: string;
  trial: number;
  from: number;
  to: number;
  utility: Float64Array;
  cost: Float64Array;
  success: Uint8Array;
  regret: Float64Array;
  category: Int16Array;
  arms: Int8Array;
  rewards: Uint8Array;
}

export interface AlgoSummary {
  utility: Stat;
  cost: Stat;
  success: Stat;
  /** Cumulative Σ_t (u*_DP(x_t) − u_t): against the finite-budget DP oracle's expected utility at τ_max (docs/ENGINE.md). */
  regret: Stat;
  /**
   * Cumulative Σ_t (u*(x_t) − u_t) against the paper's unlimited-budget optimum u* (Proposition 1, l. 268–273; its
   * regret definition, l. 543): the DP regret plus Σ_t (u* − u*_DP) ≥ 0, the price of the round budget itself.
   */
  regretUnlimited: Stat;
  seconds: number;
}

/** The results file of ../shared/spec/cli.md. */
export interface SimResult {
  world: string;
  params: Record<string, number | null>;
  results: Record<string, AlgoSummary>;
}

export class SimConfigError extends Error {}
export class SimCancelled extends Error {
  constructor() {
    super('simulation cancelled');
  }
}

/**
 * Watches one (algorithm, trial) of a run pull by pull: the lab's escalation trace. Only that run pays for
 * it; every other run goes through playStep exactly as without a tracer.
 */
export interface StepTracer {
  readonly algo: string;
  readonly trial: number;
  /** After each `policy.next` of the traced run (arm = NULL_ACTION for the null action), before the pull. */
  decision(t: number, prompt: Prompt, policy: Policy, arm: number, pullsLeft: number): void;
  /** A step of the traced run is over. */
  step(t: number, prompt: Prompt, record: StepRecord): void;
}

interface Resolved {
  algos: AlgorithmId[];
  T: number;
  trials: number;
  seed: number;
  params: BanditParams;
}

function resolve(options: SimOptions): Resolved {
  const params: BanditParams = { ...defaultParams, ...options.params };
  // Every number is checked against the parameter registry (params.ts), with its one message; null only where its
  // default is (computed, or none).
  const check = (p: NumberParam, v: number | null) => {
    if (v === null && p.default === null) return;
    if (v === null || !acceptsNumber(p, v)) throw new SimConfigError(numberProblem(p.key, p, String(v)));
  };
  for (const p of paramsOf('run')) check(p, options[p.key as 'T' | 'trials' | 'seed']);
  for (const p of paramsOf('bandit')) check(p, params[p.key as keyof BanditParams]);
  if (!isRbfWidth(params.sigma)) {
    throw new SimConfigError(`sigma: too small for the RBF kernel (1/(2σ²) overflows; got ${params.sigma}, need ≥ ${MIN_RBF_SIGMA})`);
  }
  if (options.algos.length === 0) throw new SimConfigError('algos: choose at least one algorithm');
  const algos = options.algos.map((id) => {
    if (!isAlgorithmId(id)) throw new SimConfigError(`algos: unknown algorithm "${id}"`);
    return id;
  });
  return { algos, T: options.T, trials: options.trials, seed: options.seed, params };
}

/** Throws the SimConfigError a run of `options` would throw, without running it. */
export function checkOptions(options: SimOptions): void {
  resolve(options);
}

const now = () => globalThis.performance.now();

/**
 * Runs the algorithms on a world as a generator: it yields a StepBatch after every `chunk` steps of each
 * (algorithm, trial) and returns the summary, so callers choose how to stream, pace and cancel.
 *
 * Within a trial all algorithms see the same prompts (context stream of trial i) and the same outcome for
 * the same (step, arm, k-th pull) (reward stream of trial i): common random numbers. Each trial's streams
 * are derived from the base seed, so trial i does not depend on how many draws earlier trials made.
 */
export function* simulate(world: World, options: SimOptions, chunk = 100, tracer?: StepTracer): Generator<StepBatch, SimResult, void> {
  const outcomes = yield* simulateTrials(world, options, { from: 0, to: options.trials }, chunk, tracer);
  return summarize(world, options, outcomes);
}

/**
 * Per algorithm, each trial's per-step averages (utility, cost, success) and cumulative regret, in trial order,
 * and the seconds its trials took: what a slice of a run produces, and what the summary is computed from.
 */
export type TrialOutcomes = Record<
  string,
  { utility: number[]; cost: number[]; success: number[]; regret: number[]; regretUnlimited: number[]; seconds: number }
>;

/** The trials [from, to) of a run: a slice one worker of a pool can run alone (trial i depends only on i). */
export interface TrialRange {
  from: number;
  to: number;
}

/** Reward draws a trial may hold (doubles: 400 MB). */
const MAX_REWARD_DRAWS = 50_000_000;

/**
 * A trial's reward uniforms come in blocks of PULL_BLOCK pulls: block b holds the pulls k = b·PULL_BLOCK … of every
 * (step t, model a), step-major, drawn from a stream of its own (drawTrial). So the uniform of the k-th pull of a at
 * t depends on neither τ_max nor T, and a τ_max sweep compares its budgets on the same outcomes, as a run compares
 * its algorithms (docs/ENGINE.md, reading 6): a learner that asks one model per prompt lands on one point whatever
 * the budget. PULL_BLOCK is 5, the default τ_max when the layout changed, so a run at τ_max = 5 draws what it drew
 * when the layout was (t·K + a)·τ_max + k. It is part of what a seed means: it stays 5 whatever the default becomes
 * (another value changes every run's numbers).
 */
const PULL_BLOCK = 5;

/** Where the uniform of the k-th pull of model a at step t lies in a trial's draws (K models, T steps). */
function rewardIndex(T: number, K: number, t: number, a: number, k: number): number {
  const block = Math.floor(k / PULL_BLOCK);
  return ((block * T + t) * K + a) * PULL_BLOCK + (k - block * PULL_BLOCK);
}

/**
 * The uniforms step t's pulls see, as playStep takes them: (model a, its k-th pull at t) → u. Whatever plays a
 * trial's draws reads them through this (the runners, the models alone, the Live loop's test, the engine bench).
 */
export function stepUniforms(draws: TrialDraws, t: number): (a: number, k: number) => number {
  const { prompts, uniforms } = draws;
  const T = prompts.length;
  const K = prompts[t].costs.length;
  return (a, k) => uniforms[rewardIndex(T, K, t, a, k)];
}

/** How many uniforms a trial draws: whole blocks of PULL_BLOCK pulls, enough for τ_max. */
const rewardDrawCount = (T: number, K: number, tauMax: number) => T * K * PULL_BLOCK * Math.ceil(tauMax / PULL_BLOCK);

/** A query beyond MAX_QUERY_PRICE (params.ts) is refused with a message instead of written with non-numbers. */
function checkCostScale(p: Prompt, lambda: number, t: number): void {
  for (let a = 0; a < p.costs.length; a++) {
    const price = lambda * p.costs[a];
    if (!(price <= MAX_QUERY_PRICE)) {
      throw new SimConfigError(
        `lambda × costs: a query costs λ × c = ${price.toExponential(2)} (model ${a + 1}, prompt ${t}), more than ${MAX_QUERY_PRICE.toExponential(0)} successes; use smaller costs or λ`,
      );
    }
  }
}

/**
 * Runs trials [range.from, range.to) of `options` (which still names the whole run's trial count): a slice of
 * `simulate`, yielding its StepBatches and returning the slice's outcomes. Each trial's streams come from the
 * base seed and the trial's index, so slices run anywhere give the trials a whole run gives (mergeOutcomes).
 */
export function* simulateTrials(
  world: World,
  options: SimOptions,
  range: TrialRange,
  chunk = 100,
  tracer?: StepTracer,
  /** Hears each trial's draws before its algorithms play them (the lab's single-model references). */
  onDraws?: (trial: number, draws: TrialDraws) => void,
): Generator<StepBatch, TrialOutcomes, void> {
  const { algos, T, trials, seed, params } = resolve(options);
  if (!(Number.isInteger(range.from) && Number.isInteger(range.to) && 0 <= range.from && range.from <= range.to && range.to <= trials)) {
    throw new RangeError(`trials [${range.from}, ${range.to}) are not within the run's ${trials}`);
  }
  const K = world.arms.length;
  const { lambda, tauMax } = params;
  // A trial draws one uniform per (step, model, pull), in whole blocks of pulls: bounded before it is allocated.
  if (rewardDrawCount(T, K, tauMax) > MAX_REWARD_DRAWS) {
    throw new SimConfigError(
      `T × tauMax: a trial would draw about T × models × tauMax = ${rewardDrawCount(T, K, tauMax).toExponential(2)} rewards, more than ${fmtCount(MAX_REWARD_DRAWS)} (lower T or tauMax)`,
    );
  }
  const perTrial: TrialOutcomes = Object.create(null);
  for (const id of algos) perTrial[id] = { utility: [], cost: [], success: [], regret: [], regretUnlimited: [], seconds: 0 };

  for (let trial = range.from; trial < range.to; trial++) {
    const draws = drawTrial(world, seed, trial, T, params);
    onDraws?.(trial, draws);
    const { prompts, uniforms } = draws;
    const best = new Float64Array(T);
    // What the round budget itself costs the best policy on this trial's prompts: Σ_t (u*(x_t) − u*_DP(x_t)), the
    // difference between the paper's regret and the DP's, the same for every learner.
    let budgetGap = 0;
    for (let t = 0; t < T; t++) {
      const p = prompts[t];
      best[t] = budgetValue(p.q, p.costs, p.available, lambda, tauMax);
      budgetGap += unlimitedValue(p.q, p.costs, p.available, lambda) - best[t];
    }

    const runners: Runner[] = algos.map((id) => ({
      id,
      policy: createPolicy(id, { K, dim: world.dim, params, rng: createRng(deriveSeed(seed, 'trial', trial, 'policy', id)) }),
      utility: 0,
      cost: 0,
      success: 0,
      regret: 0,
    }));

    const setting: TrialSetting = { world, prompts, best, uniforms, lambda, tauMax };
    try {
      for (let from = 0; from < T; from += chunk) {
        const to = Math.min(T, from + chunk);
        for (const r of runners) {
          const traced = tracer !== undefined && tracer.trial === trial && tracer.algo === r.id ? tracer : null;
          const started = now();
          const batch = playChunk(r, trial, from, to, setting, traced);
          perTrial[r.id].seconds += (now() - started) / 1000;
          yield batch;
        }
      }
    } finally {
      // The next trial's policies take over their WebAssembly regions (also when the caller stops early).
      for (const r of runners) releasePolicy(r.policy);
    }
    for (const r of runners) {
      const acc = perTrial[r.id];
      acc.utility.push(r.utility / T);
      acc.cost.push(r.cost / T);
      acc.success.push(r.success / T);
      acc.regret.push(r.regret);
      acc.regretUnlimited.push(r.regret + budgetGap);
    }
  }

  return perTrial;
}

/** What trial `trial` of a run draws before anyone plays: its prompts and the reward stream's uniforms. */
export interface TrialDraws {
  /** The prompts of steps 0 … T − 1, from the trial's context stream. */
  prompts: Prompt[];
  /** One uniform per (step t, model a, k-th pull of a in that step), laid out by rewardIndex: read with stepUniforms. */
  uniforms: Float64Array;
}

/**
 * The draws of trial `trial`: every algorithm of the trial plays on these (common random numbers), and so does
 * anything else that must see the outcomes they see (singleModels.ts). Each stream is derived from the base seed
 * and the trial's index alone. Throws SimConfigError for a prompt whose λ·c overflows the utilities.
 */
export function drawTrial(world: World, seed: number, trial: number, T: number, params: Pick<BanditParams, 'lambda' | 'tauMax'>): TrialDraws {
  const { lambda, tauMax } = params;
  const contextRng = createRng(deriveSeed(seed, 'trial', trial, 'contexts'));
  const prompts: Prompt[] = new Array(T);
  for (let t = 0; t < T; t++) {
    const p = world.draw(t, contextRng);
    checkCostScale(p, lambda, t);
    prompts[t] = p;
  }
  const perBlock = T * world.arms.length * PULL_BLOCK;
  const uniforms = new Float64Array(rewardDrawCount(T, world.arms.length, tauMax));
  for (let block = 0; block < uniforms.length / perBlock; block++) {
    // Each block of pulls has a stream of its own, drawn step by step, so a pull's uniform depends on neither τ_max
    // nor T: a run of T prompts is the first T prompts of a longer one. Block 0 keeps the stream's old seed path.
    const rewardRng = createRng(block === 0 ? deriveSeed(seed, 'trial', trial, 'rewards') : deriveSeed(seed, 'trial', trial, 'rewards', block));
    for (let i = block * perBlock; i < (block + 1) * perBlock; i++) uniforms[i] = rewardRng.uniform();
  }
  return { prompts, uniforms };
}

/** What every step of a trial shares: its prompts, each prompt's best utility and the reward uniforms. */
interface TrialSetting extends TrialDraws {
  world: World;
  best: Float64Array;
  lambda: number;
  tauMax: number;
}

/** A learner's running totals over one trial. */
interface Runner {
  id: string;
  policy: Policy;
  utility: number;
  cost: number;
  success: number;
  regret: number;
}

/**
 * Steps [from, to) of one runner, recorded as a StepBatch. A function of its own, not a loop inside the
 * simulateTrials generator: the policies' calls here are polymorphic, so V8 re-optimises whatever function holds
 * this loop several times per run, and re-optimising this small one costs a fraction of re-optimising the whole
 * generator (388 ms of TurboFan time in an 3.7 s HumanEval replay, twice over on a pool of two).
 */
function playChunk(r: Runner, trial: number, from: number, to: number, s: TrialSetting, traced: StepTracer | null): StepBatch {
  const { world, prompts, best, lambda, tauMax } = s;
  const n = to - from;
  const batch: StepBatch = {
    algo: r.id,
    trial,
    from,
    to,
    utility: new Float64Array(n),
    cost: new Float64Array(n),
    success: new Uint8Array(n),
    regret: new Float64Array(n),
    category: new Int16Array(n),
    arms: new Int8Array(n * tauMax).fill(-1),
    rewards: new Uint8Array(n * tauMax),
  };
  for (let t = from; t < to; t++) {
    const prompt = prompts[t];
    const u = stepUniforms(s, t);
    const rec = traced
      ? playStep(r.policy, t, prompt, world, lambda, tauMax, u, (arm, left) => traced.decision(t, prompt, r.policy, arm, left))
      : playStep(r.policy, t, prompt, world, lambda, tauMax, u);
    if (traced) traced.step(t, prompt, rec);
    const i = t - from;
    batch.utility[i] = rec.utility;
    batch.cost[i] = rec.cost;
    batch.success[i] = rec.success;
    batch.regret[i] = best[t] - rec.utility;
    batch.category[i] = prompt.category;
    rec.pulls.forEach((p, k) => {
      batch.arms[i * tauMax + k] = p.arm;
      batch.rewards[i * tauMax + k] = p.reward;
    });
    r.utility += rec.utility;
    r.cost += rec.cost;
    r.success += rec.success;
    r.regret += best[t] - rec.utility;
  }
  return batch;
}

/** The outcomes of consecutive trial slices, in the order given: one run's outcomes, whatever the slicing. */
export function mergeOutcomes(parts: readonly TrialOutcomes[]): TrialOutcomes {
  const merged: TrialOutcomes = Object.create(null);
  for (const part of parts) {
    for (const [id, o] of Object.entries(part)) {
      merged[id] ??= { utility: [], cost: [], success: [], regret: [], regretUnlimited: [], seconds: 0 };
      const m = merged[id];
      m.utility.push(...o.utility);
      m.cost.push(...o.cost);
      m.success.push(...o.success);
      m.regret.push(...o.regret);
      m.regretUnlimited.push(...o.regretUnlimited);
      m.seconds += o.seconds;
    }
  }
  return merged;
}

/** The results file of a run from its trials' outcomes: mean and population std over trials (cli.md). */
export function summarize(world: Pick<World, 'name' | 'arms' | 'dim'>, options: SimOptions, outcomes: TrialOutcomes): SimResult {
  const { algos, T, trials, seed, params } = resolve(options);
  const K = world.arms.length;
  const { lambda, tauMax } = params;
  const results: Record<string, AlgoSummary> = {};
  for (const id of algos) {
    const acc = outcomes[id];
    if (acc === undefined || acc.utility.length !== trials) throw new Error(`summarize: ${id} has ${acc?.utility.length ?? 0} of ${trials} trials`);
    results[id] = {
      utility: meanStd(acc.utility),
      cost: meanStd(acc.cost),
      success: meanStd(acc.success),
      regret: meanStd(acc.regret),
      regretUnlimited: meanStd(acc.regretUnlimited),
      seconds: acc.seconds,
    };
  }
  return {
    world: world.name,
    params: {
      T,
      trials,
      seed,
      lambda,
      tauMax,
      tauExp: params.tauExp,
      alpha: resolveAlpha(params, K),
      delta: params.delta,
      ridge: params.ridge,
      sigma: params.sigma,
      beta: params.beta,
      fitIterations: params.fitIterations,
      d: world.dim,
    },
    results,
  };
}

export interface RunHooks {
  onBatch?: (batch: StepBatch) => void;
  /** Polled between chunks; returning true throws SimCancelled. */
  shouldStop?: () => boolean;
  chunk?: number;
  /** Watches one (algorithm, trial) pull by pull (the lab's trace). */
  tracer?: StepTracer;
}

/** What the async drivers add: a cancel flag polled between chunks, and the work slice between yields. */
export interface AsyncHooks {
  signal?: { aborted: boolean };
  /** Hand control back to the event loop after about this much work (ms, default 16). */
  sliceMs?: number;
}

/**
 * Drives a simulation to its end inside another generator (`yield*`): each StepBatch goes to `tick`, whose
 * value is yielded in its place; the simulation's result (a summary, or a slice's outcomes) is returned. The lab run, the sweeps and the
 * featurizer ablation report progress this way.
 */
export function* driveSimulation<Y, R>(sim: Generator<StepBatch, R, void>, tick: (batch: StepBatch) => Y): Generator<Y, R, void> {
  try {
    for (;;) {
      const step = sim.next();
      if (step.done) return step.value;
      yield tick(step.value);
    }
  } finally {
    closeEarly(sim);
  }
}

/**
 * Closes a generator that its driver leaves before the end (stopped, cancelled, or an error in the driver), so that
 * its `finally` blocks run: simulateTrials gives its policies' WebAssembly regions back there. A no-op on a
 * generator that has finished.
 */
export function closeEarly<Y, R>(it: Generator<Y, R, void>): void {
  it.return(undefined as R);
}

/** Runs a generator to its end synchronously, handing each yielded item to `onItem` (CLI, tests). */
export function drain<Y, R>(it: Generator<Y, R, void>, onItem?: (item: Y) => void, shouldStop?: () => boolean): R {
  try {
    for (;;) {
      const step = it.next();
      if (step.done) return step.value;
      onItem?.(step.value);
      if (shouldStop?.()) throw new SimCancelled();
    }
  } finally {
    closeEarly(it);
  }
}

/**
 * Runs a generator to its end but hands control back to the event loop about every `sliceMs` of work, so a
 * worker stays responsive to cancel messages; `signal.aborted` stops it with SimCancelled.
 * It yields with a MessageChannel message, not setTimeout(0), which browsers clamp to ≥ 4 ms per call:
 * yielding after every chunk that way made a run in the browser ten times slower than in Node.
 */
export async function drainAsync<Y, R>(it: Generator<Y, R, void>, onItem?: (item: Y) => void, hooks: AsyncHooks = {}): Promise<R> {
  const sliceMs = hooks.sliceMs ?? 16;
  let sliceStart = now();
  try {
    for (;;) {
      const step = it.next();
      if (step.done) return step.value;
      onItem?.(step.value);
      if (now() - sliceStart >= sliceMs) {
        await yieldToEventLoop();
        sliceStart = now();
      }
      if (hooks.signal?.aborted) throw new SimCancelled();
    }
  } finally {
    closeEarly(it);
  }
}

/** Drains `simulate` synchronously (CLI, tests). */
export function runSimulation(world: World, options: SimOptions, hooks: RunHooks = {}): SimResult {
  return drain(simulate(world, options, hooks.chunk, hooks.tracer), hooks.onBatch, hooks.shouldStop);
}

/** The part of MessageChannel (in browsers, workers and Node alike) this needs; the engine has no DOM types. */
interface Channel {
  port1: { onmessage: (() => void) | null; close(): void };
  port2: { postMessage(message: unknown): void };
}
const { MessageChannel } = globalThis as unknown as { MessageChannel: new () => Channel };

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export { algorithmIds } from './policies/registry';
