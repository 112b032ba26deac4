import { describe, expect, it } from 'vitest';
import type { GrayBitmap } from '../capture/pages/bitmap';
import { withoutFormRules } from './form-rules';

/** A white A4-ish page at ~50 DPI-ish scale, with `draw` painting dark rectangles. */
function page(draw: [x: number, y: number, w: number, h: number][]): GrayBitmap {
  const width = 800;
  const height = 1100;
  const data = new Uint8Array(width * height).fill(250);
  for (const [x, y, w, h] of draw)
    for (let r = y; r < y + h; r++) for (let c = x; c < x + w; c++) data[r * width + c] = 20;
  return { width, height, data };
}
const inkIn = (p: GrayBitmap, x: number, y: number, w: number, h: number) => {
  let n = 0;
  for (let r = y; r < y + h; r++) for (let c = x; c < x + w; c++) if (p.data[r * p.width + c]! < 140) n++;
  return n;
};

describe('form frames off before OCR', () => {
  it('takes a box’s thin frame off and keeps what is written in it', () => {
    // A 600 × 80 box (2-px frame) with a "word" of thick strokes inside.
    const before = page([
      [100, 200, 600, 2],
      [100, 278, 600, 2],
      [100, 200, 2, 80],
      [698, 200, 2, 80],
      [130, 220, 8, 40],
      [150, 220, 8, 40],
      [130, 236, 28, 8],
    ]);
    const after = withoutFormRules(before);
    // Only the corners stay (a 2 × 2 dot each: there the rules cross and are thick).
    expect(inkIn(after, 104, 200, 592, 2)).toBe(0);
    expect(inkIn(after, 100, 204, 2, 72)).toBe(0);
    expect(inkIn(after, 98, 198, 604, 84) - inkIn(after, 125, 215, 40, 50)).toBe(16);
    expect(inkIn(after, 125, 215, 40, 50)).toBe(inkIn(before, 125, 215, 40, 50));
    // The page given is left as it was.
    expect(inkIn(before, 100, 200, 600, 2)).toBe(1200);
  });

  it('keeps short strokes and thick bars (a heading, a logo)', () => {
    const before = page([
      [100, 500, 40, 3],
      [100, 600, 400, 20],
      [300, 700, 20, 200],
    ]);
    const after = withoutFormRules(before);
    expect(inkIn(after, 0, 0, 800, 1100)).toBe(inkIn(before, 0, 0, 800, 1100));
  });
});
