/**
 * Turns to mount, one chart per task, page-wide.
 *
 * Mounting a recharts chart is its whole render, its commit-phase effects (each axis, series and tooltip
 * registers itself in the chart's own store) and a re-render from that store in the next animation frame: 20–40 ms
 * of main-thread CPU per chart on this project's 2-core machine. Cards that get their data together (the τ_max
 * trade-off beside the λ sweep's three charts, or four learning curves) used to mount theirs in one React commit:
 * the first visit's longest task, 140–155 ms of CPU (issue 13's goal: 50). Each chart asks for a turn once its box
 * has a size, and the queue grants one turn per task, in the order asked, each after the frame that drew the one
 * before, so the page paints and answers input between two charts.
 */
export class TurnQueue {
  private readonly waiting: (() => void)[] = [];
  private pumping = false;

  /**
   * @param later runs its callback in a later task: after the next frame has been drawn in the page
   *   (`afterNextFrame`), right away in a test.
   */
  constructor(private readonly later: (next: () => void) => void) {}

  /** Asks for a turn: `grant` runs in a later task of its own. Returns a cancel that withdraws a waiting request. */
  request(grant: () => void): () => void {
    this.waiting.push(grant);
    if (!this.pumping) {
      this.pumping = true;
      this.later(this.pump);
    }
    return () => {
      const i = this.waiting.indexOf(grant);
      if (i >= 0) this.waiting.splice(i, 1);
    };
  }

  /** Requests not granted yet. */
  get pending(): number {
    return this.waiting.length;
  }

  private readonly pump = (): void => {
    const grant = this.waiting.shift();
    if (!grant) {
      this.pumping = false;
      return;
    }
    grant();
    this.later(this.pump);
  };
}

/** A task after the next animation frame (a plain later task where there are no frames). */
function afterNextFrame(next: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(next, 0));
  else setTimeout(next, 0);
}

/** The page's queue of chart mounts (useChartBox). */
export const chartTurns = new TurnQueue(afterNextFrame);
