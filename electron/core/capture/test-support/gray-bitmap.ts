import type { GrayBitmap } from '../pages/bitmap';
import { turnGray } from '../pages/bitmap';

// Test scans' bitmaps: a blank page, and one turned as a scanner would feed it.

/** A page of one grey level (white by default). */
export function createGray(width: number, height: number, fill = 255): GrayBitmap {
  return { width, height, data: new Uint8Array(width * height).fill(fill) };
}

/** Rotates clockwise by 90, 180 or 270 degrees (the product's turnGray). */
export const rotateGray = turnGray;
