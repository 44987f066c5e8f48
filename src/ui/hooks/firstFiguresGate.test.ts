import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { LabState } from '../../state/lab/controller';
import { firstFiguresGate } from './firstFiguresGate';

type Shown = Pick<LabState, 'status' | 'result' | 'progress'>;
const computing: Shown = { status: 'running', result: null, progress: { done: 10, total: 100, partial: null } };

/** A lab store and a gate on it, with the fallback timer held by the test. */
function setUp(initial: Shown = computing) {
  const lab = createStore<Shown>(() => initial);
  let fire = () => {};
  const gate = firstFiguresGate(lab, 5000, (run) => (fire = run));
  let notified = 0;
  gate.subscribe(() => notified++);
  return { lab, gate, fireTimer: () => fire(), notified: () => notified };
}

describe('firstFiguresGate', () => {
  it('stays shut while the first run computes without figures, and opens with its first partial figures', () => {
    const { lab, gate, notified } = setUp();
    lab.setState({ progress: { done: 20, total: 100, partial: null } });
    expect(gate.open).toBe(false);
    lab.setState({ progress: { done: 30, total: 100, partial: {} as NonNullable<Shown['progress']['partial']> } });
    expect(gate.open).toBe(true);
    expect(notified()).toBe(1);
  });

  it('opens on a result, a failure or a cancel, and stays open', () => {
    for (const patch of [{ result: {} as NonNullable<Shown['result']> }, { status: 'error' as const }, { status: 'cancelled' as const }]) {
      const { lab, gate } = setUp();
      lab.setState(patch);
      expect(gate.open, JSON.stringify(patch)).toBe(true);
      lab.setState(computing);
      expect(gate.open).toBe(true);
    }
  });

  it('opens after the fallback time whatever the lab does, once', () => {
    const { gate, fireTimer, notified } = setUp();
    expect(gate.open).toBe(false);
    fireTimer();
    fireTimer();
    expect(gate.open).toBe(true);
    expect(notified()).toBe(1);
  });

  it('is open at once when the lab already has figures', () => {
    const { gate } = setUp({ ...computing, status: 'done', result: {} as NonNullable<Shown['result']> });
    expect(gate.open).toBe(true);
  });
});
