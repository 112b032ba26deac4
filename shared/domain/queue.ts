import { z } from 'zod';
import { DocumentStateSchema } from './document';

/** The upload queue at a glance: paused or not, documents per state, bytes going out now. */
export const QueueStatusSchema = z.object({
  paused: z.boolean(),
  online: z.boolean(),
  counts: z.record(DocumentStateSchema, z.number().int()),
  /** Bytes sent / total over documents now uploading. */
  progress: z.object({ sent: z.number(), total: z.number() }),
  /** The platform answered 429/503 ("busy"): uploads are tried again at this time (ISO). */
  busyUntil: z.string().optional(),
});
export type QueueStatus = z.infer<typeof QueueStatusSchema>;

/** One line of the upload history. */
export const HistoryEntrySchema = z.object({
  documentId: z.string(),
  fileName: z.string(),
  caseNumber: z.string().optional(),
  state: DocumentStateSchema,
  message: z.string().optional(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
