import type { Box } from '../../../shared/domain/suggestions';

/** A word as read from a page, with its place (fractions of the page, origin top-left). */
export interface TextWord {
  text: string;
  box: Box;
}

/**
 * The text of one page as lines of words. `pdf-text`: the PDF's own text layer; `ocr`: read from the
 * page image; `skipped`: after the OCR page limit, or a page that could not be read.
 */
export interface PageText {
  page: number;
  source: 'pdf-text' | 'ocr' | 'skipped';
  lines: TextWord[][];
  /** The quarter turn (clockwise) the page was read at to be upright; absent = 0, as it lies in the file. */
  rotation?: 0 | 90 | 180 | 270;
  /**
   * A `pdf-text` page with images whose words its layer lacks (mixed-page.ts): the OCR's lines in them,
   * also in `lines`. The searchable PDF gives these, and only these, a text layer.
   */
  imageLines?: TextWord[][];
}

export function pageChars(p: PageText): number {
  return p.lines.reduce((n, l) => n + l.reduce((m, w) => m + w.text.length, 0), 0);
}

/** The box around several boxes. */
export function unionBox(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
export function clampBox(b: Box): Box {
  const x = clamp01(b.x);
  const y = clamp01(b.y);
  return { x, y, w: clamp01(Math.min(b.w, 1 - x)), h: clamp01(Math.min(b.h, 1 - y)) };
}
