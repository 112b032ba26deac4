/**
 * Letters made for tests and the OCR benchmark, not checked in: a born-digital PDF (pdf-lib, Helvetica,
 * optionally turned by a small angle) and its "scan": the page rendered by PDFium at 200–300 DPI, blurred,
 * with noise, as a PNG that says its DPI.
 */
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { GrayBitmap } from '../../capture/pages/bitmap';
import { openPages } from '../../capture/pages/open-pages';
import { prng } from '../../capture/test-support/synthetic-scan';

export interface LetterSpec {
  /** Lines of the letter body; numbers to be found go here. */
  lines: string[];
  /** Small angle in degrees (a skewed sheet). */
  skew?: number;
  fontSize?: number;
  /** Page size in points (default A4). A small page keeps an OCR test fast (fewer pixels to read). */
  page?: [number, number];
}

export async function letterPdf(spec: LetterSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(spec.page ?? [595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = spec.fontSize ?? 11;
  const top = spec.page ? spec.page[1] - 48 : 770;
  const left = spec.page ? 32 : 64;
  spec.lines.forEach((text, i) =>
    page.drawText(text, { x: left, y: top - i * size * 1.9, size, font, rotate: degrees(spec.skew ?? 0) }),
  );
  return doc.save();
}

export interface ScanLook {
  dpi?: number;
  blur?: number;
  noise?: number;
  seed?: number;
}

/** The letter as a scanned page: grey PNG at `dpi` with blur and noise. */
export async function letterScan(spec: LetterSpec, look: ScanLook = {}): Promise<Buffer> {
  const dpi = look.dpi ?? 300;
  const opened = await openPages(await letterPdf(spec));
  if (!opened.ok) throw new Error(opened.problem.message);
  let page: GrayBitmap;
  try {
    page = await opened.source.render(0, dpi);
  } finally {
    opened.source.close();
  }
  let img = sharp(Buffer.from(page.data), { raw: { width: page.width, height: page.height, channels: 1 } });
  if (look.blur) img = img.blur(look.blur);
  const blurred = await img.toColourspace('b-w').raw().toBuffer();
  if (look.noise) {
    const rnd = prng(look.seed ?? 11);
    for (let i = 0; i < blurred.length; i++) {
      const n = (rnd() + rnd() + rnd() - 1.5) * look.noise;
      blurred[i] = Math.max(0, Math.min(255, blurred[i]! + n));
    }
  }
  return sharp(blurred, { raw: { width: page.width, height: page.height, channels: 1 } })
    .toColourspace('b-w')
    .withMetadata({ density: dpi })
    .png({ compressionLevel: 3 })
    .toBuffer();
}
