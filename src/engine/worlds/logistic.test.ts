import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { WorldFormatError } from './errors';
import { buildLogisticWorld, drawTheta } from './logistic';
import { type LogisticSpec, parseWorldSpec } from './schema';

const theta = [
  [2, 0, 0],
  [0, -3, 1],
];
const given = parseWorldSpec({ type: 'logistic', name: 'l', costs: [1, 5], d: 3, theta, arm_start: [0, 4] }) as LogisticSpec;
const seeded = parseWorldSpec({ type: 'logistic', name: 's', costs: [8, 1, 4], d: 4, theta_seed: 11 }) as LogisticSpec;

const norm = (x: ArrayLike<number>) => Math.sqrt(Array.from(x).reduce((s, v) => s + v * v, 0));

describe('logistic world', () => {
  it('computes q_a = sigmoid(<theta_a, x>)', () => {
    const world = buildLogisticWorld(given);
    const rng = createRng(1);
    for (let t = 0; t < 50; t++) {
      const p = world.draw(t, rng);
      theta.forEach((th, a) => {
        const z = th.reduce((s, v, i) => s + v * p.x[i], 0);
        expect(p.q[a]).toBeCloseTo(1 / (1 + Math.exp(-z)), 14);
      });
      expect(Array.from(p.available)).toEqual([1, t >= 4 ? 1 : 0]);
    }
    expect(world.arms).toEqual(['arm-0', 'arm-1']);
  });

  it('draws x uniformly from the unit ball (‖x‖^d is uniform on [0, 1], mean x is 0)', () => {
    const world = buildLogisticWorld(seeded);
    const rng = createRng(2);
    const N = 20_000;
    let radiusPow = 0;
    const mean = new Float64Array(4);
    for (let t = 0; t < N; t++) {
      const { x } = world.draw(t, rng);
      const r = norm(x);
      expect(r).toBeLessThanOrEqual(1);
      radiusPow += r ** 4 / N;
      x.forEach((v, i) => {
        mean[i] += v / N;
      });
    }
    expect(Math.abs(radiusPow - 0.5)).toBeLessThan(0.01); // sd of the mean ≈ 0.002
    for (const m of mean) expect(Math.abs(m)).toBeLessThan(0.02);
  });

  it('draws theta from theta_seed with length √d·(1 + cost rank)', () => {
    const th = drawTheta(11, [8, 1, 4], 4);
    expect(th.map((v) => norm(v))).toEqual([6, 2, 4].map((l) => expect.closeTo(l, 12)));
    expect(drawTheta(11, [8, 1, 4], 4)).toEqual(th);
    expect(drawTheta(12, [8, 1, 4], 4)).not.toEqual(th);
  });

  it('lets --d change d only when theta is drawn from its seed', () => {
    expect(buildLogisticWorld(seeded, 9).dim).toBe(9);
    expect(buildLogisticWorld(given, 3).dim).toBe(3);
    expect(() => buildLogisticWorld(given, 5)).toThrow(WorldFormatError);
    expect(() => buildLogisticWorld(given, 5)).toThrow('d: this world gives theta, so its dimension is fixed at 3 (got --d 5)');
  });
});
