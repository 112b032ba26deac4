import { z } from 'zod';
import { CaptureBatchProgressSchema, HeldBatchSchema, ReleasedSplitSchema } from '../../domain/capture';

const Batches = z.object({ batches: z.array(CaptureBatchProgressSchema) });
const Held = z.object({ batches: z.array(HeldBatchSchema) });

/** Issue #38 item 7: sheets to print and put between letters, read back by capture. */
export const SheetRequestSchema = z.object({
  /** `separator`: PATCH T; `cover`: a case number as Code 128 (and PATCH T, so it also separates). */
  kind: z.enum(['separator', 'cover']),
  caseNumber: z.string().max(80).optional(),
  /** Sheets in the PDF. */
  copies: z.number().int().min(1).max(50).default(1),
  /** The words on the sheet. */
  locale: z.enum(['en', 'de']),
});
export const SheetSchema = z.object({
  /** Read like a document's bytes (IntakeBridge.contentSource), never through an invoke. */
  id: z.string(),
  fileName: z.string(),
  pages: z.number().int().min(1),
});

export const captureInvokes = {
  /** Makes a PDF of separator sheets or a case's cover sheet (sheet.case_number_format and co. when refused). */
  'capture.sheet': { request: SheetRequestSchema, response: SheetSchema },
  /** Batches held for review (a folder whose capture has `review`), with their planned split. */
  'capture.held': { request: z.object({}), response: Held },
  /**
   * Releases a held batch with the split the clerk sees: its documents are made exactly so, once
   * (capture.not_held when it is not held any more, capture.release_plan when the split is not one).
   */
  'capture.release': {
    request: z.object({ batchId: z.string().min(1), documents: ReleasedSplitSchema }),
    response: z.object({ documents: z.number().int().min(1) }),
  },
  /** The scanned batches being made into documents now (for a window that starts or reconnects). */
  'capture.batches': { request: z.object({}), response: Batches },
};
export const captureEvents = {
  /** Every batch held for review, whenever one is held or released (issue #38 item 8). */
  'capture.held': Held,
  /** Every batch in progress, whenever one advances, appears or is finished (then it is left out). */
  'capture.batches': Batches,
};
