/**
 * How much capture and OCR decode, in one place (issue #27, docs/security.md "Scans are decoded within
 * limits"). A scan's header says how big it is; a 12.6 KB G4 TIFF can say 100,000 × 100,000 and a 333-byte
 * PDF 200 × 200 inches. Every decoder is told these limits, and the declared size is checked before any
 * pixel is allocated, so one file never takes a station's memory.
 *
 * Rules:
 * - A raster source (TIFF page, JPEG, PNG; an image on a PDF page, which PDFium would decode whole) with
 *   more than `maxSourcePixels` is not decoded: the file is `too-large` and kept whole (capture.too_large).
 *   A full-page JPEG in a PDF may be larger when libjpeg's shrink-on-load brings it within the limit.
 * - A render (analysis, OCR) is never larger than the source (no upscaling of a low-DPI image) and never
 *   more than `maxRenderPixels`: a larger page (a huge PDF MediaBox) is analysed downscaled. That is safe:
 *   a separator sheet is a letter-size page, and a page too big to read codes on is simply a content page.
 * - Each worker task (open a file; analyse a few pages; read one document's text) has a time budget; a
 *   worker over it is ended and the file kept whole (capture.failed), the pool starts a new worker.
 */
import { MAX_SCAN_PIXELS, MAX_TIFF_PAGES } from '../../../../shared/formats/tiff-directories';

export const DECODE_LIMITS = {
  /**
   * Pixels of one source image: 100 MP. An A3 page at 600 DPI is 70 MP; the review's bombs are 268 MP
   * (16k²) to 10 GP (100k²). libvips decodes strip by strip, so a page at the limit costs far less than
   * its full size in memory.
   */
  maxSourcePixels: MAX_SCAN_PIXELS,
  /**
   * Pixels of one rendered page: 24 MP, i.e. 24 MB of grey. A4 at 400 DPI (the profile's highest) is
   * 15.5 MP and at 300 DPI (OCR) 8.7 MP: ordinary pages are never downscaled.
   */
  maxRenderPixels: 24_000_000,
  /** One request to an analysis worker (open a file, or analyse a chunk of pages). */
  analysisTaskMs: 60_000,
  /** One document's text in a text worker (its text layer and at most `text.ocrPages` OCR'd pages). */
  textTaskMs: 120_000,
  /** Pages whose text layer is read per document (OCR has its own, smaller limit: text.ocrPages). */
  maxTextPages: 500,
  /** A PDF with more pages than this is not given to pdf.js at all (its page tree alone filled 256 MB). */
  maxTextLayerFilePages: 5_000,
  /** After this long reading one document's pages, the rest are skipped (within textTaskMs, always). */
  textReadMs: 30_000,
  /**
   * A searchable PDF (issue #39) reads every page, up to `outputOcrPages` (later pages are sent without
   * text), in `outputReadMs`, and its text worker is ended after `outputTaskMs` (the original is sent).
   * 100 pages at ~2–3 s each on one core fit; a station's scans are letters of a few pages.
   */
  outputOcrPages: 100,
  outputReadMs: 480_000,
  outputTaskMs: 600_000,
  /**
   * Bytes of a capture file: TIFF/JPEG/PNG are read whole into a worker, and a split reads any file whole
   * (pdf-lib) on the main thread. 512 MB is a 500-page colour batch at 300 DPI twice over.
   */
  maxFileBytes: 512 * 1024 * 1024,
  /** Objects of a PDF page looked at for images before PDFium renders it. */
  maxPageObjectsChecked: 10_000,
  /** TIFF directories (pages) followed before a file is taken as damaged (a loop, or a lie). */
  maxTiffPages: MAX_TIFF_PAGES,
} as const;

/** The size to render a page at: `dpi`, never above the source's own pixels, within maxRenderPixels. */
export function renderSize(
  page: { widthPt: number; heightPt: number },
  dpi: number,
  source?: { width: number; height: number },
): { width: number; height: number } {
  let width = (page.widthPt / 72) * dpi;
  let height = (page.heightPt / 72) * dpi;
  if (source) {
    width = Math.min(width, source.width);
    height = Math.min(height, source.height);
  }
  const over = (width * height) / DECODE_LIMITS.maxRenderPixels;
  if (over > 1) {
    width /= Math.sqrt(over);
    height /= Math.sqrt(over);
  }
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

export function tooManySourcePixels(width: number, height: number): boolean {
  return width * height > DECODE_LIMITS.maxSourcePixels;
}

export const fileTooLargeMessage = (bytes: number) =>
  `the file is ${Math.round(bytes / 2 ** 20)} MB, more than the ${DECODE_LIMITS.maxFileBytes / 2 ** 20} MB capture reads`;

export const tooLargeMessage = (width: number, height: number) =>
  `the page declares ${width} × ${height} pixels, more than the ${DECODE_LIMITS.maxSourcePixels / 1e6} megapixels capture decodes`;

/** A page that declares more pixels than capture decodes (an image in a PDF page): the file is `too-large`. */
export class TooLargeError extends Error {}
