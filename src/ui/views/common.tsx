/** Small pieces the views share: legends, the visually hidden test/readout lists, chart frame states, hooks. */
import { type CSSProperties, type ReactNode, startTransition, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { BaseTickContentProps } from 'recharts';
import { algoStyle, modelColor } from '../palette';
import { drawingTurns } from './drawingTurns';
import type { AlgoInfo, SweepPlotProps } from './props';
import './views.css';

/** Swatch + label per algorithm, in the line style its curves use (dashed for oracles and variants). */
export function AlgoLegend({ algos, label = 'Algorithms' }: { algos: readonly AlgoInfo[]; label?: string }) {
  return (
    <ul className="pw-legend" aria-label={label}>
      {algos.map((a) => {
        const s = algoStyle(a.id);
        return (
          <li key={a.id} className="pw-legend-item" data-algo={a.id}>
            <span className="pw-swatch-line" aria-hidden="true" style={{ borderTopColor: s.color, borderTopStyle: s.dash ? 'dashed' : 'solid' }} />
            {a.label}
          </li>
        );
      })}
    </ul>
  );
}

/** Colour square + name per model (arm), in palette order. */
export function ModelLegend({ arms, label = 'Models' }: { arms: readonly string[]; label?: string }) {
  return (
    <ul className="pw-legend" aria-label={label}>
      {arms.map((name, i) => (
        <li key={name} className="pw-legend-item" data-arm={name}>
          <span className="pw-swatch-box" aria-hidden="true" style={{ background: modelColor(i) }} />
          {name}
        </li>
      ))}
    </ul>
  );
}

/** A list that screen readers and tests read but that is not drawn (visually hidden, not display:none). */
export function HiddenList({ testId, label, children }: { testId: string; label: string; children: ReactNode }) {
  return (
    <ul className="pw-visually-hidden" data-testid={testId} aria-label={label} data-export-skip="">
      {children}
    </ul>
  );
}

/** Placeholder with the chart's height while data computes or is missing. */
export function ChartState({ kind, height, children }: { kind: 'loading' | 'empty'; height: number; children: ReactNode }) {
  return (
    <div className={kind === 'loading' ? 'pw-chart-state pw-loading' : 'pw-chart-state'} style={{ minHeight: height }} role="status" data-state={kind}>
      {kind === 'loading' && <span className="pw-spinner" aria-hidden="true" />}
      <span>{children}</span>
    </div>
  );
}

/** A value that components read with useSyncExternalStore, so changing it re-renders only those readers. */
export interface ValueStore<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

/**
 * `value`, or the object given before while its content is the same (compared as JSON): plain data (numbers,
 * arrays, objects) that a parent rebuilds on every render then changes identity only when it changes. Recharts
 * re-runs its whole chart for a new axis prop object, so scales and grids go through this.
 */
export function useSameValue<T>(value: T): T {
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value's content
  return useMemo(() => value, [key]);
}

/** A ValueStore that its owner sets. */
export interface WritableStore<T> extends ValueStore<T> {
  set(value: T): void;
}

/** A WritableStore holding `initial`; setting the value it holds already notifies no one. */
export function createValueStore<T>(initial: T): WritableStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(v: T) {
      if (Object.is(v, current)) return;
      current = v;
      for (const l of listeners) l();
    },
  };
}

/** A ValueStore that follows `value` (updated in a layout effect, before paint). */
export function useValueStore<T>(value: T): ValueStore<T> {
  const [store] = useState(() => createValueStore(value));
  useLayoutEffect(() => store.set(value), [store, value]);
  return store;
}

/**
 * An element's size (0 × 0 until the first notice), kept current by a ResizeObserver, with a callback ref (so it
 * also works for an element that mounts later, after a loading state) and the element. The observer's first
 * notice, in the frame after the mount, is the size read from that frame's own layout: reading it in an effect
 * instead (getBoundingClientRect) forced a layout of the whole page inside React's commit (~40 ms on a first
 * visit, issue 13). Changes under half a pixel, and of the height where only the width is `watched`, are ignored.
 */
function useObservedSize<T extends HTMLElement>(watched: 'width' | 'both'): [(el: T | null) => void, { width: number; height: number }, T | null] {
  const [el, setEl] = useState<T | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!el) return;
    const ro = new ResizeObserver((entries) => {
      const c = entries[0]?.contentRect;
      if (!c) return;
      setSize((prev) => {
        const moved = Math.abs(prev.width - c.width) >= 0.5 || (watched === 'both' && Math.abs(prev.height - c.height) >= 0.5);
        return moved ? { width: c.width, height: c.height } : prev;
      });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [el, watched]);
  return [setEl, size, el];
}

/**
 * The size a recharts chart draws at, in place of recharts' ResponsiveContainer, and whether to draw all of it: the
 * size is null until the chart's box (the element given the callback ref) has been laid out and the chart's turn
 * to mount has come (drawingTurns.ts), then the box's size, followed at once; `complete` turns true at the chart's
 * next turn. A chart mounts its frame (axes, grid) in its first turn and its series and tooltip in the second:
 * each part registers itself in recharts' store and re-renders the chart from it, synchronously, in the task that
 * mounts it, and the whole chart at once took 60–120 ms of CPU on this project's 2-core machine
 * (docs/notes/benchmarks-history.md). A box that lays out empty (a hidden card) gives its turns back: shown again, the chart
 * mounts in turns again. ResponsiveContainer measured its box in a mount effect (getBoundingClientRect: a forced
 * layout of the page inside React's commit) and drew every chart twice, at its initial size and then at the
 * measured one.
 */
export function useChartBox<T extends HTMLElement>(): [(el: T | null) => void, { width: number; height: number } | null, boolean] {
  const [ref, size] = useObservedSize<T>('both');
  const measured = size.width > 0 && size.height > 0;
  // 0: waiting for the first turn; 1: the frame is drawn; 2: everything is.
  const [stage, setStage] = useState(0);
  if (!measured && stage !== 0) setStage(0); // a render-time update: React re-renders at once
  useEffect(() => {
    if (!measured || stage === 2) return;
    return drawingTurns.request(() => setStage((s) => Math.min(2, s + 1)));
  }, [measured, stage]);
  return [ref, measured && stage > 0 ? size : null, measured && stage === 2];
}

/** The pointer or the focus on an element, and the handlers to spread on it that follow them. */
export function useHovered(): [boolean, { onMouseEnter: () => void; onMouseLeave: () => void; onFocus: () => void; onBlur: () => void }] {
  const [hovered, setHovered] = useState(false);
  const [handlers] = useState(() => ({
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setHovered(true),
    onBlur: () => setHovered(false),
  }));
  return [hovered, handlers];
}

/** Width of an element (see useObservedSize; its height changes do not re-render); the ref and the element. */
export function useElementWidth<T extends HTMLElement>(): [(el: T | null) => void, number, T | null] {
  const [ref, size, el] = useObservedSize<T>('width');
  return [ref, size.width, el];
}

/** Below this container width (CSS px) the views tighten margins and fonts (phones, side-by-side cards). */
export const NARROW_WIDTH = 560;

/** Custom property carrying a chart's height: CSS (e.g. a presentation mode's min-height) may override it. */
export function chartHeight(px: number): CSSProperties {
  return { ['--pw-chart-h' as string]: `${px}px` } as CSSProperties;
}

/**
 * The tooltip wrapper's style in charts whose series are plain paths: recharts hides a tooltip without a payload,
 * which only its own series give; the content finds its values by the hovered x (the tooltip's label).
 */
export const TOOLTIP_VISIBLE = { visibility: 'visible' } as const;

/** Axis tick text style shared by the recharts views. */
const TICK_STYLE = { fontSize: 11, fill: '#5b6775' } as const;

/**
 * An axis tick's label as one SVG text, placed as recharts' own would be (its cap-height offsets). Recharts'
 * `Text`, its default, is handed the axis' width, so it measured every tick label in the DOM for line breaking and
 * evaluated its offsets as CSS calc() through decimal.js, on each chart's mount and every axis redraw.
 */
function AxisTick({ x, y, textAnchor, verticalAnchor, payload, index, tickFormatter, className }: BaseTickContentProps) {
  const dy = verticalAnchor === 'start' ? '0.71em' : verticalAnchor === 'middle' ? '0.355em' : undefined;
  return (
    <text x={x} y={y} dy={dy} textAnchor={textAnchor} className={className} {...TICK_STYLE}>
      {tickFormatter ? tickFormatter(payload.value, index) : payload.value}
    </text>
  );
}
const AXIS_LABEL = { fontSize: 11, fill: '#5b6775', fontWeight: 600 } as const;
const AXIS_STROKE = '#c9d1db';
const Y_AXIS_LABEL = { ...AXIS_LABEL, textAnchor: 'middle' as const };

/** Same strings in the same order (memo comparisons: parents may rebuild arrays on every render). */
export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
}

/** Memo comparison of the sweep plots' props. */
export function sameSweepProps(a: SweepPlotProps, b: SweepPlotProps): boolean {
  return a.sweep === b.sweep && a.current === b.current && a.loading === b.loading && algosKey(a.algos) === algosKey(b.algos);
}

/** Key of an algorithm list for memo comparisons (parents may rebuild the array on every render). */
export function algosKey(algos: readonly AlgoInfo[]): string {
  return algos.map((a) => `${a.id}\u0000${a.label}`).join('\u0001');
}

/** Y axis width that fits its tick labels (≈ 6.4 px per character at 11 px) plus the rotated axis label. */
export function axisWidth(labels: readonly string[], withLabel = true): number {
  const chars = labels.reduce((m, l) => Math.max(m, l.length), 1);
  return Math.ceil(chars * 6.4 + 12 + (withLabel ? 16 : 0));
}

/**
 * What each of `count` charts drawn from the same data should draw now. A new value reaches them one at a time,
 * the chart furthest behind first (`nextToDraw`; in index order among equals), each in its own low-priority
 * render and commit when its turn comes in the page's queue
 * (drawingTurns.ts: one chart per frame, page-wide). Recharts does much of its work in commit-phase effects and then
 * re-renders its charts from its own store in the next animation frame (redux-toolkit's batching), synchronously:
 * charts updated within one frame, in this panel or another, are re-drawn in one long main-thread task.
 */
export function useStaggered<T>(value: T, count: number): T[] {
  // Each value is numbered as it comes, so that a chart still showing an older one goes first.
  const [latest, setLatest] = useState<Numbered<T>>({ value, n: 0 });
  if (!Object.is(latest.value, value)) setLatest({ value, n: latest.n + 1 }); // a render-time update: React re-renders at once
  const [shown, setShown] = useState<Numbered<T>[]>(() => Array.from({ length: count }, () => latest));
  const current = shown.length === count ? shown : Array.from({ length: count }, (_, i) => shown[i] ?? latest);
  const next = nextToDraw(
    current.map((s) => s.n),
    latest.n,
  );
  useEffect(() => {
    if (next < 0) return;
    return drawingTurns.request(() => startTransition(() => setShown(current.map((s, i) => (i === next ? latest : s)))));
  }, [next, latest, current]);
  return current.map((s) => s.value);
}

interface Numbered<T> {
  value: T;
  /** 0 for the first value, then 1, 2, … as new ones come. */
  n: number;
}

/**
 * Which of the charts takes the latest value (numbered `latest`) in the next turn, given the number of the value
 * each shows: the one furthest behind, the first of them on a tie; -1 when all are current. A run's partial
 * results come every few hundred milliseconds: taking the charts in index order, the first chart re-drew each new
 * one while the last still waited for its first.
 */
export function nextToDraw(shown: readonly number[], latest: number): number {
  let next = -1;
  for (let i = 0; i < shown.length; i++) {
    if (shown[i] !== latest && (next < 0 || shown[i] < shown[next])) next = i;
  }
  return next;
}

/**
 * The props every numeric x axis of the charts shares (learning curves, λ sweep, trade-off): fixed ticks, the
 * shared tick style, no tick lines, the label under the axis. Spread onto recharts' <XAxis>.
 */
export function xAxisProps(o: {
  dataKey: string;
  domain: [number, number];
  ticks: number[];
  tickFormatter: (v: number) => string;
  label: string;
  /** How far below the axis line the label sits (px, negative: up into the margin). */
  labelOffset?: number;
}) {
  return {
    type: 'number' as const,
    dataKey: o.dataKey,
    domain: o.domain,
    ticks: o.ticks,
    tickFormatter: o.tickFormatter,
    tick: AxisTick,
    stroke: AXIS_STROKE,
    tickLine: false,
    // Every given tick is drawn: recharts then skips measuring each label in the DOM to thin out overlaps
    // (forced layouts on every redraw), which the few ticks chosen here never need.
    interval: 0,
    allowDataOverflow: true,
    label: { value: o.label, position: 'insideBottom' as const, offset: o.labelOffset ?? -12, style: AXIS_LABEL },
  };
}

/** The same for the y axis: a fixed width (so stacked charts line up) and the label rotated along the axis. */
export function yAxisProps(o: { domain: [number, number]; ticks: number[]; tickFormatter: (v: number) => string; width: number; label: string }) {
  return {
    type: 'number' as const,
    domain: o.domain,
    ticks: o.ticks,
    tickFormatter: o.tickFormatter,
    tick: AxisTick,
    stroke: AXIS_STROKE,
    tickLine: false,
    width: o.width,
    interval: 0,
    allowDataOverflow: true,
    label: { value: o.label, angle: -90, position: 'insideLeft' as const, offset: 12, style: Y_AXIS_LABEL },
  };
}
