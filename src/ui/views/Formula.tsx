import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';
import './views.css';

/** TeX → HTML + MathML (screen readers read the MathML); bad TeX renders in red instead of throwing. */
export function renderTex(tex: string, display = false): string {
  return katex.renderToString(tex, {
    throwOnError: false,
    output: 'htmlAndMathml',
    displayMode: display,
    strict: 'ignore',
  });
}

/**
 * A formula typeset by KaTeX. Inline by default; `display` centres it on its own line. KaTeX's stylesheet is
 * imported here, so it is only loaded with the views that show formulas.
 */
export function Formula({ tex, display = false, className }: { tex: string; display?: boolean; className?: string }) {
  const html = useMemo(() => renderTex(tex, display), [tex, display]);
  const cls = ['pw-formula', display ? 'pw-formula-display' : '', className ?? ''].filter(Boolean).join(' ');
  return display ? (
    <div className={cls} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <span className={cls} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
