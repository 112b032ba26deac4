import { z } from 'zod';
import { DocumentStateSchema } from './document';
import { HistoryStepSchema } from './history';

/**
 * Why the data folder stops every document alike (not one document's fault): its disk is full, the quota
 * of the user the app runs as is used up, or it (or the queue database) cannot be written.
 */
export const StorageCodeSchema = z.enum(['storage.full', 'storage.quota', 'storage.read_only', 'storage.no_access']);
export type StorageCode = z.infer<typeof StorageCodeSchema>;

/** The upload queue at a glance: paused or not, documents per state, bytes going out now. */
export const QueueStatusSchema = z.object({
  paused: z.boolean(),
  online: z.boolean(),
  counts: z.record(DocumentStateSchema, z.number().int()),
  /** Bytes sent / total over documents now uploading. */
  progress: z.object({ sent: z.number(), total: z.number() }),
  /** The platform answered 429/503 ("busy"): uploads are tried again at this time (ISO). */
  busyUntil: z.string().optional(),
  /** Offline: when the platform is asked again whether it answers (ISO); "Retry now" asks at once. */
  nextTryAt: z.string().optional(),
  /**
   * The data folder fails (full disk, quota, read-only database, no write access): nothing is taken or
   * uploaded until it takes writes again, tried with backoff (docs/intake-pipeline.md, "Resource errors").
   */
  storage: z
    .object({
      code: StorageCodeSchema,
      reason: z.string(),
      /** Failing since (ISO). */
      since: z.string(),
      /** The error as the OS or SQLite gave it. */
      error: z.string(),
    })
    .optional(),
});
export type QueueStatus = z.infer<typeof QueueStatusSchema>;

/** One line of the upload history. */
export const HistoryEntrySchema = z.object({
  documentId: z.string(),
  fileName: z.string(),
  caseNumber: z.string().optional(),
  state: DocumentStateSchema,
  /** What happened, as data (shared/domain/history.ts); a state change may have none. */
  step: HistoryStepSchema.optional(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
