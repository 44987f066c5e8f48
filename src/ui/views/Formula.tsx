import { useEffect, useState } from 'react';
import { drawingTurns } from './drawingTurns';
import './views.css';

type Katex = typeof import('katex')['default'];

let katex: Katex | null = null;
let loading: Promise<Katex> | null = null;

/**
 * KaTeX and its stylesheet (about 70 kB gzip together) load on first use instead of with the page: the formulas
 * are not needed for the first paint, and keeping them out of the initial bundle keeps that under its budget.
 * Until they arrive a formula shows its TeX source.
 */
export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => (katex = m.default));
  return loading;
}

const typeset = new Map<string, string>();

/**
 * TeX → HTML + MathML (screen readers read the MathML); bad TeX renders in red instead of throwing. Each formula
 * is typeset once per page: the cards re-render with every run.
 */
function renderTex(k: Katex, tex: string, display = false): string {
  const key = `${display ? 'display' : 'inline'} ${tex}`;
  let html = typeset.get(key);
  if (html === undefined) {
    html = k.renderToString(tex, { throwOnError: false, output: 'htmlAndMathml', displayMode: display, strict: 'ignore' });
    typeset.set(key, html);
  }
  return html;
}

/** A formula typeset by KaTeX. Inline by default; `display` centres it on its own line. */
export function Formula({ tex, display = false, className }: { tex: string; display?: boolean; className?: string }) {
  const [k, setK] = useState<Katex | null>(katex);
  useEffect(() => {
    if (k) return;
    let live = true;
    let cancel = () => {};
    // Once KaTeX is in, each formula is typeset in its turn (drawingTurns.ts), not all of them in one task, and
    // after the charts waiting for theirs.
    void loadKatex().then((loaded) => {
      if (live) cancel = drawingTurns.request(() => setK(() => loaded), 'low');
    });
    return () => {
      live = false;
      cancel();
    };
  }, [k]);
  const cls = ['pw-formula', display ? 'pw-formula-display' : '', className ?? ''].filter(Boolean).join(' ');
  const Tag = display ? 'div' : 'span';
  if (!k) return <Tag className={`${cls} pw-formula-pending`}>{tex}</Tag>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's HTML for TeX written in this code base (never user text), with KaTeX's trust off
  return <Tag className={cls} dangerouslySetInnerHTML={{ __html: renderTex(k, tex, display) }} />;
}
