import { z } from 'zod';
import { CaptureBatchProgressSchema } from '../../domain/capture';

const Batches = z.object({ batches: z.array(CaptureBatchProgressSchema) });

export const captureInvokes = {
  /** The scanned batches being made into documents now (for a window that starts or reconnects). */
  'capture.batches': { request: z.object({}), response: Batches },
};
export const captureEvents = {
  /** Every batch in progress, whenever one advances, appears or is finished (then it is left out). */
  'capture.batches': Batches,
};
