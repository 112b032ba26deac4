import type { CaptureProblem } from '../../../../shared/domain/capture';
import type { Box } from '../../../../shared/domain/suggestions';
import type { GrayBitmap } from './bitmap';
import type { PageFileKind } from './file-kind';

/** An opened file as a list of pages. Not thread-safe; one per worker. */
export interface PageSource {
  readonly kind: PageFileKind;
  readonly pageCount: number;
  /** Page size in points (1/72 inch), as it would print. */
  pageSize(index: number): { widthPt: number; heightPt: number };
  /** The page as an 8-bit grey bitmap at `dpi`. */
  render(index: number, dpi: number): Promise<GrayBitmap>;
  /**
   * The resolution the page was scanned at: its image's pixels per inch as placed on the page (the
   * largest image's for a PDF page), or undefined for a page with no image. Barcodes are read at it
   * (readingDpi) so their bars are not resampled to fractions of a pixel.
   */
  scanDpi(index: number): number | undefined;
  /**
   * Where the page's images are, in page fractions (top-left origin), for a PDF page that is not turned
   * by /Rotate; [] for other pages and files (a TIFF/JPEG/PNG is one image, read by OCR anyway).
   */
  imageBoxes(index: number): Box[];
  close(): void;
}

/** Errors are data: a file that cannot be read as pages says why, and stays as it is. */
export type OpenResult = { ok: true; source: PageSource } | { ok: false; problem: CaptureProblem };

export const problem = (code: CaptureProblem['code'], message: string): OpenResult => ({
  ok: false,
  problem: { code, message },
});
