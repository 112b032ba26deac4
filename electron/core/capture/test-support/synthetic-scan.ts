/**
 * Test scans made here, not checked in: A4 pages with barcodes written by zxing-wasm's writer, fake text,
 * rotation, blur, noise, low contrast, 1-bit fax quality; packed into PDFs (pdf-lib), TIFFs, JPEG, PNG.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import UTIF from 'utif2';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import type { GrayBitmap } from '../pages/bitmap';
import { createGray, rotateGray } from './gray-bitmap';
import type { TiffPageData } from './tiff-writer';
import { writeTiff } from './tiff-writer';

const require = createRequire(import.meta.url);
let writerReady: Promise<unknown> | undefined;
function ensureWriter() {
  writerReady ??= (() => {
    const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
    return prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
  })();
  return writerReady;
}

/** The symbologies the capture settings name (CAPTURE_BARCODE_FORMATS), as zxing's writer spells them. */
export type TestCodeFormat =
  'Code128' | 'Code39' | 'QRCode' | 'DataMatrix' | 'Code93' | 'Codabar' | 'ITF' | 'EAN13' | 'PDF417' | 'Aztec';
const MATRIX: ReadonlySet<TestCodeFormat> = new Set(['QRCode', 'DataMatrix', 'PDF417', 'Aztec']);
export interface CodeSpec {
  text: string;
  format: TestCodeFormat;
  /** Top-left of the symbol (quiet zone excluded), mm from the page's top-left. */
  xMm?: number;
  yMm?: number;
  /** Narrow bar / module size in mm (1-D default 0.33, 2-D default 0.6). */
  moduleMm?: number;
  /** Bar height for 1-D codes, mm. */
  heightMm?: number;
}
export interface PageSpec {
  codes?: CodeSpec[];
  /** Lines of fake words (dark boxes), like a letter. */
  textLines?: number;
  /** Isolated dark specks, like dust on a blank duplex back. */
  specks?: number;
}
export interface ScanEffects {
  dpi?: number;
  rotate?: 0 | 90 | 180 | 270;
  /** Box-blur radius in pixels. */
  blur?: number;
  /** Gaussian-ish noise amplitude (grey levels). */
  noise?: number;
  /** Ink and paper levels; e.g. [110, 200] for a faded copy. */
  levels?: [ink: number, paper: number];
  /** 1-bit: threshold after effects (fax). */
  bilevel?: boolean;
  seed?: number;
}

export const A4_MM = { width: 210, height: 297 } as const;

/** A deterministic PRNG so a failing test can be reproduced. */
export function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

export async function renderScan(spec: PageSpec, effects: ScanEffects = {}): Promise<GrayBitmap> {
  const dpi = effects.dpi ?? 200;
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  const page = createGray(px(A4_MM.width), px(A4_MM.height));
  const rnd = prng(effects.seed ?? 7);
  // Fake text lines from 60 mm down, so a cover sheet's code at the top stays clear.
  for (let line = 0; line < (spec.textLines ?? 0); line++) {
    const y = px(60 + line * 7);
    let x = px(20);
    while (x < px(185)) {
      const w = px(4 + rnd() * 14);
      fillRect(page, x, y, Math.min(w, px(190) - x), px(2.6), 20);
      x += w + px(2.2);
    }
  }
  for (let i = 0; i < (spec.specks ?? 0); i++) {
    fillRect(page, Math.floor(rnd() * page.width), Math.floor(rnd() * page.height), 2, 2, 40);
  }
  for (const code of spec.codes ?? []) await drawCode(page, code, dpi);
  let out = page;
  if (effects.blur) out = boxBlur(out, effects.blur);
  if (effects.levels) {
    const [ink, paper] = effects.levels;
    for (let i = 0; i < out.data.length; i++) out.data[i] = ink + ((paper - ink) * out.data[i]!) / 255;
  }
  if (effects.noise) {
    const a = effects.noise;
    for (let i = 0; i < out.data.length; i++) {
      const n = (rnd() + rnd() + rnd() - 1.5) * a;
      out.data[i] = Math.max(0, Math.min(255, out.data[i]! + n));
    }
  }
  if (effects.bilevel) for (let i = 0; i < out.data.length; i++) out.data[i] = out.data[i]! < 128 ? 0 : 255;
  return rotateGray(out, effects.rotate ?? 0);
}

async function drawCode(page: GrayBitmap, code: CodeSpec, dpi: number) {
  await ensureWriter();
  // zxing writes an Aztec symbol as `AztecCode` (the family name `Aztec` is read-only).
  const r = await writeBarcode(code.text, { format: code.format === 'Aztec' ? 'AztecCode' : code.format });
  if (r.error) throw new Error(`zxing writer: ${r.error}`);
  const twoD = MATRIX.has(code.format);
  const modulePx = ((code.moduleMm ?? (twoD ? 0.6 : 0.33)) / 25.4) * dpi;
  const x0 = Math.round(((code.xMm ?? 25) / 25.4) * dpi);
  const y0 = Math.round(((code.yMm ?? 20) / 25.4) * dpi);
  const rows = twoD ? r.symbol.height : 1;
  const heightPx = twoD ? modulePx : ((code.heightMm ?? 12) / 25.4) * dpi;
  for (let my = 0; my < rows; my++) {
    for (let mx = 0; mx < r.symbol.width; mx++) {
      if (r.symbol.data[my * r.symbol.width + mx] !== 0) continue;
      const xa = Math.round(x0 + mx * modulePx);
      const xb = Math.round(x0 + (mx + 1) * modulePx);
      const ya = Math.round(y0 + my * heightPx);
      const yb = Math.round(y0 + (my + 1) * heightPx);
      fillRect(page, xa, ya, xb - xa, yb - ya, 0);
    }
  }
}

function fillRect(b: GrayBitmap, x: number, y: number, w: number, h: number, v: number) {
  for (let yy = Math.max(0, y); yy < Math.min(b.height, y + h); yy++) {
    b.data.fill(v, yy * b.width + Math.max(0, x), yy * b.width + Math.min(b.width, x + w));
  }
}

function boxBlur(src: GrayBitmap, r: number): GrayBitmap {
  const { width: w, height: h } = src;
  const tmp = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  const n = 2 * r + 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += src.data[y * w + Math.min(w - 1, Math.max(0, x + k))]!;
      tmp[y * w + x] = s / n;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += tmp[Math.min(h - 1, Math.max(0, y + k)) * w + x]!;
      out[y * w + x] = s / n;
    }
  }
  return { width: w, height: h, data: out };
}

const raw = (b: GrayBitmap) => sharp(b.data, { raw: { width: b.width, height: b.height, channels: 1 } });
export const encodeJpeg = (b: GrayBitmap, quality = 80, dpi?: number) =>
  (dpi ? raw(b).withMetadata({ density: dpi }) : raw(b)).jpeg({ quality }).toBuffer();
/** An image file's pixels as grey (the inverse of encodePng / encodeJpeg, for pages made elsewhere). */
export async function decodeGray(image: Buffer | Uint8Array): Promise<GrayBitmap> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

export const encodePng = (b: GrayBitmap, dpi?: number) =>
  (dpi ? raw(b).withMetadata({ density: dpi }) : raw(b)).png().toBuffer();

/** A scanner-style PDF: one JPEG (or PNG) image per page, page size from the pixels and dpi. */
export async function pdfOfScans(
  pages: GrayBitmap[],
  opts: { dpi?: number; image?: 'jpeg' | 'png' } = {},
): Promise<Uint8Array> {
  const dpi = opts.dpi ?? 200;
  const doc = await PDFDocument.create();
  for (const b of pages) {
    const img = opts.image === 'png' ? await doc.embedPng(await encodePng(b)) : await doc.embedJpg(await encodeJpeg(b));
    const w = (b.width / dpi) * 72;
    const h = (b.height / dpi) * 72;
    doc.addPage([w, h]).drawImage(img, { x: 0, y: 0, width: w, height: h });
  }
  return doc.save();
}

/**
 * A multi-page TIFF. 'g4': 1-bit CCITT Group 4 (fax; the page is thresholded), 'none': 8-bit grey
 * uncompressed. G4 strips come from sharp (libtiff) and are copied into one file by writeTiff.
 */
export async function tiffOfScans(
  pages: GrayBitmap[],
  opts: { dpi?: number; compression?: 'none' | 'g4' } = {},
): Promise<Uint8Array> {
  const dpi = opts.dpi ?? 200;
  const out: TiffPageData[] = [];
  for (const b of pages) {
    if (opts.compression === 'g4') {
      const single = await raw(b)
        .threshold(128)
        .toColourspace('b-w')
        .tiff({ compression: 'ccittfax4', bitdepth: 1 })
        .toBuffer();
      const [ifd] = UTIF.decode(single);
      if (!ifd) throw new Error('sharp wrote no TIFF page');
      const offsets = ifd['t273'] as number[];
      const counts = ifd['t279'] as number[];
      out.push({
        width: b.width,
        height: b.height,
        bitsPerSample: 1,
        compression: 4,
        photometric: (ifd['t262'] as number[])[0] === 1 ? 1 : 0,
        rowsPerStrip: (ifd['t278'] as number[] | undefined)?.[0] ?? b.height,
        strips: offsets.map((o, i) => single.subarray(o, o + counts[i]!)),
        dpi,
      });
    } else {
      out.push({
        width: b.width,
        height: b.height,
        bitsPerSample: 8,
        compression: 1,
        photometric: 1,
        rowsPerStrip: b.height,
        strips: [b.data],
        dpi,
      });
    }
  }
  return writeTiff(out);
}
