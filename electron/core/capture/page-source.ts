import type { CaptureProblem } from '../../../shared/domain/capture';
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
  close(): void;
}

/** Errors are data: a file that cannot be read as pages says why, and stays as it is. */
export type OpenResult = { ok: true; source: PageSource } | { ok: false; problem: CaptureProblem };

export const problem = (code: CaptureProblem['code'], message: string): OpenResult => ({
  ok: false,
  problem: { code, message },
});
