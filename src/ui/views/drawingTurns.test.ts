import { describe, expect, it } from 'vitest';
import { TurnQueue } from './drawingTurns';

/** A queue whose "later tasks" run when the test says so, one per step(). */
function steppedQueue() {
  const tasks: (() => void)[] = [];
  const later = (next: () => void) => void tasks.push(next);
  const queue = new TurnQueue(later, later);
  const step = () => {
    const task = tasks.shift();
    task?.();
    return task !== undefined;
  };
  return { queue, step, scheduled: () => tasks.length };
}

describe('TurnQueue', () => {
  it('grants one request per later task, in the order asked, never inside request()', () => {
    const { queue, step } = steppedQueue();
    const granted: string[] = [];
    for (const name of ['tradeoff', 'λ utility', 'λ cost', 'λ success']) queue.request(() => granted.push(name));
    expect(granted).toEqual([]);
    step();
    expect(granted).toEqual(['tradeoff']);
    step();
    expect(granted).toEqual(['tradeoff', 'λ utility']);
    while (step()) {}
    expect(granted).toEqual(['tradeoff', 'λ utility', 'λ cost', 'λ success']);
    expect(queue.pending).toBe(0);
  });

  it('skips a request withdrawn while it waited, and stops scheduling once empty', () => {
    const { queue, step, scheduled } = steppedQueue();
    const granted: string[] = [];
    queue.request(() => granted.push('a'));
    const cancelB = queue.request(() => granted.push('b'));
    queue.request(() => granted.push('c'));
    cancelB();
    while (step()) {}
    expect(granted).toEqual(['a', 'c']);
    expect(scheduled()).toBe(0);
    // Withdrawing after the grant changes nothing.
    cancelB();
    expect(queue.pending).toBe(0);
  });

  it('grants the first turn after an idle spell in the next task, and each further one after a frame', () => {
    const tasks: { kind: 'soon' | 'frame'; run: () => void }[] = [];
    const queue = new TurnQueue(
      (run) => void tasks.push({ kind: 'soon', run }),
      (run) => void tasks.push({ kind: 'frame', run }),
    );
    const kinds: string[] = [];
    const drain = () => {
      for (let task = tasks.shift(); task; task = tasks.shift()) {
        kinds.push(task.kind);
        task.run();
      }
    };
    queue.request(() => {});
    queue.request(() => {});
    drain();
    // The second grant waits a frame, and so does the check that finds the queue empty: only then is it idle.
    expect(kinds).toEqual(['soon', 'frame', 'frame']);
    queue.request(() => {});
    drain();
    expect(kinds).toEqual(['soon', 'frame', 'frame', 'soon', 'frame']);
  });

  it('grants a low-priority request only when no other waits, whenever the others were asked', () => {
    const { queue, step } = steppedQueue();
    const granted: string[] = [];
    queue.request(() => granted.push('formula 1'), 'low');
    queue.request(() => granted.push('formula 2'), 'low');
    queue.request(() => granted.push('utility chart'));
    step();
    queue.request(() => granted.push('cost chart'));
    const cancel = queue.request(() => granted.push('withdrawn'), 'low');
    cancel();
    while (step()) {}
    expect(granted).toEqual(['utility chart', 'cost chart', 'formula 1', 'formula 2']);
    expect(queue.pending).toBe(0);
  });

  it('starts again for a request made after the queue ran dry', () => {
    const { queue, step } = steppedQueue();
    const granted: string[] = [];
    queue.request(() => granted.push('first'));
    while (step()) {}
    queue.request(() => granted.push('later'));
    expect(granted).toEqual(['first']);
    while (step()) {}
    expect(granted).toEqual(['first', 'later']);
  });
});
