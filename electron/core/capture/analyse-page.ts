import type { PageAnalysis } from '../../../shared/domain/capture';
import { readPageBarcodes } from './barcodes';
import { inkRatio, isBlank } from './blank-page';
import type { PageSource } from './page-source';

export interface AnalysisOptions {
  dpi: number;
  blankThreshold: number;
  formats?: readonly string[];
}

/** Render + barcodes + blank detection for one page. CPU-heavy: call it in a worker (analysis-worker.ts). */
export async function analysePage(source: PageSource, page: number, opts: AnalysisOptions): Promise<PageAnalysis> {
  const bitmap = await source.render(page, opts.dpi);
  const barcodes = await readPageBarcodes(bitmap, opts.formats);
  const ink = inkRatio(bitmap);
  // A page with a code on it is never blank, whatever its ink (a small QR code on an empty sheet).
  return {
    page,
    width: bitmap.width,
    height: bitmap.height,
    dpi: opts.dpi,
    barcodes,
    ink: Math.round(ink * 1e6) / 1e6,
    blank: barcodes.length === 0 && isBlank(ink, opts.blankThreshold),
  };
}
