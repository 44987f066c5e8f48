import { NULL_ACTION, type Policy, type Prompt, type Pull, type StepRecord } from './types';

/**
 * One step of Protocol 1 (paper §3): the learner pulls arms one after another, each pull costs c_a and
 * returns a Bernoulli(q_a(x)) reward; the step ends on the first success, on the null action, or after
 * τ_max pulls. Utility = max reward − λ·Σ cost.
 *
 * `uniforms(arm, k)` gives the reward stream's uniform for the k-th pull of `arm` in this step, so every
 * policy sees the same outcome for the same (step, arm, k) (common random numbers).
 *
 * `onDecision(arm, pullsLeft)`, if given, is called after every `policy.next` (the null action included),
 * before the pull: the lab's decision trace reads `policy.explain()` there. Untraced runs pass nothing.
 */
export function playStep(
  policy: Policy,
  t: number,
  prompt: Prompt,
  world: { pull(prompt: Prompt, arm: number, u: number): 0 | 1 },
  lambda: number,
  tauMax: number,
  uniforms: (arm: number, k: number) => number,
  onDecision?: (arm: number, pullsLeft: number) => void,
): StepRecord {
  policy.begin({ t, x: prompt.x, costs: prompt.costs, available: prompt.available }, prompt.q);
  const pulls: Pull[] = [];
  const timesPulled = new Map<number, number>();
  let cost = 0;
  let success: 0 | 1 = 0;
  while (pulls.length < tauMax) {
    const arm = policy.next(tauMax - pulls.length);
    if (onDecision) onDecision(arm, tauMax - pulls.length);
    if (arm === NULL_ACTION) break;
    if (!(arm >= 0 && arm < prompt.costs.length) || !prompt.available[arm]) {
      throw new Error(`policy ${policy.id} chose arm ${arm}, which is not available at step ${t}`);
    }
    const k = timesPulled.get(arm) ?? 0;
    timesPulled.set(arm, k + 1);
    const reward = world.pull(prompt, arm, uniforms(arm, k));
    const c = prompt.costs[arm];
    cost += c;
    pulls.push({ arm, reward, cost: c });
    policy.observe(arm, reward);
    if (reward === 1) {
      success = 1;
      break;
    }
  }
  policy.end();
  return { pulls, utility: success - lambda * cost, cost, success };
}
