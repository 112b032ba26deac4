import { z } from 'zod';
import { PlatformErrorSchema } from '../platform/common';
import { StoredMetadataSchema } from './metadata';

/** new → tagged → queued → uploading → uploaded → archived, or failed (with a reason). */
export const DOCUMENT_STATES = ['new', 'tagged', 'queued', 'uploading', 'uploaded', 'archived', 'failed'] as const;
export const DocumentStateSchema = z.enum(DOCUMENT_STATES);
export type DocumentState = z.infer<typeof DocumentStateSchema>;

export const DocumentErrorSchema = z.object({
  /** Stable code, e.g. `platform.validation`, `file.missing`, `auth.invalid_client`. */
  code: z.string(),
  message: z.string(),
  retryable: z.boolean(),
  status: z.number().int().optional(),
  platformErrors: z.array(PlatformErrorSchema).optional(),
});
export type DocumentError = z.infer<typeof DocumentErrorSchema>;

/**
 * documents.submit refuses a document whose content was uploaded before, unless confirmed: the error has
 * this code and, in `duplicates`, each such document with the earlier one (IpcError.duplicates).
 */
export const DUPLICATE_CONTENT_CODE = 'queue.duplicate';
export const DuplicateContentSchema = z.object({
  documentId: z.string(),
  /** The document already uploaded with the same content. */
  duplicateOf: z.string(),
});
export type DuplicateContent = z.infer<typeof DuplicateContentSchema>;

/**
 * Who has a document open in an office (issue #50 item 3): the station's name (its PC), the clerk, since
 * when (ISO). Only for another clerk's live hold; while it is set, this station's clerk may not change the
 * document.
 */
export const HeldBySchema = z.object({ station: z.string(), clerk: z.string(), since: z.string() });
export type HeldBy = z.infer<typeof HeldBySchema>;

/** The answer to the clerk opening a document (documents.take): theirs now, someone else's, or not to be tagged. */
export const TakeAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('taken') }),
  z.object({ outcome: z.literal('held'), heldBy: HeldBySchema }),
  /** Queued, sent, or gone: no one's to change. */
  z.object({ outcome: z.literal('not_takeable') }),
]);
export type TakeAnswer = z.infer<typeof TakeAnswerSchema>;

export const DocumentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  /** Folder the scanner wrote it to (absolute path), or `import` for drag and drop. */
  sourceFolder: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  sha256: z.string(),
  arrivedAt: z.string(),
  updatedAt: z.string(),
  state: DocumentStateSchema,
  /** As stored: read leniently (the input rules are MetadataSchema's, checked where values come in). */
  metadata: StoredMetadataSchema,
  /** Sent as Idempotency-Key; stable from the moment the document is queued. */
  idempotencyKey: z.string().optional(),
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: z.string().optional(),
  progress: z.object({ sent: z.number(), total: z.number() }).optional(),
  error: DocumentErrorSchema.optional(),
  /** Id of an already uploaded document with the same content; submit needs a confirmation. */
  duplicateOf: z.string().optional(),
  uploadedAt: z.string().optional(),
  /** Set when a case-change event (AttachmentsAdded) names this document. */
  confirmedAt: z.string().optional(),
  /**
   * An office station only: another clerk (at another station, or another clerk at this one) has it open
   * for tagging, so this clerk's changes are refused until they leave it or their hold lapses. Absent when
   * it is free or this clerk's own, and always for a station without an office database.
   */
  heldBy: HeldBySchema.optional(),
});
export type Document = z.infer<typeof DocumentSchema>;
