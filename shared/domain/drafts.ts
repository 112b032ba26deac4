import { z } from 'zod';
import { MetadataSchema } from './metadata';

/**
 * What the clerk typed for a document and has not sent yet (issue #31 item 2): kept per document in the
 * data folder, so selecting another document, switching screens, a reload or a restart loses nothing. Values
 * are as typed (checked only when sent), so they are bounded in length but not in form.
 */
export const DRAFT_VALUE_MAX_LENGTH = 4000;

export const DraftValuesSchema = z.partialRecord(MetadataSchema.keyof(), z.string().max(DRAFT_VALUE_MAX_LENGTH));
export type DraftValues = z.infer<typeof DraftValuesSchema>;

export const DocumentDraftSchema = z.object({
  documentId: z.string(),
  values: DraftValuesSchema,
  savedAt: z.string(),
});
export type DocumentDraft = z.infer<typeof DocumentDraftSchema>;
