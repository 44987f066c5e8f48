import { describe, expect, it } from 'vitest';
import { planBudget, prop1Arm } from './oracle';
import { argmaxAvailable } from './policies/learner';
import { clearlyGreater } from './ties';

const all = (K: number) => new Uint8Array(K).fill(1);
/** The next double above x: the size of a 1-ulp platform difference. */
const nextUp = (x: number) => {
  const b = new Float64Array([x]);
  new BigInt64Array(b.buffer)[0] += 1n;
  return b[0];
};

describe('near-ties (a 1-ulp difference between platforms must not flip a decision)', () => {
  it('clearlyGreater ignores rounding noise but not real differences, infinities included', () => {
    expect(clearlyGreater(nextUp(0.7), 0.7)).toBe(false);
    expect(clearlyGreater(0.7 + 1e-9, 0.7)).toBe(true);
    expect(clearlyGreater(Infinity, 3)).toBe(true);
    expect(clearlyGreater(3, -Infinity)).toBe(true);
    expect(clearlyGreater(Infinity, Infinity)).toBe(false);
  });

  it('argmax, Proposition 1 and the DP give the lower index when scores differ by one ulp', () => {
    const q = 0.8;
    expect(argmaxAvailable(all(2), (a) => (a === 0 ? q : nextUp(q)))).toBe(0);
    expect(prop1Arm([q, nextUp(q)], [1, 1], all(2), 0.01)).toBe(0);
    expect(prop1Arm([nextUp(q), q], [1, 1], all(2), 0.01)).toBe(0);
    expect(planBudget([q, nextUp(q)], [1, 1], all(2), 0.01, 3).arm[3]).toBe(0);
  });
});
