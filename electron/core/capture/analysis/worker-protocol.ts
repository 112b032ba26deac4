/** Messages between CapturePool (main thread) and analysis-worker (worker thread). */
import { z } from 'zod';
import type { CaptureProblem, PageAnalysis } from '../../../../shared/domain/capture';

export const WorkerRequestSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('open'), id: z.number().int(), path: z.string().min(1) }),
  z.object({
    op: z.literal('analyse'),
    id: z.number().int(),
    path: z.string().min(1),
    pages: z.array(z.number().int().min(0)),
    dpi: z.number().int().min(36).max(600),
    blankThreshold: z.number().min(0).max(1),
    formats: z.array(z.string()).optional(),
  }),
  z.object({ op: z.literal('forget'), id: z.number().int(), path: z.string() }),
  /** Load PDFium and the barcode reader now, so the first page of the first batch does not wait for them. */
  z.object({ op: z.literal('warm'), id: z.number().int() }),
]);
export type WorkerRequest = z.infer<typeof WorkerRequestSchema>;

export type WorkerReply =
  | { id: number; type: 'opened'; pageCount: number }
  | { id: number; type: 'page'; analysis: PageAnalysis }
  | { id: number; type: 'done' }
  | { id: number; type: 'problem'; problem: CaptureProblem }
  | { id: number; type: 'error'; message: string };
