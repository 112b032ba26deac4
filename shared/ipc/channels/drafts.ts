import { z } from 'zod';
import { DocumentDraftSchema, DraftValuesSchema } from '../../domain/drafts';

/** Unsent typed values per document (issue #31 item 2). */
export const draftInvokes = {
  /** The drafts of documents still in the inbox (a draft of a document sent or gone is dropped). */
  'drafts.list': { request: z.object({}), response: z.array(DocumentDraftSchema) },
  /** Replaces one document's draft; empty values remove it. Answers the draft kept, or null. */
  'drafts.save': {
    request: z.object({ documentId: z.string().min(1), values: DraftValuesSchema }),
    response: DocumentDraftSchema.nullable(),
  },
  'drafts.discard': { request: z.object({ ids: z.array(z.string()).min(1) }), response: z.object({}) },
};
