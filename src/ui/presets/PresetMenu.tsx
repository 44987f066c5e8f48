import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PRESETS, type Preset, presetCommand } from '../../engine/lab/presets';
import { useParams } from '../../state/params';
import { presetHash, presetOf, presetParams } from '../../state/presets';
import { cardByTestId, highlightCard } from '../layout/highlight';
import './presets.css';

/** The card that shows the point of each kind of experiment (the cards' data-testid is `card-<focus>`). */
const FOCUS_VIEWS: Record<Preset['focus'], string> = {
  curves: 'Learning curves',
  tradeoff: 'Trade-off: budget τ_max',
  lambda: 'Cost weight λ',
  usage: 'Which models get asked',
  ablation: 'Featurizer ablation',
};

/** How long a card stays highlighted after "Show me". */
const HIGHLIGHT_MS = 2500;
/** The panel keeps this far from the viewport's edges. */
const EDGE_PX = 8;
const PANEL_MAX_PX = 780;

/** Scrolls to the card and outlines it for a moment; the card takes focus so keyboard users land there too. */
function showCard(focus: Preset['focus']): boolean {
  const card = cardByTestId(`card-${focus}`);
  if (!card) return false;
  const undo = highlightCard(card, 'preset');
  if (!card.hasAttribute('tabindex')) card.setAttribute('tabindex', '-1');
  card.focus({ preventScroll: true });
  window.setTimeout(undo, HIGHLIGHT_MS);
  return true;
}

/** Copies `text`; where the clipboard is refused, selects the element's text so Ctrl+C / ⌘C copies it. */
function useCopy(): [state: 'idle' | 'copied' | 'manual', copy: (text: string, fallback: HTMLElement | null) => void] {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const t = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(t);
  }, [state]);
  const copy = useCallback((text: string, fallback: HTMLElement | null) => {
    const selectFallback = () => {
      setState('manual');
      if (!fallback) return;
      const range = document.createRange();
      range.selectNodeContents(fallback);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    };
    if (!navigator.clipboard?.writeText) return selectFallback();
    navigator.clipboard.writeText(text).then(() => setState('copied'), selectFallback);
  }, []);
  return [state, copy];
}

function PresetDetails({ preset, isCurrent, onShowCard }: { preset: Preset; isCurrent: boolean; onShowCard: () => boolean }) {
  const command = presetCommand(preset);
  const hash = presetHash(preset);
  const commandRef = useRef<HTMLElement>(null);
  const [copyState, copy] = useCopy();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // In one column (narrow screens) the details sit below the list: bring the chosen preset's into view (each
  // preset mounts its own details: the menu keys them by id). A block body: Chromium's scrollIntoView returns a
  // promise, and an effect must return nothing or a cleanup function.
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  // The ablation card exists for dataset worlds only, and presentation mode hides some cards.
  const [cardMissing, setCardMissing] = useState(false);

  return (
    <section ref={sectionRef} className="preset-details" aria-labelledby={headingId} data-testid="preset-details" data-preset={preset.id}>
      <h3 id={headingId} className="preset-details-title">
        {preset.title}
        {!isCurrent && <span className="preset-changed"> (parameters changed since)</span>}
      </h3>
      <p className="preset-details-desc">{preset.description}</p>

      <p className="preset-label">Shareable link</p>
      <a className="preset-link" href={hash} data-testid="preset-link">
        {`${window.location.origin}${window.location.pathname}${hash}`}
      </a>

      <p className="preset-label">Same numbers in Node</p>
      <div className="preset-command">
        <code ref={commandRef} data-testid="preset-command">
          {command}
        </code>
        <button type="button" className="btn secondary small" data-testid="preset-copy-command" onClick={() => copy(command, commandRef.current)}>
          {copyState === 'copied' ? 'Copied ✓' : 'Copy'}
        </button>
      </div>
      <span className="sr-only" role="status" aria-live="polite">
        {copyState === 'copied' ? 'Command copied to the clipboard' : copyState === 'manual' ? 'Command selected: press Ctrl+C to copy' : ''}
      </span>
      {copyState === 'manual' && <p className="preset-note">Selected: press Ctrl+C / ⌘C to copy.</p>}

      <p className="preset-label">What the paper claims (our summary)</p>
      <p className="preset-paper" data-testid="preset-paper">
        {preset.paper ?? 'The paper gives no figure for this; compare the algorithms across the views.'}
      </p>

      <p className="preset-label">Where to look</p>
      <div className="preset-focus">
        <span data-testid="preset-focus" data-focus={preset.focus}>
          {FOCUS_VIEWS[preset.focus]}
        </span>
        <button type="button" className="btn secondary small" data-testid="preset-show-card" onClick={() => setCardMissing(!onShowCard())}>
          Show me
        </button>
      </div>
      {cardMissing && (
        <p className="preset-note" role="status">
          That view is not on the page now: apply the preset first (or leave presentation mode).
        </p>
      )}
    </section>
  );
}

/**
 * "Reproduce the paper": one entry per experiment of the paper (src/engine/lab/presets.ts). Choosing one sets the
 * whole parameter set (nothing of the previous run stays), and the panel shows its link, its `npm run sim` command,
 * what the paper reports and the view to look at. A disclosure (<details>): keyboard-operable without scripts.
 */
export function PresetMenu() {
  const params = useParams((s) => s.params);
  const current = useMemo(() => presetOf(params), [params]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = PRESETS.find((p) => p.id === selectedId) ?? current;
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<{ left: number; width: number } | null>(null);
  const panelId = useId();

  // The header wraps at narrow widths, so the menu may sit at either edge: place the panel inside the viewport.
  const place = useCallback(() => {
    const anchor = details.current?.getBoundingClientRect();
    if (!anchor) return;
    const viewport = document.documentElement.clientWidth;
    const width = Math.min(PANEL_MAX_PX, viewport - 2 * EDGE_PX);
    const idealLeft = anchor.right - width; // right-aligned with the button, like the other header menus
    const left = Math.min(Math.max(idealLeft, EDGE_PX), viewport - EDGE_PX - width);
    setPlacement({ left: left - anchor.left, width });
  }, []);

  useLayoutEffect(() => {
    if (!open) return;
    place();
    window.addEventListener('resize', place);
    // The button moves without a window resize too: choosing a preset adds its badge, which can wrap the header's
    // row and carry the menu to the other edge. Watching the menu and its row re-places the panel when they move.
    const moved = new ResizeObserver(place);
    const menu = details.current;
    if (menu) {
      moved.observe(menu);
      if (menu.parentElement) moved.observe(menu.parentElement);
    }
    return () => {
      window.removeEventListener('resize', place);
      moved.disconnect();
    };
  }, [open, place]);

  const close = (refocus: boolean) => {
    details.current?.removeAttribute('open');
    if (refocus) summary.current?.focus();
  };

  const apply = (preset: Preset) => {
    setSelectedId(preset.id);
    // The whole parameter set: a field the preset leaves at its default must not keep the previous run's value.
    useParams.getState().set(presetParams(preset));
  };

  return (
    <details
      className="menu preset-menu"
      ref={details}
      data-testid="preset-menu"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !details.current?.open) return;
        e.preventDefault(); // the menu takes this Escape (not presentation mode)
        close(true);
      }}
    >
      <summary ref={summary} className="btn secondary small preset-summary" data-testid="preset-menu-toggle" aria-controls={panelId} data-current={current?.id}>
        <span>Reproduce the paper</span>
        {current && (
          <span className="preset-current-badge" data-testid="preset-current">
            <span className="sr-only">, current preset: </span>
            {current.title}
          </span>
        )}
      </summary>
      <section
        id={panelId}
        className="menu-panel preset-panel"
        aria-label="The paper's experiments"
        style={placement ? { left: placement.left, right: 'auto', width: placement.width } : undefined}
      >
        <p className="menu-title">The paper's experiments: pick one to run it here</p>
        <div className="preset-body">
          <ul className="preset-list">
            {PRESETS.map((p) => {
              const isCurrent = current?.id === p.id;
              return (
                <li key={p.id}>
                  <button
                    type="button"
                    className="preset-item"
                    data-testid={`preset-${p.id}`}
                    aria-current={isCurrent ? 'true' : undefined}
                    aria-describedby={`${panelId}-${p.id}`}
                    onClick={() => apply(p)}
                  >
                    <span className="preset-item-title">
                      {p.title}
                      {isCurrent && <span className="preset-tag">current</span>}
                    </span>
                    <span className="preset-item-desc" id={`${panelId}-${p.id}`}>
                      {p.description}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {selected ? (
            <PresetDetails
              key={selected.id}
              preset={selected}
              isCurrent={current?.id === selected.id}
              onShowCard={() => {
                if (!cardByTestId(`card-${selected.focus}`)) return false;
                close(false);
                return showCard(selected.focus);
              }}
            />
          ) : (
            <p className="menu-note" data-testid="preset-none">
              The page's parameters match no preset. Pick one to see its link and its <code>npm run sim</code> command.
            </p>
          )}
        </div>
      </section>
    </details>
  );
}
