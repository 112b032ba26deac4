import type { GrayBitmap } from '../pages/bitmap';

/**
 * Share of ink on a page: pixels clearly darker than the paper, in the inner area (a 5 % margin is left
 * out: scanner edges, punch holes and shadows live there). The paper level is taken from the page itself
 * (its median grey), so a grey or faded page is judged against its own paper; bleed-through and
 * noise lighter than paper − 25 % do not count. Isolated dust specks add a few pixels, far below text.
 */
export function inkRatio(b: GrayBitmap): number {
  const mx = Math.floor(b.width * 0.05);
  const my = Math.floor(b.height * 0.05);
  const hist = new Uint32Array(256);
  // Every second pixel and row is plenty for a ratio and halves the time.
  for (let y = my; y < b.height - my; y += 2) {
    const row = y * b.width;
    for (let x = mx; x < b.width - mx; x += 2) hist[b.data[row + x]!]!++;
  }
  let total = 0;
  for (const n of hist) total += n;
  if (total === 0) return 0;
  // Paper: the median grey (at most half of any real page is ink).
  let acc = 0;
  let paper = 255;
  for (let v = 255; v >= 0; v--) {
    acc += hist[v]!;
    if (acc >= total * 0.5) {
      paper = v;
      break;
    }
  }
  const inkBelow = Math.floor(paper * 0.75);
  let ink = 0;
  for (let v = 0; v < inkBelow; v++) ink += hist[v]!;
  return ink / total;
}

export const isBlank = (ink: number, threshold: number) => ink < threshold;
