import { describe, expect, it } from 'vitest';
import { placeLabels, textWidth } from './labels';

describe('labels', () => {
  it('places labels without overlapping text, hiding what does not fit', () => {
    const labels = Array.from({ length: 12 }, (_, i) => ({
      key: String(i),
      x: 100 + (i % 3),
      y: 100 + (i % 2),
      r: 4,
      text: String(i + 1),
      fontSize: 10,
      priority: i === 5 ? 100 : 1,
    }));
    const placed = placeLabels(
      labels,
      labels.map((l) => ({ x: l.x, y: l.y, r: l.r })),
      { left: 0, top: 0, right: 400, bottom: 300 },
      100,
    );
    expect(placed.get('5')?.visible).toBe(true);
    const boxes = labels
      .filter((l) => placed.get(l.key)?.visible)
      .map((l) => {
        const p = placed.get(l.key)!;
        const w = textWidth(l.text, l.fontSize);
        const x0 = l.x + p.dx - (p.anchor === 'end' ? w : p.anchor === 'middle' ? w / 2 : 0);
        const base = l.y + p.dy;
        return { x0, x1: x0 + w, y0: base - l.fontSize * 0.8, y1: base + l.fontSize * 0.2 };
      });
    expect(boxes.length).toBeGreaterThan(1);
    expect(boxes.length).toBeLessThan(12);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        expect(a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1).toBe(false);
      }
  });
});
