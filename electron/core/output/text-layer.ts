/**
 * The invisible text of one page as PDF content operators, placed as OCRmyPDF's hOCR renderer places it:
 * each word in render mode 3 (neither filled nor stroked), starting where the word starts on the image, in
 * a font size that is the height of its line and stretched or squeezed (Tz, horizontal scaling) to the
 * word's width. A word but the line's last carries a space stretched to where the next word starts, so a
 * viewer copies "two words" and pdftotext finds the gap. Selecting a word in a viewer then marks that word
 * on the image. A page read turned (PageText.rotation) is written in its upright frame and turned back.
 */
import type { Box } from '../../../shared/domain/suggestions';
import { boxInFile } from '../suggestions/orientation';
import type { PageText } from '../suggestions/page-text';
import { unionBox } from '../suggestions/page-text';
import { GLYPH_WIDTH } from './glyphless-font';

/** [a b c d e f], as PDF's `cm`. */
export type Matrix = readonly [number, number, number, number, number, number];

export interface PageFrame {
  /** The page as a viewer shows it (its crop box, turned by its /Rotate), in points. */
  width: number;
  height: number;
  /** From that shown page (points, origin bottom-left) to the page's own coordinates. */
  toUser: Matrix;
}

/** A number in tenths, as short as it can be written ("12.3", "-0.5", "7"). */
const n1 = (v: number) => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

const n = (v: number) => {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
};

/** UTF-16BE codes for the glyphless font; a character outside the BMP becomes U+FFFD. */
export function hexCodes(text: string): { hex: string; count: number } {
  let hex = '';
  let count = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0xfffd;
    hex += (cp > 0xffff ? 0xfffd : cp).toString(16).padStart(4, '0');
    count++;
  }
  return { hex, count };
}

/** From the upright page (points, origin bottom-left) to the page as shown, for a page read turned by `turn`. */
function uprightToShown(turn: 0 | 90 | 180 | 270, w: number, h: number): Matrix {
  switch (turn) {
    case 0:
      return [1, 0, 0, 1, 0, 0];
    case 90:
      return [0, 1, -1, 0, w, 0];
    case 180:
      return [-1, 0, 0, -1, w, h];
    case 270:
      return [0, -1, 1, 0, 0, h];
  }
}

/** Content operators drawing nothing and holding the page's words; '' when it has none. */
export function textLayerOps(text: PageText, frame: PageFrame, font: string): string {
  const turn = text.rotation ?? 0;
  const back = ((360 - turn) % 360) as 0 | 90 | 180 | 270;
  const sideways = turn === 90 || turn === 270;
  const uw = sideways ? frame.height : frame.width;
  const uh = sideways ? frame.width : frame.height;
  const out: string[] = [];
  // Each word's start relative to the last (Td), in whole points (a third of a millimetre: within a
  // glyph's stem) and whole percents: a layer of a few KB per page.
  let px = 0;
  let py = 0;
  let lastScale = 100;
  for (const line of text.lines) {
    const words = line.filter((w) => w.text.trim() !== '').map((w) => ({ text: w.text, box: boxInFile(w.box, back) }));
    const lineBox = unionBox(words.map((w) => w.box));
    if (!lineBox || words.length === 0) continue;
    const size = Math.max(1, Math.round(lineBox.h * uh));
    const baseline = Math.round(uh - (lineBox.y + lineBox.h) * uh);
    out.push(`/${font} ${n1(size)} Tf`);
    words.forEach((w, i) => {
      const next: { box: Box } | undefined = words[i + 1];
      const x = Math.round(w.box.x * uw);
      const wordWidth = w.box.w * uw;
      const toNext = next ? next.box.x * uw - x : 0;
      const span = next && toNext > wordWidth ? toNext : wordWidth;
      const { hex, count } = hexCodes(next ? `${w.text} ` : w.text);
      const natural = (count * size * GLYPH_WIDTH) / 1000;
      const scale = Math.round(Math.min(10_000, Math.max(1, (100 * span) / natural)));
      const parts = [`${n1(x - px)} ${n1(baseline - py)} Td`];
      if (scale !== lastScale) parts.push(`${scale} Tz`);
      parts.push(`<${hex}>Tj`);
      out.push(parts.join(' '));
      px = x;
      py = baseline;
      lastScale = scale;
    });
  }
  if (out.length === 0) return '';
  const [a, b, c, d, e, f] = frame.toUser;
  const turnBack = uprightToShown(turn, frame.width, frame.height);
  return [
    'q',
    `${[a, b, c, d, e, f].map(n).join(' ')} cm`,
    `${turnBack.map(n).join(' ')} cm`,
    'BT',
    '3 Tr',
    ...out,
    'ET',
    'Q',
  ].join('\n');
}

/** The frame of a page with this crop box and /Rotate (a multiple of 90, any sign). */
export function frameOf(box: { x: number; y: number; width: number; height: number }, rotate: number): PageFrame {
  const { x, y, width: w, height: h } = box;
  const r = (((rotate % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  switch (r) {
    case 90:
      return { width: h, height: w, toUser: [0, 1, -1, 0, x + w, y] };
    case 180:
      return { width: w, height: h, toUser: [-1, 0, 0, -1, x + w, y + h] };
    case 270:
      return { width: h, height: w, toUser: [0, -1, 1, 0, x, y + h] };
    default:
      return { width: w, height: h, toUser: [1, 0, 0, 1, x, y] };
  }
}
