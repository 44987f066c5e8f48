/**
 * Turns to draw, one chart (or formula) per frame, page-wide.
 *
 * Mounting or re-drawing a recharts chart is its render, its commit-phase effects (each axis, series and tooltip
 * registers itself in the chart's own store) and a re-render from that store in the next animation frame
 * (redux-toolkit's batching: every chart updated within one frame re-draws in that one callback). That is 25–90 ms
 * of main-thread CPU per chart on this project's 2-core machines (docs/notes/benchmarks-history.md). Cards that get their data
 * together (the τ_max trade-off beside the λ sweep's three charts, or the four learning curves) drew theirs in one
 * task: the first visit's longest, 140–166 ms of CPU (issue 13's goal: 50). So every chart asks for a turn before
 * it mounts (useChartBox) and before it takes new data (useStaggered); the queue grants one turn per task, in the
 * order asked, each after the frame that drew the one before, so the page paints and answers input between two
 * charts. KaTeX's formulas take turns in the same queue: typeset together when KaTeX arrived, the 14 of the "ideas"
 * card made a 45–58 ms task of their own.
 */
export class TurnQueue {
  private readonly waiting: (() => void)[] = [];
  /** Requests that wait while any of `waiting` does (the formulas: the charts carry the run's figures). */
  private readonly later: (() => void)[] = [];
  private pumping = false;

  /**
   * @param soon runs its callback in the next task (the first turn after the queue stood idle: by then a frame has
   *   passed since the last turn);
   * @param afterFrame in a task after the next animation frame (every further turn).
   */
  constructor(
    private readonly soon: (next: () => void) => void,
    private readonly afterFrame: (next: () => void) => void,
  ) {}

  /**
   * Asks for a turn: `grant` runs in a later task of its own. Returns a cancel that withdraws a waiting request.
   * `priority: 'low'`: granted only when no other request waits, so it never holds back a chart's.
   */
  request(grant: () => void, priority: 'normal' | 'low' = 'normal'): () => void {
    const list = priority === 'low' ? this.later : this.waiting;
    list.push(grant);
    if (!this.pumping) {
      this.pumping = true;
      this.soon(this.pump);
    }
    return () => {
      const i = list.indexOf(grant);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** Requests not granted yet. */
  get pending(): number {
    return this.waiting.length + this.later.length;
  }

  private readonly pump = (): void => {
    const grant = this.waiting.shift() ?? this.later.shift();
    if (!grant) {
      this.pumping = false;
      return;
    }
    grant();
    // Idle again only once a frame has passed: the next request's turn may then come in the next task.
    this.afterFrame(this.pump);
  };
}

const nextTask = (next: () => void) => void setTimeout(next, 0);

/** A task after the next animation frame (the next task where there are no frames). */
function afterNextFrame(next: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => nextTask(next));
  else nextTask(next);
}

/** The page's queue of turns to draw: charts (useChartBox, useStaggered) and formulas (Formula.tsx). */
export const drawingTurns = new TurnQueue(nextTask, afterNextFrame);
