import type { GrayBitmap } from '../bitmap';

// Test scans' bitmaps: a blank page, and one turned as a scanner would feed it.

/** A page of one grey level (white by default). */
export function createGray(width: number, height: number, fill = 255): GrayBitmap {
  return { width, height, data: new Uint8Array(width * height).fill(fill) };
}

/** Rotates clockwise by 90, 180 or 270 degrees. */
export function rotateGray(src: GrayBitmap, degrees: 0 | 90 | 180 | 270): GrayBitmap {
  if (degrees === 0) return src;
  const { width: w, height: h, data } = src;
  if (degrees === 180) {
    const out = new Uint8Array(w * h);
    for (let i = 0, j = w * h - 1; i < w * h; i++, j--) out[i] = data[j]!;
    return { width: w, height: h, data: out };
  }
  const out = new Uint8Array(w * h);
  // New bitmap is h wide and w high.
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x]!;
      if (degrees === 90) out[x * h + (h - 1 - y)] = v;
      else out[(w - 1 - x) * h + y] = v;
    }
  }
  return { width: h, height: w, data: out };
}
