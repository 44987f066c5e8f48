import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { LabState } from '../../state/lab/controller';
import { firstFiguresGate } from './firstFiguresGate';

type Shown = Pick<LabState, 'status' | 'result' | 'progress'>;
const computing: Shown = { status: 'running', result: null, progress: { done: 10, total: 100, partial: null } };

/** A lab store and a gate on it, with its timers held by the test: `fireTimers(ms)` runs those set for `ms`. */
function setUp(initial: Shown = computing) {
  const lab = createStore<Shown>(() => initial);
  const timers: { run: () => void; ms: number }[] = [];
  const gate = firstFiguresGate(lab, 5000, (run, ms) => timers.push({ run, ms }));
  let notified = 0;
  gate.subscribe(() => notified++);
  const fireTimers = (ms: number) => {
    for (const t of timers.filter((t) => t.ms === ms)) t.run();
  };
  return { lab, gate, fireTimers, notified: () => notified };
}

describe('firstFiguresGate', () => {
  it('stays shut while the first run computes without figures, and opens in the task after its first partial figures', () => {
    const { lab, gate, fireTimers, notified } = setUp();
    lab.setState({ progress: { done: 20, total: 100, partial: null } });
    fireTimers(0);
    expect(gate.open).toBe(false);
    lab.setState({ progress: { done: 30, total: 100, partial: {} as NonNullable<Shown['progress']['partial']> } });
    // Not in the task that draws the figures: in the next one.
    expect(gate.open).toBe(false);
    fireTimers(0);
    expect(gate.open).toBe(true);
    expect(notified()).toBe(1);
  });

  it('opens after a result, a failure or a cancel, and stays open', () => {
    for (const patch of [{ result: {} as NonNullable<Shown['result']> }, { status: 'error' as const }, { status: 'cancelled' as const }]) {
      const { lab, gate, fireTimers } = setUp();
      lab.setState(patch);
      fireTimers(0);
      expect(gate.open, JSON.stringify(patch)).toBe(true);
      lab.setState(computing);
      expect(gate.open).toBe(true);
    }
  });

  it('opens after the fallback time whatever the lab does, once', () => {
    const { gate, fireTimers, notified } = setUp();
    expect(gate.open).toBe(false);
    fireTimers(5000);
    fireTimers(5000);
    expect(gate.open).toBe(true);
    expect(notified()).toBe(1);
  });

  it('opens once when the figures and the fallback both come', () => {
    const { lab, gate, fireTimers, notified } = setUp();
    lab.setState({ status: 'error' });
    fireTimers(5000);
    fireTimers(0);
    expect(gate.open).toBe(true);
    expect(notified()).toBe(1);
  });

  it('is open at once when the lab already has figures', () => {
    const { gate } = setUp({ ...computing, status: 'done', result: {} as NonNullable<Shown['result']> });
    expect(gate.open).toBe(true);
  });
});
