/**
 * Which quarter turn makes a scanned page of text upright, scored on a small copy of the page (no OCR,
 * no model: `@tesseract.js-data/osd` is not a dependency). Two observations about printed Latin text:
 * - its lines run across the page: the ink per row alternates between lines and gaps far more than the
 *   ink per column does. A page whose columns alternate more is turned a quarter;
 * - ascenders (b d f h k l t, capitals, digits) are far more common than descenders (g j p q y), so in an
 *   upright line the band of densest ink (the x-height) lies in the lower part of the line. In a line
 *   upside down it lies in the upper part.
 * Too little text to tell (a photo, a near-blank page), or evidence that is not clear, gives 0: the page is
 * read as it lies, the safe side — an upright page read as it lies is read right.
 */
import type { Box } from '../../../shared/domain/suggestions';
import type { GrayBitmap } from '../capture/pages/bitmap';
import { turnGray } from '../capture/pages/bitmap';

export type QuarterTurn = 0 | 90 | 180 | 270;

/** Lines are told from columns on a copy about this wide (an A4 page: ~70 DPI): 10-pt lines are 8–10 px high. */
const SCORE_WIDTH = 600;
/**
 * Up from down is told on a copy about this long (an A4 page: ~100 DPI). At 70 DPI a 10-pt line is 6–8 px
 * high and its ascenders and descenders one row each: one row of rounding or of skew decided the vote, and
 * upright letters were voted upside down (issue #30: six of 100 generated letters at 240 DPI).
 */
const VOTE_LENGTH = 1200;
/** The least number of text lines for a verdict. */
const MIN_LINES = 3;
/** A row with less ink than this share of the densest row is a gap between lines (a speck of noise aside). */
const LINE_GAP = 0.03;
/**
 * Clear evidence for a verdict on up and down: the lines' mean vote (each between −1 and 1) at least this,
 * and at least AGREEING of the voting lines on its side. Measured on the 100 letters bench/ocr.ts makes
 * (200–300 DPI, 10–12 pt, skew 0.7°), each lying four ways: the mean vote is 0.73–1 in size, and right.
 */
const MIN_MEAN_VOTE = 0.25;
const AGREEING = 2 / 3;
/**
 * Lines run the way with at least this many times the share of empty rows (or columns) across them.
 * Generated letters: 10× and more; paperless-ngx's dense scans in `rotated.pdf`: 1.9–4×.
 */
const GAP_RATIO = 1.5;
/** Skew tried before the up/down vote, in degrees each way (a sheet fed slightly askew), and the step. */
const MAX_SKEW = 3;
const SKEW_STEP = 0.25;

/**
 * The clockwise turn that makes the page upright (0 when it is, or when it cannot be told). Reading a page
 * as it lies is the safe side: a page is turned only on clear evidence, an undecided page is read as it lies.
 */
export function uprightTurn(page: GrayBitmap): QuarterTurn {
  const small = shrink(page, Math.max(1, Math.round(Math.max(page.width, page.height) / SCORE_WIDTH)));
  const ink = inkMask(small);
  const turned = turnGray(small, 90);
  // Lines of text are bands far longer than high: count them both ways; the page's gaps break a tie.
  const bands = lineBands(ink, small.width, small.height);
  const turnedBands = lineBands(inkMask(turned), turned.width, turned.height);
  const across = gaps(rowProfile(ink, small.width, small.height));
  const down = gaps(columnProfile(ink, small.width, small.height));
  // Which way the lines run, only on clear evidence: enough of them, and the gaps between them far more
  // common than the gaps across them (word gaps meet rarely). Counting bands alone was not enough: on a
  // page lying sideways the letters of stacked lines form bands too (7 against 11), and the page was
  // then voted upside down. Neither clear: read as it lies.
  const lying = bands >= MIN_LINES && across >= GAP_RATIO * down;
  const quarter = !lying && turnedBands >= MIN_LINES && down >= GAP_RATIO * across;
  if (!lying && !quarter) return 0;
  const fine = shrink(page, Math.max(1, Math.round(Math.max(page.width, page.height) / VOTE_LENGTH)));
  const upright = quarter ? turnGray(fine, 90) : fine;
  const vote = uprightVote(inkMask(upright), upright.width, upright.height);
  if (vote === undefined) return 0;
  if (quarter) return vote > 0 ? 90 : 270;
  return vote > 0 ? 0 : 180;
}

/** A box-averaged copy, `factor` times smaller each way. */
function shrink(src: GrayBitmap, factor: number): GrayBitmap {
  if (factor <= 1) return src;
  const width = Math.floor(src.width / factor);
  const height = Math.floor(src.height / factor);
  const data = new Uint8Array(width * height);
  const n = factor * factor;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * src.width + x * factor;
        for (let dx = 0; dx < factor; dx++) s += src.data[row + dx]!;
      }
      data[y * width + x] = s / n;
    }
  return { width, height, data };
}

/** Ink: darker than the midpoint between the page's paper (its median) and black; edges left out. */
function inkMask(b: GrayBitmap): Uint8Array {
  const histogram = new Array<number>(256).fill(0);
  for (const v of b.data) histogram[v]!++;
  let seen = 0;
  let paper = 255;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen >= b.data.length / 2) {
      paper = v;
      break;
    }
  }
  const threshold = paper * 0.6;
  const mask = new Uint8Array(b.data.length);
  const mx = Math.round(b.width * 0.04);
  const my = Math.round(b.height * 0.04);
  for (let y = my; y < b.height - my; y++)
    for (let x = mx; x < b.width - mx; x++) mask[y * b.width + x] = b.data[y * b.width + x]! < threshold ? 1 : 0;
  return mask;
}

function rowProfile(mask: Uint8Array, w: number, h: number): number[] {
  const out = new Array<number>(h).fill(0);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y]! += mask[y * w + x]!;
  return out;
}

function columnProfile(mask: Uint8Array, w: number, h: number): number[] {
  const out = new Array<number>(w).fill(0);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[x]! += mask[y * w + x]!;
  return out;
}

/** Runs of rows with ink (text lines if upright) whose ink spans at least 5 times their height across. */
function lineBands(mask: Uint8Array, w: number, h: number): number {
  const rows = rowProfile(mask, w, h);
  const peak = Math.max(...rows);
  let count = 0;
  for (let y = 0; y < h;) {
    if (rows[y]! <= Math.max(0, peak * LINE_GAP)) {
      y++;
      continue;
    }
    const top = y;
    while (y < h && rows[y]! > Math.max(0, peak * LINE_GAP)) y++;
    const height = y - top;
    if (height < 3 || height > h / 8) continue;
    let left = w;
    let right = -1;
    for (let yy = top; yy < y; yy++)
      for (let x = 0; x < w; x++)
        if (mask[yy * w + x]) {
          if (x < left) left = x;
          if (x > right) right = x;
        }
    if (right - left + 1 >= 5 * height) count++;
  }
  return count;
}

/**
 * The share of empty rows (or columns) between the first and the last with ink: the gaps between lines.
 * Upright text has one between every two lines; across the lines, a column is empty only where the word
 * gaps of every line meet.
 */
function gaps(profile: number[]): number {
  const peak = Math.max(...profile);
  if (peak === 0) return 0;
  const first = profile.findIndex((v) => v > 0);
  const last = profile.length - 1 - [...profile].reverse().findIndex((v) => v > 0);
  let empty = 0;
  for (let i = first; i <= last; i++) if (profile[i]! <= peak * 0.02) empty++;
  return empty / (last - first + 1);
}

/**
 * The rows' ink along lines tilted by the skew that makes the lines sharpest (the largest sum of squares:
 * ink gathered in fewer rows). Across a 0.7° skew an A4 line drifts ~8 rows at 100 DPI, more than its
 * x-height: counted straight across, its ascenders and descenders blur into the neighbouring rows.
 */
function deskewedRows(mask: Uint8Array, w: number, h: number): number[] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (mask[y * w + x]) {
        xs.push(x);
        ys.push(y);
      }
  let best = rowProfile(mask, w, h);
  let bestScore = best.reduce((a, r) => a + r * r, 0);
  for (let deg = -MAX_SKEW; deg <= MAX_SKEW + 1e-9; deg += SKEW_STEP) {
    if (Math.abs(deg) < 1e-9) continue;
    const slope = Math.tan((deg * Math.PI) / 180);
    // Rows counted from the line's left end: a pixel at x lies `x · slope` rows below where its line started.
    const rows = new Array<number>(h).fill(0);
    for (let i = 0; i < xs.length; i++) {
      const y = Math.round(ys[i]! - xs[i]! * slope);
      if (y >= 0 && y < h) rows[y]!++;
    }
    const score = rows.reduce((a, r) => a + r * r, 0);
    if (score > bestScore) {
      best = rows;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Per text line (a run of rows with ink, straightened): the ink above its densest band (ascenders,
 * capitals) against the ink below it (descenders). More above votes upright, more below upside down; each
 * line's vote is between −1 and 1. Undefined — the page is read as it lies — unless the evidence is clear:
 * enough lines, their mean vote far enough from 0, and most of them on its side.
 */
function uprightVote(mask: Uint8Array, w: number, h: number): number | undefined {
  const rows = deskewedRows(mask, w, h);
  const peak = Math.max(...rows);
  if (peak === 0) return undefined;
  const inLine = rows.map((r) => r > Math.max(1, peak * LINE_GAP));
  const votes: number[] = [];
  for (let y = 0; y < h;) {
    if (!inLine[y]) {
      y++;
      continue;
    }
    const top = y;
    while (y < h && inLine[y]) y++;
    const line = rows.slice(top, y);
    if (line.length < 6 || line.length > h / 8) continue; // not a line of text (a rule, a picture)
    const max = Math.max(...line);
    const first = line.findIndex((r) => r >= max * 0.5);
    const last = line.length - 1 - [...line].reverse().findIndex((r) => r >= max * 0.5);
    // The row next to the band on either side is left out: the band's edge often falls within a row of
    // the copy (half its ink), which outweighed the few rows of ascenders or descenders.
    const above = line.slice(0, Math.max(0, first - 1)).reduce((a, r) => a + r, 0);
    const below = line.slice(last + 2).reduce((a, r) => a + r, 0);
    if (above + below === 0) continue;
    votes.push((above - below) / (above + below));
  }
  if (votes.length < MIN_LINES) return undefined;
  const vote = votes.reduce((a, v) => a + v, 0);
  const mean = vote / votes.length;
  const agreeing = votes.filter((v) => Math.sign(v) === Math.sign(mean)).length;
  if (Math.abs(mean) < MIN_MEAN_VOTE || agreeing < AGREEING * votes.length) return undefined;
  return vote;
}

/**
 * A box read on the page turned by `turn` (clockwise), in the page as it lies in the file: what the
 * preview shows, so the chip's mark lands on the word. Fractions of the page, top-left origin.
 */
export function boxInFile(b: Box, turn: QuarterTurn): Box {
  switch (turn) {
    case 0:
      return b;
    case 90:
      return { x: b.y, y: 1 - b.x - b.w, w: b.h, h: b.w };
    case 180:
      return { x: 1 - b.x - b.w, y: 1 - b.y - b.h, w: b.w, h: b.h };
    case 270:
      return { x: 1 - b.y - b.h, y: b.x, w: b.h, h: b.w };
  }
}
