import type { Prompt } from '../types';

/** A Bernoulli(q_a(x)) reward from one uniform: success iff u < q. Pure, so every policy sees the same outcome. */
export function bernoulliPull(prompt: Prompt, arm: number, u: number): 0 | 1 {
  return u < prompt.q[arm] ? 1 : 0;
}
