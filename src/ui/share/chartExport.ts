/**
 * Charts (`figure[data-chart]`) to standalone SVG and PNG. The figure's SVGs are cloned with their computed
 * styles inlined (colours, strokes, fonts), so the file looks like the page without the stylesheet; the
 * figure's HTML text (titles, legends) and small coloured boxes (legend swatches) are drawn as SVG text and
 * rects at their positions. PNG: that SVG drawn onto a canvas at 2×. Everything stays in the page.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
/** White margin around the exported figure, in CSS px. */
const PAD = 12;

/** Presentation properties worth inlining on SVG elements. */
const SVG_PROPS = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'visibility',
  'display',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'paint-order',
  'shape-rendering',
] as const;

const transparent = (c: string) => c === 'transparent' || c === 'rgba(0, 0, 0, 0)' || c === '';

function inlineStyles(source: Element, clone: Element): void {
  const cs = getComputedStyle(source);
  const style: string[] = [];
  for (const prop of SVG_PROPS) {
    const v = cs.getPropertyValue(prop);
    if (v) style.push(`${prop}:${v}`);
  }
  // Elements whose fill is the text colour (currentColor) keep it.
  if (cs.color) style.push(`color:${cs.color}`);
  (clone as SVGElement).setAttribute('style', style.join(';'));
  clone.removeAttribute('class');
  const s = source.children;
  const c = clone.children;
  for (let i = 0; i < s.length && i < c.length; i++) inlineStyles(s[i], c[i]);
}

const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The HTML (non-SVG) parts of a figure: text runs and small filled boxes. */
function htmlParts(root: HTMLElement, origin: Box): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (node instanceof Element && (node.namespaceURI === SVG_NS || node.closest('svg'))) return NodeFilter.FILTER_REJECT;
      if (node instanceof HTMLElement) {
        const cs = getComputedStyle(node);
        if (cs.display === 'none' || cs.visibility === 'hidden') return NodeFilter.FILTER_REJECT;
        if (node.dataset.exportSkip !== undefined) return NodeFilter.FILTER_REJECT;
      }
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof HTMLElement && node !== root) {
      const cs = getComputedStyle(node);
      const r = node.getBoundingClientRect();
      // Swatches and bars, not panels: only boxes well smaller than the figure.
      if (r.width === 0 || r.height === 0 || r.width * r.height >= (origin.width * origin.height) / 4) continue;
      const x = r.left - origin.x;
      const y = r.top - origin.y;
      const bg = cs.backgroundColor;
      const radius = Math.min(parseFloat(cs.borderTopLeftRadius) || 0, r.height / 2, r.width / 2);
      if (!transparent(bg)) out.push(`<rect x="${x}" y="${y}" width="${r.width}" height="${r.height}" rx="${radius}" fill="${bg}"/>`);
      // Borders one side at a time (legend line swatches are a top border, dashed for some series).
      const sides = [
        ['Top', x, y, x + r.width, y],
        ['Right', x + r.width, y, x + r.width, y + r.height],
        ['Bottom', x, y + r.height, x + r.width, y + r.height],
        ['Left', x, y, x, y + r.height],
      ] as const;
      const drawn = sides.filter(
        ([side]) =>
          parseFloat(cs.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 && cs.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none',
      );
      if (drawn.length === 4 && radius > 0) {
        const w = parseFloat(cs.borderTopWidth);
        out.push(
          `<rect x="${x + w / 2}" y="${y + w / 2}" width="${r.width - w}" height="${r.height - w}" rx="${radius}" fill="none" stroke="${cs.borderTopColor}" stroke-width="${w}"/>`,
        );
      } else {
        for (const [side, x1, y1, x2, y2] of drawn) {
          const key = side.toLowerCase();
          const color = cs.getPropertyValue(`border-${key}-color`);
          if (transparent(color)) continue;
          const w = parseFloat(cs.getPropertyValue(`border-${key}-width`));
          const style = cs.getPropertyValue(`border-${key}-style`);
          const dash = style === 'dashed' ? ` stroke-dasharray="${3 * w} ${2 * w}"` : style === 'dotted' ? ` stroke-dasharray="${w} ${w}"` : '';
          // Inset by half the width so the stroke lies where the border was drawn.
          const dx = side === 'Left' ? w / 2 : side === 'Right' ? -w / 2 : 0;
          const dy = side === 'Top' ? w / 2 : side === 'Bottom' ? -w / 2 : 0;
          out.push(`<line x1="${x1 + dx}" y1="${y1 + dy}" x2="${x2 + dx}" y2="${y2 + dy}" stroke="${color}" stroke-width="${w}"${dash}/>`);
        }
      }
    } else if (node instanceof Text) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      const cs = getComputedStyle(parent);
      // A text that wraps on the page is written as its lines, each where the page put it: one long line would run
      // off the image (issue 41, item 7).
      for (const line of textLines(node)) {
        out.push(
          `<text x="${line.left - origin.x}" y="${line.top - origin.y + line.height * 0.78}" style="font-family:${esc(cs.fontFamily)};font-size:${cs.fontSize};font-weight:${cs.fontWeight};font-style:${cs.fontStyle};fill:${cs.color}">${esc(line.text)}</text>`,
        );
      }
    }
  }
  return out;
}

/** A text node's lines as laid out on the page: the words of each line box, where that box starts. */
function textLines(node: Text): { text: string; left: number; top: number; height: number }[] {
  const range = document.createRange();
  range.selectNodeContents(node);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0);
  const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (rects.length === 0) return [];
  if (rects.length === 1) return [{ text, left: rects[0].left, top: rects[0].top, height: rects[0].height }];
  const lines: { words: string[]; left: number; top: number; height: number }[] = [];
  for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const r = [...range.getClientRects()].find((b) => b.width > 0);
    if (!r) continue;
    const line = lines.find((l) => Math.abs(l.top - r.top) < r.height / 2);
    if (line) {
      line.words.push(m[0]);
      line.left = Math.min(line.left, r.left);
    } else lines.push({ words: [m[0]], left: r.left, top: r.top, height: r.height });
  }
  return lines.map((l) => ({ text: l.words.join(' '), left: l.left, top: l.top, height: l.height }));
}

/**
 * A chart drawn inside a bigger figure (each learning curve inside `curves`) has no legend of its own: the
 * enclosing figure's legend says which line is which. For the export, a copy of that legend is put under the
 * chart's caption while the figure is read, at the chart's width, and removed again in the same task (the page
 * never paints it). Returns the function that removes it.
 */
function borrowLegend(figure: HTMLElement): () => void {
  if (figure.querySelector('.pw-legend')) return () => {};
  const legend = figure.parentElement?.closest('figure[data-chart]')?.querySelector(':scope > .pw-legend');
  if (!legend) return () => {};
  const copy = legend.cloneNode(true) as HTMLElement;
  const caption = figure.querySelector(':scope > figcaption');
  figure.insertBefore(copy, caption ? caption.nextSibling : figure.firstChild);
  return () => copy.remove();
}

/**
 * The figure as a standalone SVG document, with its size in CSS pixels; a chart without a legend borrows its
 * group's. `caption` lines (the run's scenario and parameters, its link) are written under the chart, wrapped to its width.
 */
export function figureToSvg(figure: HTMLElement, caption: readonly string[] = []): { svg: string; width: number; height: number } {
  const giveBack = borrowLegend(figure);
  try {
    return figureToSvgAsShown(figure, caption);
  } finally {
    giveBack();
  }
}

/** Caption text: its font, size and line height. */
const CAPTION_FONT = 11;
const CAPTION_FAMILY = 'system-ui, sans-serif';
const CAPTION_LINE = 15;

/**
 * The caption's lines wrapped to `width` px as the browser measures them in the caption's font (canvas measureText):
 * at spaces where it can, anywhere in a long word (a link), so no line runs past the image's edge.
 */
function wrapCaption(lines: readonly string[], width: number): string[] {
  const ctx = document.createElement('canvas').getContext('2d');
  if (ctx) ctx.font = `${CAPTION_FONT}px ${CAPTION_FAMILY}`;
  // Without a canvas, a generous 7 px a character.
  const fits = (t: string) => (ctx ? ctx.measureText(t).width : t.length * 7) <= width;
  const out: string[] = [];
  for (const text of lines) {
    let rest = text;
    while (!fits(rest)) {
      // The longest prefix that fits, then back to its last space where that leaves a good part of the line.
      let n = 1;
      while (n < rest.length && fits(rest.slice(0, n + 1))) n++;
      const space = rest.lastIndexOf(' ', n);
      const cut = space > n / 2 ? space : n;
      out.push(rest.slice(0, cut).trimEnd());
      rest = rest.slice(cut).trimStart();
    }
    out.push(rest);
  }
  return out;
}

function figureToSvgAsShown(figure: HTMLElement, caption: readonly string[]): { svg: string; width: number; height: number } {
  const box = figure.getBoundingClientRect();
  const origin: Box = { x: box.left, y: box.top, width: Math.ceil(box.width), height: Math.ceil(box.height) };
  const parts: string[] = [];
  const svgs = [...figure.querySelectorAll('svg')].filter((s) => !s.parentElement?.closest('svg'));
  const serializer = new XMLSerializer();
  for (const svg of svgs) {
    const r = svg.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const clone = svg.cloneNode(true) as SVGSVGElement;
    inlineStyles(svg, clone);
    clone.setAttribute('x', String(r.left - origin.x));
    clone.setAttribute('y', String(r.top - origin.y));
    clone.setAttribute('width', String(r.width));
    clone.setAttribute('height', String(r.height));
    if (!clone.getAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${r.width} ${r.height}`);
    clone.removeAttribute('style');
    parts.push(serializer.serializeToString(clone));
  }
  parts.push(...htmlParts(figure, origin));
  const bg = getComputedStyle(figure).backgroundColor;
  const fill = transparent(bg) ? '#ffffff' : bg;
  const captionLines = wrapCaption(caption, origin.width);
  captionLines.forEach((line, i) => {
    const y = origin.height + PAD + (i + 1) * CAPTION_LINE - 4;
    parts.push(`<text x="0" y="${y}" font-family="${CAPTION_FAMILY}" font-size="${CAPTION_FONT}" fill="#5b6675" data-caption="">${esc(line)}</text>`);
  });
  const width = origin.width + 2 * PAD;
  const height = origin.height + 2 * PAD + (captionLines.length > 0 ? PAD + captionLines.length * CAPTION_LINE : 0);
  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${fill}"/><g transform="translate(${PAD} ${PAD})">${parts.join('')}</g></svg>\n`;
  return { svg, width, height };
}

/** Draws an SVG document on a canvas at `scale`× and returns the PNG. */
export async function svgToPng(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be drawn as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas available');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be encoded'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Charts on the page, by their data-chart name (first of each name). */
export function listCharts(root: ParentNode = document): { name: string; title: string; figure: HTMLElement }[] {
  const seen = new Set<string>();
  const out: { name: string; title: string; figure: HTMLElement }[] = [];
  for (const figure of root.querySelectorAll<HTMLElement>('figure[data-chart]')) {
    const name = figure.dataset.chart || 'chart';
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ name, title: chartTitle(figure) || name, figure });
  }
  return out;
}

/** A chart's title as its figure shows it (its caption's title, else its label), for the export menu. */
function chartTitle(figure: HTMLElement): string {
  const own = figure.querySelector(':scope > figcaption .pw-fig-title')?.textContent?.trim();
  return own || figure.getAttribute('aria-label')?.split(':')[0].trim() || '';
}
