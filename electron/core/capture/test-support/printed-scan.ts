/**
 * Printed sheets as a scanner would give them back (issue #38 item 7's test double): each page of a PDF
 * the app made is rasterised by PDFium at 300 DPI (the printer), turned by a slight skew, resampled to the
 * scanner's resolution and given sensor noise (the scanner). No file is written.
 */
import sharp from 'sharp';
import type { GrayBitmap } from '../pages/bitmap';
import { openPages } from '../pages/open-pages';
import { prng } from './synthetic-scan';

export interface ScanOfPrint {
  /** The scanner's resolution. */
  dpi: number;
  /** Degrees, clockwise; a feeder skews a sheet by up to ~1–2°. */
  skew: number;
  /** Noise amplitude in grey levels. */
  noise: number;
  seed?: number;
}

const PRINTER_DPI = 300;

export async function scanOfPrintedPdf(pdf: Uint8Array, scan: ScanOfPrint): Promise<GrayBitmap[]> {
  const opened = await openPages(pdf);
  if (!opened.ok) throw new Error(`printed PDF not readable: ${opened.problem.message}`);
  const rnd = prng(scan.seed ?? 11);
  const pages: GrayBitmap[] = [];
  try {
    for (let i = 0; i < opened.source.pageCount; i++) {
      const printed = await opened.source.render(i, PRINTER_DPI);
      const width = Math.round((printed.width * scan.dpi) / PRINTER_DPI);
      const height = Math.round((printed.height * scan.dpi) / PRINTER_DPI);
      const turned = await sharp(printed.data, { raw: { width: printed.width, height: printed.height, channels: 1 } })
        .resize({ width, height })
        .rotate(scan.skew, { background: { r: 255, g: 255, b: 255 } })
        .toColourspace('b-w')
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The scanner's window: the page's size at its resolution, centred on the turned sheet.
      const left = Math.max(0, Math.floor((turned.info.width - width) / 2));
      const top = Math.max(0, Math.floor((turned.info.height - height) / 2));
      const out = new Uint8Array(width * height).fill(255);
      for (let y = 0; y < height && y + top < turned.info.height; y++) {
        const from = (y + top) * turned.info.width + left;
        out.set(turned.data.subarray(from, from + Math.min(width, turned.info.width - left)), y * width);
      }
      for (let k = 0; k < out.length; k++) {
        const n = (rnd() + rnd() + rnd() - 1.5) * scan.noise;
        out[k] = Math.max(0, Math.min(255, out[k]! + n));
      }
      pages.push({ width, height, data: out });
    }
  } finally {
    opened.source.close();
  }
  return pages;
}
