import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { useParams } from '../../state/params';
import { SLIDES, type SlideId } from '../../state/slides';
import { RunStatus } from '../controls/RunStatus';
import { Transport } from '../controls/Transport';
import { PanelBoundary } from '../layout/PanelBoundary';
import { CurvesSection } from '../sections/CurvesSection';
import { ResultsSection } from '../sections/ResultsSection';
import { SummarySection } from '../sections/SummarySection';
import { SweepsSection } from '../sections/SweepsSection';
import { TeachSection } from '../sections/TeachSection';
import { TraceSection } from '../sections/TraceSection';
import { UsageSection } from '../sections/UsageSection';
import './present.css';

/** Each slide's view: the page's own sections, so a slide shows exactly what the page shows, enlarged. */
const VIEWS: Record<SlideId, () => ReactNode> = {
  summary: () => <SummarySection />,
  trace: () => (
    <>
      <div className="transport-bar">
        <Transport />
      </div>
      <TraceSection rows={4} />
    </>
  ),
  curves: () => <CurvesSection />,
  sweeps: () => <SweepsSection />,
  usage: () => <UsageSection />,
  results: () => <ResultsSection />,
  ideas: () => <TeachSection compact />,
};

/** The enlargement a slide aims at on a wide screen (×1.15 from 1200 px, ×1.3 from 1400, ×1.5 from 1800). */
function enlargement(width: number): number {
  return width >= 1800 ? 1.5 : width >= 1400 ? 1.3 : width >= 1200 ? 1.15 : 1;
}

/** Below this scale a slide is left taller than the window (it scrolls): smaller text cannot be read from a room. */
const MIN_SCALE = 0.45;

/**
 * Fits a slide to the window (issue 41, item 5). Its view is laid out at the slide's width over the enlargement and
 * scaled by the enlargement, or by less where the view would be taller than the room below the slide's top, and
 * centred. The layout's width never depends on the scale, so a chart that stacks below some width cannot make the
 * fit oscillate; and a transform, unlike CSS zoom, leaves the charts measuring their layout box. It is fitted again
 * when the view's height changes (a sweep drawn) or the window's size does.
 */
function useFitToWindow(slide: RefObject<HTMLElement | null>, body: RefObject<HTMLDivElement | null>, key: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the slide shown; a new slide is a new element behind the same refs, to fit anew
  useLayoutEffect(() => {
    const outer = slide.current;
    const inner = body.current;
    if (!outer || !inner) return;
    window.scrollTo(0, 0);
    const refit = () => {
      const width = outer.clientWidth;
      const base = enlargement(window.innerWidth);
      inner.style.width = `${width / base}px`;
      const natural = inner.offsetHeight;
      const room = window.innerHeight - (outer.getBoundingClientRect().top + window.scrollY) - 8;
      const scale = Math.max(MIN_SCALE, Math.min(base, room / Math.max(1, natural)));
      inner.style.transform = `scale(${scale})`;
      inner.style.marginLeft = `${Math.max(0, (width - (width / base) * scale) / 2)}px`;
      outer.style.height = `${Math.ceil(natural * scale)}px`;
      outer.dataset.scale = scale.toFixed(3);
    };
    const observer = new ResizeObserver(refit);
    observer.observe(inner);
    window.addEventListener('resize', refit);
    refit();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', refit);
    };
  }, [slide, body, key]);
}

/** A swipe is a horizontal move this long, at least twice as wide as it is tall (a vertical one scrolls the slide). */
const SWIPE_PX = 60;

/** The slide a finished touch moves to: +1 for a swipe to the left (the next slide), −1 to the right, 0 for none. */
function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * Presentation mode's deck: one view per screen, enlarged (present.css); ←/→, PageUp/PageDown, Space, Home/End
 * (useKeyboard.ts), a swipe on a touch screen and the buttons move between slides; the title bar says where the talk is.
 */
export function SlideDeck() {
  const index = useParams((s) => s.slide);
  const go = useParams((s) => s.goToSlide);
  const slide = SLIDES[index];
  const touch = useRef<{ x: number; y: number } | null>(null);
  const slideRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useFitToWindow(slideRef, bodyRef, slide.id);
  return (
    <section
      className="slide-deck"
      aria-roledescription="carousel"
      aria-label="Presentation"
      data-testid="slide-deck"
      data-slide={slide.id}
      onTouchStart={(e) => {
        const t = e.touches[0];
        touch.current = e.touches.length === 1 ? { x: t.clientX, y: t.clientY } : null;
      }}
      onTouchEnd={(e) => {
        const start = touch.current;
        touch.current = null;
        const t = e.changedTouches[0];
        if (start && t) {
          const step = swipeStep(t.clientX - start.x, t.clientY - start.y);
          if (step !== 0) go(index + step);
        }
      }}
    >
      <nav className="slide-nav" aria-label="Slides">
        <button type="button" className="btn secondary small" onClick={() => go(index - 1)} disabled={index === 0} data-testid="slide-prev">
          ← Previous
        </button>
        <p className="slide-title" aria-live="polite" data-testid="slide-title">
          <span className="slide-count">
            {index + 1} / {SLIDES.length}
          </span>{' '}
          {slide.title}
        </p>
        <button type="button" className="btn secondary small" onClick={() => go(index + 1)} disabled={index === SLIDES.length - 1} data-testid="slide-next">
          Next →
        </button>
      </nav>
      {/* What the run is doing, on every slide: a presenter changing a parameter sees it compute. */}
      <PanelBoundary name="status">
        <RunStatus />
      </PanelBoundary>
      {/* A new slide (a new key) starts at the page's top, fitted to the window. */}
      <section
        className="slide"
        key={slide.id}
        ref={slideRef}
        data-slide={slide.id}
        aria-roledescription="slide"
        aria-label={`${slide.title} (${index + 1} of ${SLIDES.length})`}
      >
        <div className="slide-body" ref={bodyRef}>
          <PanelBoundary name={slide.title}>{VIEWS[slide.id]()}</PanelBoundary>
        </div>
      </section>
    </section>
  );
}
