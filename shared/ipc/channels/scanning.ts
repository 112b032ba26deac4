import { z } from 'zod';
import { ScannerCapabilitiesSchema, ScannerInfoSchema, ScanRequestSchema } from '../../domain/scanning';

/**
 * Issue #38: scanning from the desk (core: electron/core/scanning). A scan's progress comes as a capture
 * batch (`capture.batches`, its `scan` field); a scanner's trouble as an error whose code is `scanner.*`.
 */
export const scanningInvokes = {
  /** The scanners this station finds (mDNS, SANE devices) and those named by address. */
  'scanning.scanners': { request: z.object({}), response: z.object({ scanners: z.array(ScannerInfoSchema) }) },
  'scanning.capabilities': {
    request: z.object({ scanner: z.string().min(1) }),
    response: ScannerCapabilitiesSchema,
  },
  /** Starts a scan into a folder profile; `batchId`: scan more into that open batch. */
  'scanning.start': {
    request: z.object({
      scanner: z.string().min(1),
      request: ScanRequestSchema,
      folderId: z.string().min(1),
      batchId: z.string().optional(),
    }),
    response: z.object({ batchId: z.string() }),
  },
  /** Cancels the scan running into the batch; the pages that came stay. */
  'scanning.cancel': { request: z.object({ batchId: z.string() }), response: z.object({}) },
  /** Finishes an open scan: its last document is made. */
  'scanning.finish': { request: z.object({ batchId: z.string() }), response: z.object({}) },
};
