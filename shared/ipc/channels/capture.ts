import { z } from 'zod';
import { CaptureBatchProgressSchema } from '../../domain/capture';

const Batches = z.object({ batches: z.array(CaptureBatchProgressSchema) });

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
  /** The scanned batches being made into documents now (for a window that starts or reconnects). */
  'capture.batches': { request: z.object({}), response: Batches },
};
export const captureEvents = {
  /** Every batch in progress, whenever one advances, appears or is finished (then it is left out). */
  'capture.batches': Batches,
};
