/**
 * Placing text labels beside chart points without overlaps (the trade-off plot's algorithm names). Pure,
 * unit-tested in Node (labels.test.ts).
 */

/** A label to place next to a point (pixel coordinates; y grows downward as in SVG). */
export interface LabelRequest {
  key: string;
  x: number;
  y: number;
  /** Radius of the point it labels (the label keeps clear of it). */
  r: number;
  text: string;
  fontSize: number;
  /** Higher first; labels at or above `mustShow` are always drawn (if needed, over points, never over text). */
  priority: number;
}

export interface LabelPlacement {
  dx: number;
  dy: number;
  anchor: 'start' | 'middle' | 'end';
  visible: boolean;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Approximate width of `text` at `fontSize` (system sans, digits and dashes). */
export function textWidth(text: string, fontSize: number): number {
  return text.length * fontSize * 0.6 + 1;
}

/**
 * Greedy label placement: each label (by priority) takes the first of eight spots around its point (NE, E,
 * SE, NW, W, SW, N, S) that overlaps no label placed before, no other point and stays inside `bounds`. A label
 * with no free spot is hidden (its value stays in the tooltip), unless its priority is ≥ `mustShow`: then it
 * takes the first spot free of other labels, even over points. Text never overlaps text.
 */
export function placeLabels(
  labels: readonly LabelRequest[],
  points: readonly { x: number; y: number; r: number }[],
  bounds: { left: number; top: number; right: number; bottom: number },
  mustShow = Infinity,
): Map<string, LabelPlacement> {
  const out = new Map<string, LabelPlacement>();
  const placed: Box[] = [];
  const pointBoxes: Box[] = points.map((p) => ({ x0: p.x - p.r, y0: p.y - p.r, x1: p.x + p.r, y1: p.y + p.r }));
  const order = [...labels].sort((a, b) => b.priority - a.priority);
  for (const l of order) {
    const w = textWidth(l.text, l.fontSize);
    const h = l.fontSize;
    const g = l.r + 3;
    const candidates: [number, number, LabelPlacement['anchor']][] = [
      [g, -g + 2, 'start'],
      [g + 1, h * 0.35, 'start'],
      [g, g + h - 2, 'start'],
      [-g, -g + 2, 'end'],
      [-g - 1, h * 0.35, 'end'],
      [-g, g + h - 2, 'end'],
      [0, -g - 2, 'middle'],
      [0, g + h, 'middle'],
    ];
    const boxOf = ([dx, dy, anchor]: (typeof candidates)[number]): Box => {
      const bx = l.x + dx - (anchor === 'end' ? w : anchor === 'middle' ? w / 2 : 0);
      const baseline = l.y + dy;
      return { x0: bx - 1, y0: baseline - h * 0.8 - 1, x1: bx + w + 1, y1: baseline + h * 0.2 + 1 };
    };
    const inside = (b: Box) => b.x0 >= bounds.left && b.x1 <= bounds.right && b.y0 >= bounds.top && b.y1 <= bounds.bottom;
    const freeOfText = (b: Box) => !placed.some((p) => overlaps(p, b));
    const freeOfPoints = (b: Box) =>
      !pointBoxes.some((p) => overlaps(p, b) && !(Math.abs((p.x0 + p.x1) / 2 - l.x) < 0.01 && Math.abs((p.y0 + p.y1) / 2 - l.y) < 0.01));
    let pick = candidates.find((c) => {
      const b = boxOf(c);
      return inside(b) && freeOfText(b) && freeOfPoints(b);
    });
    if (!pick && l.priority >= mustShow) {
      pick = candidates.find((c) => {
        const b = boxOf(c);
        return inside(b) && freeOfText(b);
      });
    }
    if (pick) {
      placed.push(boxOf(pick));
      out.set(l.key, { dx: pick[0], dy: pick[1], anchor: pick[2], visible: true });
    } else {
      out.set(l.key, { dx: 0, dy: 0, anchor: 'start', visible: false });
    }
  }
  return out;
}

// ---------------------------------------------------------------- arm usage
