import type { PageAnalysis } from '../../../../shared/domain/capture';
import { readPageBarcodes } from './barcodes';
import { inkRatio, isBlank } from './blank-page';
import type { PageSource } from '../pages/page-source';

export interface AnalysisOptions {
  dpi: number;
  blankThreshold: number;
  formats?: readonly string[];
}

/** Codes are read at the scan's own resolution up to this (what paperless-ngx reads barcodes at). */
export const MAX_READING_DPI = 300;

/**
 * The resolution a page is read at: the profile's, or the scan's own when that is finer (up to 300 DPI).
 * A 300-DPI scan rendered at 200 DPI resamples a bar of 0.4 mm (4.7 px) to 3.1 px, some bars 3 and
 * some 4 px wide; a Code 39 with a 2:1 wide/narrow ratio is then no longer read (issue #30: a peer's
 * "CUSTOM BARCODE" sample, and our own 240- and 300-DPI scans). At its own resolution nothing is
 * resampled. Scans at or under the profile's resolution (the usual 200-DPI scanner PDF) are read as before.
 */
export function readingDpi(profileDpi: number, scanDpi: number | undefined): number {
  if (!scanDpi || scanDpi <= profileDpi) return profileDpi;
  return Math.max(profileDpi, Math.min(Math.round(scanDpi), MAX_READING_DPI));
}

/** Render + barcodes + blank detection for one page. CPU-heavy: call it in a worker (analysis-worker.ts). */
export async function analysePage(source: PageSource, page: number, opts: AnalysisOptions): Promise<PageAnalysis> {
  const dpi = readingDpi(opts.dpi, source.scanDpi(page));
  const bitmap = await source.render(page, dpi);
  const barcodes = await readPageBarcodes(bitmap, opts.formats);
  const ink = inkRatio(bitmap);
  // A page with a code on it is never blank, whatever its ink (a small QR code on an empty sheet).
  return {
    page,
    width: bitmap.width,
    height: bitmap.height,
    dpi,
    barcodes,
    ink: Math.round(ink * 1e6) / 1e6,
    blank: barcodes.length === 0 && isBlank(ink, opts.blankThreshold),
  };
}
