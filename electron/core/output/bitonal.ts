/**
 * "Smaller" (issue #39 item 4): a page that is text on paper is sent bitonal, CCITT Group 4, as fax
 * machines and document archives keep letters: a 300-DPI grey A4 scan of ~1 MB as JPEG is ~40–80 KB as
 * G4. libvips (through sharp) writes the G4 (a TIFF with one strip, whose strip is a PDF CCITTFaxDecode
 * stream as it is: the split writer's rule). Which page qualifies is decided here, from its own pixels:
 * - colour is kept: a page whose image shows colour (a photo, a coloured form, a stamp) is never made
 *   black and white;
 * - the grey page must be two-toned: few pixels between ink and paper (a photo or a grey-shaded form has
 *   many), threshold by Otsu's method between the two;
 * - and the caller reads the bitonal page again and keeps it only when OCR reads at least as many words.
 */
import sharp from 'sharp';
import type { GrayBitmap } from '../capture/pages/bitmap';
import { readTiffStructure } from '../capture/pages/tiff-structure';

/** More than this share of the page between ink and paper: not text on paper (a photo, shading). */
export const MAX_MIDTONE_SHARE = 0.08;
/** A pixel whose channels differ by more than this is coloured; more than MAX_COLOUR_SHARE of them: colour. */
const COLOUR_SPREAD = 40;
const MAX_COLOUR_SHARE = 0.002;

export interface G4Image {
  width: number;
  height: number;
  /** One CCITT G4 stream (K −1), BlackIs1 false, Photometric as `photometric`. */
  data: Uint8Array;
  photometric: number;
}

/** Otsu's threshold over a 256-bin histogram. */
export function otsuThreshold(hist: readonly number[]): number {
  const total = hist.reduce((a, b) => a + b, 0);
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] ?? 0);
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t] ?? 0;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * (hist[t] ?? 0);
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold + 1;
}

/**
 * The threshold that makes this grey page bitonal, or undefined when it is not text on paper: ink and
 * paper are the two sides of Otsu's threshold, and a pixel further than a quarter of the way from both
 * (between the ink's and the paper's median) is a mid-tone.
 */
export function textPageThreshold(page: GrayBitmap): number | undefined {
  const hist = new Array<number>(256).fill(0);
  const { data } = page;
  for (let i = 0; i < data.length; i += 3) hist[data[i]!]!++;
  const t = otsuThreshold(hist);
  const median = (from: number, to: number) => {
    const count = hist.slice(from, to).reduce((a, b) => a + b, 0);
    let seen = 0;
    for (let v = from; v < to; v++) {
      seen += hist[v]!;
      if (seen * 2 >= count) return v;
    }
    return to - 1;
  };
  const ink = median(0, t);
  const paper = median(t, 256);
  if (paper - ink < 64) return undefined; // no contrast: a blank or a washed-out page is left as it is
  const lo = ink + (paper - ink) / 4;
  const hi = paper - (paper - ink) / 4;
  let mid = 0;
  let all = 0;
  for (let v = 0; v < 256; v++) {
    all += hist[v]!;
    if (v > lo && v < hi) mid += hist[v]!;
  }
  return mid / all <= MAX_MIDTONE_SHARE ? t : undefined;
}

/** Whether an encoded image (JPEG, PNG, TIFF page) shows colour, looked at 256 pixels wide. */
export async function showsColour(bytes: Uint8Array, page = 0): Promise<boolean> {
  const img = sharp(bytes, { page, limitInputPixels: 100_000_000 });
  const meta = await img.metadata();
  if ((meta.channels ?? 1) < 3 || meta.space === 'b-w') return false;
  const { data, info } = await img
    .resize({ width: 256, height: 256, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  let coloured = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    if (Math.max(r, g, b) - Math.min(r, g, b) > COLOUR_SPREAD) coloured++;
  }
  return coloured / (info.width * info.height) > MAX_COLOUR_SHARE;
}

/** The bitonal page (pixels ≥ threshold white) and its G4 stream. */
export async function bitonalG4(page: GrayBitmap, threshold: number): Promise<{ bitmap: GrayBitmap; g4: G4Image }> {
  const raw = { width: page.width, height: page.height, channels: 1 as const };
  const bw = await sharp(page.data, { raw }).threshold(threshold).toColourspace('b-w').raw().toBuffer();
  // One strip (a G4 stream restarts at every strip; a PDF image is one stream): rows per strip = height.
  const tiff = await sharp(bw, { raw })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1, tileHeight: page.height, tileWidth: page.width })
    .toBuffer();
  const bytes = new Uint8Array(tiff.buffer, tiff.byteOffset, tiff.length);
  const [info] = readTiffStructure(bytes);
  const offset = info?.stripOffsets[0];
  const count = info?.stripByteCounts[0];
  if (!info || info.stripOffsets.length !== 1 || offset === undefined || count === undefined || info.fillOrder !== 1)
    throw new Error('libvips did not write one G4 strip');
  return {
    bitmap: { width: page.width, height: page.height, data: new Uint8Array(bw.buffer, bw.byteOffset, bw.length) },
    g4: {
      width: page.width,
      height: page.height,
      data: bytes.slice(offset, offset + count),
      photometric: info.photometric,
    },
  };
}
