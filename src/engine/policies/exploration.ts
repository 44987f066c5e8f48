import type { Rng } from '../rng';
import { NULL_ACTION, type OwnReason } from '../types';

/**
 * Why a one-query algorithm ends a prompt after its query (PolicyExplanation.own): the originals of the literature
 * (policies/literature.ts) and the paper's single baselines (§5.1, l. 367–370; policies/baselines.ts) ask one model per
 * prompt; none of them takes the null action by a rule of its own.
 */
export const ONE_QUERY: OwnReason = { reason: 'it asks one model per prompt, as the original algorithm does' };

/** What `ForcedExploration.next` returns when exploration is over for this prompt and the algorithm's rule decides. */
export const FREE = -2;

/**
 * The forced exploration of Algorithm 1, lines 1–4 (promptwise.tex l. 308–311): each arm is pulled τ_exp times,
 * one pull per prompt, "pulling arm a (and moving to the next context)" (l. 309), before its estimate is used.
 * §5.1 (l. 370): every algorithm except Lowest-cost and Highest-cost explores each arm at least once.
 *
 * A prompt whose first query finds an available arm pulled fewer than τ_exp times is an exploration prompt: that
 * arm is queried once and the prompt ends. The arm is the lowest-index one, or, with `shuffle`, one drawn at random
 * among them (the authors' code picks the under-explored arms in random order). Arms that join later (a schedule)
 * are explored when they appear.
 */
export class ForcedExploration {
  /** Pulls of each arm so far, forced or not. */
  readonly pulls: Int32Array;
  private firstQuery = true;
  private exploring = false;

  constructor(
    K: number,
    private readonly rounds: number,
    private readonly shuffle?: Rng,
  ) {
    this.pulls = new Int32Array(K);
  }

  begin(): void {
    this.firstQuery = true;
    this.exploring = false;
  }

  /** Whether this prompt is an exploration prompt (its one query, and the stop after it). */
  get forced(): boolean {
    return this.exploring;
  }

  /** The forced arm at a prompt's first query, NULL_ACTION after it (the prompt ends), else FREE. */
  next(available: Uint8Array): number {
    if (this.exploring) return NULL_ACTION;
    if (!this.firstQuery) return FREE;
    this.firstQuery = false;
    const arm = this.underExplored(available);
    if (arm === NULL_ACTION) return FREE;
    this.exploring = true;
    return arm;
  }

  observe(arm: number): void {
    this.pulls[arm]++;
  }

  private underExplored(available: Uint8Array): number {
    let n = 0;
    for (let a = 0; a < this.pulls.length; a++) {
      if (available[a] && this.pulls[a] < this.rounds) {
        if (!this.shuffle) return a;
        n++;
      }
    }
    if (n === 0) return NULL_ACTION;
    let k = this.shuffle!.int(n);
    for (let a = 0; a < this.pulls.length; a++) {
      if (available[a] && this.pulls[a] < this.rounds && k-- === 0) return a;
    }
    return NULL_ACTION;
  }
}
